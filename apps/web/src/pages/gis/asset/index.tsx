import { GlobalOutlined, UploadOutlined } from '@ant-design/icons';
import type { AssetRow } from '@luxgrid/contracts/gis';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssetForm, assetApi } from '../../../features/gis/api';
import { GisImportDialog } from '../../../features/gis/GisImportDialog';
import { kindOptions } from '../../../features/gis/kinds';
import { CategorySelect, DeviceSelect, useCategories, useRoads } from '../../../features/gis/pickers';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
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
import { ImageUpload } from '../../../shared/upload/ImageUpload';

const PERM = 'gis:asset';
const DAY = 'YYYY-MM-DD';
/** Warranties ending within this many days are flagged in the list. */
const SOON_DAYS = 90;

type AssetDialogForm = AssetForm & { installDay?: dayjs.Dayjs | null; warrantyDay?: dayjs.Dayjs | null };

function WarrantyCell({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (!value) return null;
  const days = dayjs(value).diff(dayjs().startOf('day'), 'day');
  if (days < 0) return <Tag color="red">{`${value} · ${t('gisAsset.warrantyExpired')}`}</Tag>;
  if (days <= SOON_DAYS) return <Tag color="orange">{`${value} · ${t('gisAsset.warrantySoon')}`}</Tag>;
  return <span>{value}</span>;
}

function AssetPageBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const [importing, setImporting] = useState(false);
  const categories = useCategories();
  const roads = useRoads(projectId);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const edit = useEditDialog<AssetDialogForm>({
    api: assetApi,
    idKey: 'assetId',
    table,
    load: async (row) => (await assetApi.get(row.assetId!)).data as AssetDialogForm,
    toForm: (row) => ({
      ...row,
      installDay: row.installDate ? dayjs(row.installDate) : null,
      warrantyDay: row.warrantyEnd ? dayjs(row.warrantyEnd) : null,
    }),
    toBody: ({ installDay, warrantyDay, ...row }) => ({
      ...row,
      projectId,
      installDate: installDay ? installDay.format(DAY) : null,
      warrantyEnd: warrantyDay ? warrantyDay.format(DAY) : null,
    }),
  });
  const remove = useConfirmRemove(assetApi.remove, (names) => t('gisAsset.deleteConfirm', { names }), table);
  const open = (row?: AssetRow) =>
    edit.open(row ?? { assetCode: '', name: '', assetKind: 'POLE', photos: '', supplier: '', model: '', remark: '' });

  const columns: ProColumn<AssetRow>[] = [
    column('assetCode', t('gisAsset.code'), { width: 120, sortField: 'assetCode' }),
    textColumn('name', t('gisAsset.name'), { width: 160, sortField: 'name' }),
    textColumn('categoryName', t('gisAsset.category'), { width: 120 }),
    column('assetKind', t('gisAsset.kind'), { width: 100, render: (v: string) => t(`gisKind.${v}`) }),
    column('deviceUid', t('gisAsset.device'), { width: 140 }),
    textColumn('roadName', t('gisAsset.road'), { width: 130 }),
    column('installDate', t('gisAsset.installDate'), { width: 120, sortField: 'installDate' }),
    column('warrantyEnd', t('gisAsset.warrantyEnd'), {
      width: 170,
      sortField: 'warrantyEnd',
      render: (value: string | null) => <WarrantyCell value={value} />,
    }),
    textColumn('supplier', t('gisAsset.supplier'), { width: 120 }),
    column('longitude', t('gisAsset.position'), {
      width: 190,
      render: (_: unknown, row) =>
        row.longitude === null ? '' : `${row.longitude?.toFixed(6)}, ${row.latitude?.toFixed(6)}`,
    }),
    timeColumn('createTime', t('common.createTime')),
    actionsColumn<AssetRow>(t('common.actions'), 170, (row) => (
      <RowActions
        perm={PERM}
        editNeedsQuery
        onEdit={() => open(row)}
        onRemove={() => remove([row.assetId], row.name)}
      />
    )),
  ];

  return (
    <div className="lx-page" data-testid="gis-asset-page">
      <ProTable<AssetRow>
        ref={table}
        url={assetApi.listUrl}
        rowKey="assetId"
        selectable
        testId="gis-asset-table"
        extraParams={extraParams}
        columns={columns}
        empty={t('gisAsset.empty')}
        searchFields={[
          { type: 'input', name: 'assetCode', label: t('gisAsset.code') },
          { type: 'input', name: 'name', label: t('gisAsset.name') },
          { type: 'select', name: 'assetKind', label: t('gisAsset.kind'), options: kindOptions(t), width: 140 },
          {
            type: 'select',
            name: 'categoryId',
            label: t('gisAsset.category'),
            options: categories.rows.map((c) => ({ value: String(c.categoryId), label: c.name })),
            width: 160,
          },
          {
            type: 'select',
            name: 'roadId',
            label: t('gisAsset.road'),
            options: roads.map((r) => ({ value: String(r.roadId), label: r.name })),
            width: 160,
          },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="gis-asset"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <HasPermi value={[`${PERM}:import`]}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="gis-asset-import">
                {t('gisImport.import')}
              </Button>
            </HasPermi>
            <ExportButton perm={PERM} url={assetApi.exportUrl} table={table} params={extraParams} fileName="assets" />
            <HasPermi value={[`${PERM}:export`]}>
              <Button
                icon={<GlobalOutlined />}
                onClick={() =>
                  void download(assetApi.geojsonUrl, {
                    params: exportParams(extraParams, table.current?.getFilters()),
                    fileName: `assets_${Date.now()}.geojson`,
                  })
                }
              >
                {t('gisImport.geojson')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <GisImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        what={t('gisMap.assets')}
        uploadUrl={assetApi.importUrl}
        templateUrl={assetApi.templateUrl}
        templateName="asset_import_template.xlsx"
        projectId={projectId}
        onImported={() => table.current?.reload()}
        testId="gis-asset-import-dialog"
      />
      <EditDialog<AssetDialogForm>
        edit={edit}
        addTitle={t('gisAsset.addTitle')}
        editTitle={t('gisAsset.editTitle')}
        width={760}
        labelWidth={100}
        testId="gis-asset-dialog"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="assetCode"
              label={t('gisAsset.code')}
              rules={[{ required: true, whitespace: true, message: t('gisAsset.codeRequired') }]}
            >
              <Input maxLength={40} data-testid="gis-asset-code" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('gisAsset.name')}
              rules={[{ required: true, whitespace: true, message: t('gisAsset.nameRequired') }]}
            >
              <Input maxLength={64} data-testid="gis-asset-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="categoryId"
              label={t('gisAsset.category')}
              rules={[{ required: true, message: t('gisAsset.categoryRequired') }]}
            >
              <CategorySelect tree={categories.tree} testId="gis-asset-category" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="assetKind" label={t('gisAsset.kind')} rules={[{ required: true }]}>
              <Select options={kindOptions(t)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="deviceId" label={t('gisAsset.device')}>
              <DeviceSelect projectId={projectId} initial={edit.editing?.deviceUid} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="roadId" label={t('gisAsset.road')}>
              <Select allowClear options={roads.map((r) => ({ value: r.roadId, label: r.name }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="installDay" label={t('gisAsset.installDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="warrantyDay" label={t('gisAsset.warrantyEnd')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="supplier" label={t('gisAsset.supplier')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="model" label={t('gisAsset.model')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="longitude" label={t('gisAsset.longitude')} tooltip={t('gisAsset.positionHint')}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('gisAsset.latitude')}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="photos" label={t('gisAsset.photos')}>
              <ImageUpload />
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

/** The asset register (gis/asset): what the city owns on its streets, where, since when, under which warranty. */
export function GisAssetPage() {
  return (
    <NeedProject testId="gis-asset-page">
      <AssetPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
