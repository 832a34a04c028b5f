import { ImportOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveDevice } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { SecretDialog, type SecretInfo } from '../../../features/lighting/SecretDialog';
import { CoverDrawer } from '../../../features/manhole/CoverDrawer';
import { CoverImport } from '../../../features/manhole/CoverImport';
import {
  ALARMS,
  type CoverForm,
  type CoverRow,
  coverApi,
  coverStatus,
  eventOf,
  LIVE_FIELDS,
  STATUS_COLOURS,
  useFormatValue,
  useLabel,
} from '../../../features/manhole/model';
import { HasPermi } from '../../../shared/perms';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** A row's state and readings, kept current by what the covers push. */
function useLiveRow(row: CoverRow) {
  return useLiveDevice(row.deviceId, {
    commState: row.commState as 'ON',
    values: row.values as never,
    ts: row.dataTs ? Date.parse(row.dataTs.replace(' ', 'T')) : 0,
  });
}
function StatusCell({ row }: { row: CoverRow }) {
  const { t } = useTranslation();
  const live = useLiveRow(row);
  const status = coverStatus({ commState: live.commState, values: live.values, alarms: row.alarms });
  return <Tag color={STATUS_COLOURS[status]}>{t(`mhStatus.${status}`)}</Tag>;
}
function ValueCell({ row, field }: { row: CoverRow; field: (typeof LIVE_FIELDS)[number] }) {
  const format = useFormatValue();
  return <>{format(field, useLiveRow(row).values[field.key])}</>;
}

function CoverPageBody() {
  const { t } = useTranslation();
  const label = useLabel();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [selected, setSelected] = useState<number | null>(null);
  const [secret, setSecret] = useState<SecretInfo | null>(null);
  const [importing, setImporting] = useState(false);
  const edit = useEditDialog<CoverForm>({
    api: {
      add: async (body) => {
        const res = await coverApi.add(body);
        setSecret({ ...res.data, projectId });
      },
      update: coverApi.update,
    },
    idKey: 'coverId',
    table,
  });
  const remove = useConfirmRemove(coverApi.remove, (names) => t('mhDevice.deleteConfirm', { names }), table);
  const open = (row?: CoverRow) =>
    edit.open(
      row
        ? { coverId: row.deviceId, uid: row.uid, name: row.name, longitude: row.longitude, latitude: row.latitude }
        : { uid: '', name: '' },
    );

  const columns: ProColumn<CoverRow>[] = [
    { key: 'uid', dataIndex: 'uid', title: 'UID', width: 150, sortField: 'uid' },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('mhDevice.name'),
      sortField: 'name',
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row.deviceId)} data-testid="cover-open">
          {value}
        </Button>
      ),
    },
    { key: 'status', title: t('mhDevice.status'), width: 100, render: (_: unknown, row) => <StatusCell row={row} /> },
    ...LIVE_FIELDS.map(
      (field): ProColumn<CoverRow> => ({
        key: field.key,
        title: label(field.label),
        width: 110,
        render: (_: unknown, row) => <ValueCell row={row} field={field} />,
      }),
    ),
    {
      key: 'alarms',
      dataIndex: 'alarms',
      title: t('mhDevice.alarms'),
      render: (alarms: string[]) =>
        alarms.map((a) => (
          <Tag key={a} color="red">
            {label(eventOf(a)!.label)}
          </Tag>
        )),
    },
    { key: 'lastSeen', dataIndex: 'lastSeen', title: t('mhDevice.lastSeen'), width: 170, defaultHidden: true },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="manhole:device" onEdit={() => open(row)} onRemove={() => remove([row.deviceId], row.name)} />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="cover-page">
      <ProTable<CoverRow>
        ref={table}
        url={coverApi.listUrl}
        rowKey="deviceId"
        selectable
        testId="cover-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('mhDevice.keyword') },
          {
            type: 'select',
            name: 'online',
            label: t('mhDevice.online'),
            options: [
              { value: 'online', label: t('mhStatus.online') },
              { value: 'offline', label: t('mhStatus.offline') },
            ],
          },
          {
            type: 'select',
            name: 'alarm',
            label: t('mhDevice.alarm'),
            options: ALARMS.map((a) => ({ value: a.type, label: label(a.label) })),
          },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm="manhole:device"
              testId="cover"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <HasPermi value={['manhole:device:import']}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="cover-import">
                {t('common.import')}
              </Button>
            </HasPermi>
            <ExportButton
              perm="manhole:device"
              url={coverApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="manhole_covers"
              testId="cover-export"
            />
          </>
        )}
      />
      <EditDialog<CoverForm>
        edit={edit}
        addTitle={t('mhDevice.addTitle')}
        editTitle={t('mhDevice.editTitle')}
        width={520}
        labelWidth={90}
        testId="cover-dialog"
      >
        <Form.Item
          name="uid"
          label="UID"
          rules={[{ required: true, pattern: /^[A-Za-z0-9_.:-]{1,64}$/, message: t('mhDevice.uidRule') }]}
        >
          <Input maxLength={64} data-testid="cover-uid" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('mhDevice.name')}
          rules={[{ required: true, whitespace: true, message: t('mhDevice.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="cover-name" />
        </Form.Item>
        <Form.Item name="longitude" label={t('mhDevice.longitude')}>
          <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="latitude" label={t('mhDevice.latitude')}>
          <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
        </Form.Item>
      </EditDialog>
      <CoverImport
        open={importing}
        projectId={projectId}
        onClose={() => {
          setImporting(false);
          table.current?.refresh();
        }}
      />
      <SecretDialog info={secret} onClose={() => setSecret(null)} />
      <CoverDrawer coverId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/** Smart manhole covers (manhole/device): the registry with live readings, import, export and each cover's drawer. */
export function ManholeDevicePage() {
  return (
    <NeedProject testId="cover-page">
      <CoverPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
