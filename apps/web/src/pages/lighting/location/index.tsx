import type { LocationRow } from '@luxgrid/contracts/answers';
import { App, Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { locationApi } from '../../../features/lighting/api';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import type { LocationForm, LocationKind } from '../../../features/lighting/types';
import { useDict } from '../../../shared/dict';
import { dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const KINDS: LocationKind[] = ['CABINET', 'POLE', 'OTHER'];
const KIND_COLOURS: Record<LocationKind, string> = { CABINET: 'blue', POLE: 'green', OTHER: 'default' };

function LocationPageBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId()!;
  const _located = useDict('lighting_location_state');
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const kindOptions = KINDS.map((value) => ({ value, label: t(`ltLocation.kinds.${value}`) }));
  const edit = useEditDialog<LocationForm>({
    api: locationApi,
    idKey: 'locationId',
    table,
    toBody: (merged) => {
      // a point is placed by both coordinates or by none
      const noLongitude = (merged.longitude ?? null) === null;
      const noLatitude = (merged.latitude ?? null) === null;
      if (noLongitude !== noLatitude) {
        message.warning(t('ltDevice.bothCoordinates'));
        return null;
      }
      return { ...merged, projectId };
    },
  });
  const remove = useConfirmRemove(locationApi.remove, (names) => t('ltLocation.deleteConfirm', { names }), table);
  const open = (row?: LocationRow) =>
    edit.open(row ?? { projectId, name: '', kind: 'CABINET', address: '', remark: '' });

  const columns: ProColumn<LocationRow>[] = [
    textColumn('name', t('ltLocation.name'), { sortField: 'name' }),
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('ltLocation.kind'),
      width: 120,
      sortField: 'kind',
      render: (value: LocationKind) => <Tag color={KIND_COLOURS[value]}>{t(`ltLocation.kinds.${value}`)}</Tag>,
    },
    {
      key: 'coordinates',
      title: t('ltLocation.coordinates'),
      width: 220,
      render: (_: unknown, row) =>
        row.longitude !== null && row.longitude !== undefined ? `${row.longitude}, ${row.latitude}` : '-',
    },
    dictColumn('located', t('ltCommon.located'), 'lighting_location_state', { width: 110 }),
    textColumn('address', t('ltLocation.address')),
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 180,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="lighting:location"
          onEdit={() => open(row)}
          onRemove={() => remove([row.locationId!], row.name)}
        />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="location-page">
      <ProTable<LocationRow>
        ref={table}
        url={locationApi.listUrl}
        rowKey="locationId"
        selectable
        testId="location-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: t('ltLocation.name') },
          { type: 'select', name: 'kind', label: t('ltLocation.kind'), options: kindOptions },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm="lighting:location"
              testId="location"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <ExportButton
              perm="lighting:location"
              url={locationApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="locations"
              testId="location-export"
            />
          </>
        )}
      />
      <EditDialog<LocationForm>
        edit={edit}
        addTitle={t('ltLocation.addTitle')}
        editTitle={t('ltLocation.editTitle')}
        width={640}
        labelWidth={100}
        testId="location-dialog"
      >
        <Form.Item
          name="name"
          label={t('ltLocation.name')}
          rules={[{ required: true, whitespace: true, message: t('ltLocation.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="location-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('ltLocation.kind')} rules={[{ required: true }]}>
          <Select options={kindOptions} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="longitude" label={t('ltCommon.longitude')}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('ltCommon.latitude')}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('ltLocation.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
    </div>
  );
}

/** Location points of the project (lighting/location): cabinet sites, pole sites and other places. */
export function LocationPage() {
  return (
    <NeedProject testId="location-page">
      <LocationPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
