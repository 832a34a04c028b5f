import { BulbOutlined, GlobalOutlined, UploadOutlined } from '@ant-design/icons';
import type { RoadLamp, RoadRow } from '@luxgrid/contracts/gis';
import { Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Table, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoadForm, roadApi } from '../../../features/gis/api';
import { GisImportDialog } from '../../../features/gis/GisImportDialog';
import { classOptions } from '../../../features/gis/kinds';
import { RoadLineEditor } from '../../../features/gis/RoadLineEditor';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { roadColour } from '../../../shared/map/basemap';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'gis:road';

/** The lamps that light a road: controllers within its reach and the lamp assets assigned to it. */
function LampsDrawer({ road, onClose }: { road: RoadRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [lamps, setLamps] = useState<RoadLamp[] | null>(null);
  const roadId = road?.roadId;
  useEffect(() => {
    setLamps(null);
    if (!roadId) return;
    let alive = true;
    roadApi.lamps(roadId).then(
      (res) => alive && setLamps(res.data ?? []),
      () => alive && setLamps([]),
    );
    return () => {
      alive = false;
    };
  }, [roadId]);
  return (
    <Drawer open={!!road} onClose={onClose} size={560} title={road ? t('gisRoad.lampsTitle', { name: road.name }) : ''}>
      <Table<RoadLamp>
        size="small"
        rowKey={(lamp) => `${lamp.source}-${lamp.id}`}
        loading={!lamps}
        dataSource={lamps ?? []}
        pagination={{ pageSize: 50 }}
        data-testid="road-lamps"
        columns={[
          { key: 'code', dataIndex: 'code', title: 'UID', width: 150 },
          { key: 'name', dataIndex: 'name', title: t('gisAsset.name') },
          {
            key: 'source',
            dataIndex: 'source',
            title: t('gisRoad.lampSource'),
            render: (source: string) =>
              source === 'device' ? t('gisRoad.lampDevice') : <Tag>{t('gisRoad.lampAsset')}</Tag>,
          },
          { key: 'distance', dataIndex: 'distance', title: t('gisRoad.distance'), width: 100 },
        ]}
      />
    </Drawer>
  );
}

function RoadPageBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const [importing, setImporting] = useState(false);
  const [lampsOf, setLampsOf] = useState<RoadRow | null>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const edit = useEditDialog<RoadForm>({
    api: roadApi,
    idKey: 'roadId',
    table,
    toBody: (road) => ({ ...road, projectId }),
  });
  const remove = useConfirmRemove(roadApi.remove, (names) => t('gisRoad.deleteConfirm', { names }), table);
  const open = (row?: RoadRow) =>
    edit.open(row ?? { name: '', lightingClass: 'M3', width: 10, buffer: 30, line: [], remark: '' });

  const columns: ProColumn<RoadRow>[] = [
    textColumn('name', t('gisRoad.name'), { width: 180, sortField: 'name' }),
    column('lightingClass', t('gisRoad.lightingClass'), {
      width: 110,
      sortField: 'lightingClass',
      render: (value: string) => <Tag color={roadColour(value)}>{value}</Tag>,
    }),
    column('width', t('gisRoad.width'), { width: 100 }),
    column('length', t('gisRoad.length'), { width: 110, sortField: 'length' }),
    column('area', t('gisRoad.area'), { width: 130 }),
    column('buffer', t('gisRoad.buffer'), { width: 130 }),
    column('lampCount', t('gisRoad.lampCount'), {
      width: 100,
      render: (value: number, row) => (
        <Button type="link" size="small" icon={<BulbOutlined />} onClick={() => setLampsOf(row)}>
          {value}
        </Button>
      ),
    }),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime')),
    actionsColumn<RoadRow>(t('common.actions'), 170, (row) => (
      <RowActions perm={PERM} onEdit={() => open(row)} onRemove={() => remove([row.roadId], row.name)} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="gis-road-page">
      <ProTable<RoadRow>
        ref={table}
        url={roadApi.listUrl}
        rowKey="roadId"
        selectable
        testId="gis-road-table"
        extraParams={extraParams}
        columns={columns}
        empty={t('gisRoad.empty')}
        searchFields={[
          { type: 'input', name: 'name', label: t('gisRoad.name') },
          {
            type: 'select',
            name: 'lightingClass',
            label: t('gisRoad.lightingClass'),
            options: classOptions(t).flatMap((g) => g.options),
            width: 140,
          },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="gis-road"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <HasPermi value={[`${PERM}:import`]}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="gis-road-import">
                {t('gisImport.import')}
              </Button>
            </HasPermi>
            <ExportButton perm={PERM} url={roadApi.exportUrl} table={table} params={extraParams} fileName="roads" />
            <HasPermi value={[`${PERM}:export`]}>
              <Button
                icon={<GlobalOutlined />}
                onClick={() =>
                  void download(roadApi.geojsonUrl, {
                    params: exportParams(extraParams, table.current?.getFilters()),
                    fileName: `roads_${Date.now()}.geojson`,
                  })
                }
              >
                {t('gisImport.geojson')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <LampsDrawer road={lampsOf} onClose={() => setLampsOf(null)} />
      <GisImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        what={t('gisMap.roads')}
        uploadUrl={roadApi.importUrl}
        templateUrl={roadApi.templateUrl}
        templateName="road_import_template.xlsx"
        projectId={projectId}
        onImported={() => table.current?.reload()}
        testId="gis-road-import-dialog"
      />
      <EditDialog<RoadForm>
        edit={edit}
        addTitle={t('gisRoad.addTitle')}
        editTitle={t('gisRoad.editTitle')}
        width={820}
        labelWidth={120}
        testId="gis-road-dialog"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('gisRoad.name')}
              rules={[{ required: true, whitespace: true, message: t('gisRoad.nameRequired') }]}
            >
              <Input maxLength={64} data-testid="gis-road-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="lightingClass"
              label={t('gisRoad.lightingClass')}
              rules={[{ required: true, message: t('gisRoad.classRequired') }]}
            >
              <Select options={classOptions(t)} data-testid="gis-road-class" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="width" label={t('gisRoad.width')} rules={[{ required: true }]}>
              <InputNumber min={0} max={200} step={0.5} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="buffer" label={t('gisRoad.buffer')} tooltip={t('gisRoad.bufferHint')}>
              <InputNumber min={1} max={200} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="line"
              label={t('gisRoad.path')}
              tooltip={t('gisRoad.pathHint')}
              rules={[
                {
                  validator: (_, value: unknown[] | undefined) =>
                    (value?.length ?? 0) >= 2
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('gisRoad.pathRequired'))),
                },
              ]}
            >
              <RoadLineEditor projectId={projectId} roadId={edit.editing?.roadId} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('common.remark')}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </EditDialog>
    </div>
  );
}

/** Roads (gis/road): the streets the city lights, drawn or imported, with their class and their lamps. */
export function GisRoadPage() {
  return (
    <NeedProject testId="gis-road-page">
      <RoadPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
