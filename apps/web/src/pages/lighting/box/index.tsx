import { ApartmentOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../../features/lighting/api';
import { BoxDetail } from '../../../features/lighting/BoxDetail';
import { ControlButtons, useControl } from '../../../features/lighting/control';
import { DeviceFormDialog } from '../../../features/lighting/DeviceFormDialog';
import { DeviceImportDialog } from '../../../features/lighting/DeviceImportDialog';
import { deviceLabel } from '../../../features/lighting/DeviceSelect';
import { LiveValuesCell } from '../../../features/lighting/LiveCells';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { BOX_IMPORT_TYPES, BREAKER_ACTIONS, LIGHT_ACTIONS } from '../../../features/lighting/rules';
import type { DeviceDetail, DeviceRef, DeviceRow, DeviceType } from '../../../features/lighting/types';
import '../../../features/lighting/lighting.css';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { dictColumn, textColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, ExportButton, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const BOX_ONLY: DeviceType[] = ['BOX'];

function BoxPageBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const _located = useDict('lighting_location_state');
  const table = useRef<ProTableRef>(null);
  const control = useControl();
  const [detail, setDetail] = useState<DeviceRef | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<DeviceDetail | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const extraParams = useMemo(() => ({ projectId, deviceType: 'BOX' }), [projectId]);

  const openEdit = async (deviceId: number) => {
    const { data } = await deviceApi.get(deviceId);
    setEditing(data);
    setFormOpen(true);
  };

  const removeDevices = useConfirmRemove(deviceApi.remove, (names) => t('ltDevice.deleteConfirm', { names }), table);
  const remove = (rows: DeviceRow[]) =>
    removeDevices(
      rows.map((row) => row.deviceId),
      rows.map((row) => row.uid).join(', '),
    );

  const columns: ProColumn<DeviceRow>[] = [
    {
      key: 'uid',
      dataIndex: 'uid',
      title: 'UID',
      width: 200,
      sortField: 'uid',
      render: (value: string, row) => (
        <Typography.Link onClick={() => setDetail(row)} data-testid={`box-${value}`}>
          {value}
        </Typography.Link>
      ),
    },
    textColumn('name', t('ltCommon.name'), { sortField: 'name' }),
    textColumn('modelName', t('ltCommon.model'), { width: 140 }),
    {
      key: 'live',
      title: t('ltDevice.liveValues'),
      width: 320,
      render: (_: unknown, row) => <LiveValuesCell row={row} />,
    },
    dictColumn('located', t('ltCommon.located'), 'lighting_location_state', { width: 110 }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 280,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="lighting:box" onEdit={() => void openEdit(row.deviceId)} onRemove={() => remove([row])}>
          <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setDetail(row)}>
            {t('ltBox.configure')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="box-page">
      <ProTable<DeviceRow>
        ref={table}
        url={deviceApi.listUrl}
        rowKey="deviceId"
        selectable
        testId="box-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('ltDevice.keyword') },
          { type: 'select', name: 'located', label: t('ltCommon.located'), dictType: 'lighting_location_state' },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm="lighting:box"
              testId="box"
              onAdd={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              selected={keys.length}
              onRemove={() => remove(rows)}
            />
            <HasPermi value={['lighting:box:import']}>
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="box-import">
                {t('common.import')}
              </Button>
            </HasPermi>
            <ExportButton
              perm="lighting:box"
              url={deviceApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="boxes"
              testId="box-export"
            />
            <ControlButtons
              actions={[...BREAKER_ACTIONS, ...LIGHT_ACTIONS]}
              resources={['box']}
              disabled={!keys.length}
              inline={2}
              onRun={(action) =>
                void control.run(action, {
                  deviceIds: keys.map(Number),
                  label: rows.length === 1 ? deviceLabel(rows[0]!) : t('ltControl.devices', { count: rows.length }),
                })
              }
              testIdPrefix="box-list-control"
            />
          </>
        )}
      />
      <BoxDetail box={detail} onClose={() => setDetail(null)} />
      <DeviceFormDialog
        open={formOpen}
        types={editing ? [editing.deviceType] : BOX_ONLY}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => table.current?.refresh()}
      />
      <DeviceImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        types={BOX_IMPORT_TYPES}
        onImported={() => table.current?.refresh()}
      />
      {control.holder}
    </div>
  );
}

/** Distribution boxes (lighting/box): circuits, meters, 8DIDO switch modules, breaker control. */
export function BoxPage() {
  return (
    <NeedProject testId="box-page">
      <BoxPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
