import { ImportOutlined } from '@ant-design/icons';
import type { TelemetryField } from '@luxgrid/contracts/things/types';
import { Button, Form, Input, InputNumber, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../shared/perms';
import { actionsColumn } from '../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../shared/table/ProTable';
import { useLiveDevice } from '../lighting/live';
import { NeedProject, useProjectId } from '../lighting/project';
import { SecretDialog, type SecretInfo } from '../lighting/SecretDialog';
import { FamilyDeviceDrawer } from './FamilyDeviceDrawer';
import { FamilyImport } from './FamilyImport';
import { type DeviceFamily, StatusTag } from './family';
import {
  alarmsOf,
  eventOf,
  type FamilyDeviceForm,
  type FamilyDeviceRow,
  fieldsOf,
  useFormatValue,
  useLabel,
} from './model';

/** A row's state and readings, kept current by what the devices push. */
function useLiveRow(row: FamilyDeviceRow) {
  return useLiveDevice(row.deviceId, {
    commState: row.commState as 'ON',
    values: row.values as never,
    ts: row.dataTs ? Date.parse(row.dataTs.replace(' ', 'T')) : 0,
  });
}
function StatusCell({ family, row }: { family: DeviceFamily; row: FamilyDeviceRow }) {
  const live = useLiveRow(row);
  return <StatusTag family={family} device={{ commState: live.commState, values: live.values, alarms: row.alarms }} />;
}
function ValueCell({ family, row, field }: { family: DeviceFamily; row: FamilyDeviceRow; field: TelemetryField }) {
  const format = useFormatValue(family.valueTexts);
  return <>{format(field, useLiveRow(row).values[field.key])}</>;
}

function FamilyDeviceList({ family }: { family: DeviceFamily }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { api, perm, testId, type } = family;
  const typeName = label(type.label);
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [selected, setSelected] = useState<number | null>(null);
  const [secret, setSecret] = useState<SecretInfo | null>(null);
  const [importing, setImporting] = useState(false);
  const edit = useEditDialog<FamilyDeviceForm>({
    api: {
      add: async (body) => {
        const res = await api.add(body);
        setSecret({ ...res.data, projectId });
      },
      update: api.update,
    },
    idKey: 'deviceId',
    table,
  });
  const remove = useConfirmRemove(
    api.remove,
    (names) => t('familyDevice.deleteConfirm', { type: typeName, names }),
    table,
  );
  const removeRows = (rows: FamilyDeviceRow[]) =>
    remove(
      rows.map((row) => row.deviceId),
      rows.map((row) => row.name).join(', '),
    );
  const open = (row?: FamilyDeviceRow) =>
    edit.open(
      row
        ? { deviceId: row.deviceId, uid: row.uid, name: row.name, longitude: row.longitude, latitude: row.latitude }
        : { uid: '', name: '' },
    );

  const columns: ProColumn<FamilyDeviceRow>[] = [
    { key: 'uid', dataIndex: 'uid', title: 'UID', width: 150, sortField: 'uid' },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('familyDevice.name'),
      sortField: 'name',
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row.deviceId)} data-testid={`${testId}-open`}>
          {value}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('familyDevice.status'),
      width: 100,
      render: (_: unknown, row) => <StatusCell family={family} row={row} />,
    },
    ...fieldsOf(type).live.map(
      (field): ProColumn<FamilyDeviceRow> => ({
        key: field.key,
        title: label(field.label),
        width: 110,
        render: (_: unknown, row) => <ValueCell family={family} row={row} field={field} />,
      }),
    ),
    {
      key: 'alarms',
      dataIndex: 'alarms',
      title: t('familyDevice.alarms'),
      render: (alarms: string[]) =>
        alarms.map((a) => (
          <Tag key={a} color="red">
            {label(eventOf(type, a)?.label ?? { zh: a, en: a })}
          </Tag>
        )),
    },
    { key: 'lastSeen', dataIndex: 'lastSeen', title: t('familyDevice.lastSeen'), width: 170, defaultHidden: true },
    actionsColumn(t('common.actions'), 170, (row) => (
      <RowActions perm={perm} onEdit={() => open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid={`${testId}-page`}>
      <ProTable<FamilyDeviceRow>
        ref={table}
        url={api.listUrl}
        rowKey="deviceId"
        selectable
        testId={`${testId}-table`}
        empty={t('familyDevice.empty', { type: typeName })}
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('familyDevice.keyword') },
          {
            type: 'select',
            name: 'online',
            label: t('familyDevice.online'),
            options: [
              { value: 'online', label: t('familyStatus.online') },
              { value: 'offline', label: t('familyStatus.offline') },
            ],
          },
          {
            type: 'select',
            name: 'alarm',
            label: t('familyDevice.alarm'),
            options: alarmsOf(type).map((a) => ({ value: a.type, label: label(a.label) })),
          },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={perm}
              testId={testId}
              onAdd={() => open()}
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <HasPermi value={[`${perm}:import`]}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid={`${testId}-import`}>
                {t('common.import')}
              </Button>
            </HasPermi>
            <ExportButton
              perm={perm}
              url={api.exportUrl}
              table={table}
              params={extraParams}
              fileName={family.fileName}
              testId={`${testId}-export`}
            />
          </>
        )}
      />
      <EditDialog<FamilyDeviceForm>
        edit={edit}
        addTitle={t('familyDevice.addTitle', { type: typeName })}
        editTitle={t('familyDevice.editTitle', { type: typeName })}
        width={520}
        labelWidth={90}
        testId={`${testId}-dialog`}
      >
        <Form.Item
          name="uid"
          label="UID"
          rules={[{ required: true, pattern: /^[A-Za-z0-9_.:-]{1,64}$/, message: t('familyDevice.uidRule') }]}
        >
          <Input maxLength={64} data-testid={`${testId}-uid`} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('familyDevice.name')}
          rules={[{ required: true, whitespace: true, message: t('familyDevice.nameRequired') }]}
        >
          <Input maxLength={64} data-testid={`${testId}-name`} />
        </Form.Item>
        <Form.Item name="longitude" label={t('familyDevice.longitude')}>
          <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="latitude" label={t('familyDevice.latitude')}>
          <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
        </Form.Item>
      </EditDialog>
      <FamilyImport
        family={family}
        open={importing}
        projectId={projectId}
        onClose={() => {
          setImporting(false);
          table.current?.refresh();
        }}
      />
      <SecretDialog info={secret} onClose={() => setSecret(null)} />
      <FamilyDeviceDrawer family={family} deviceId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/**
 * A device family's registry (its devices menu): the list with live readings from the thing
 * model, add, edit, delete, Excel import and export, and each device's drawer with its values,
 * history chart and commands; inside the chosen project.
 */
export function FamilyDevicePage({ family }: { family: DeviceFamily }) {
  return (
    <NeedProject testId={`${family.testId}-page`}>
      <FamilyDeviceList key={useProjectId() ?? 0} family={family} />
    </NeedProject>
  );
}
