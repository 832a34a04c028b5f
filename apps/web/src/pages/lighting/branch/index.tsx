import { EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../../features/lighting/api';
import { ControlButtons, useControl } from '../../../features/lighting/control';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceFormDialog } from '../../../features/lighting/DeviceFormDialog';
import { DeviceSelect, deviceLabel } from '../../../features/lighting/DeviceSelect';
import { LiveCommCell, LiveValuesCell } from '../../../features/lighting/LiveCells';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { BREAKER_ACTIONS, LIGHT_ACTIONS } from '../../../features/lighting/rules';
import type { DeviceDetail, DeviceRef, DeviceRow, DeviceType } from '../../../features/lighting/types';
import '../../../features/lighting/lighting.css';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { dictColumn, textColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, ExportButton, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const CIRCUIT_TYPES: DeviceType[] = ['BRANCH', 'LOOP'];

/** Circuit configuration is not in the list rows: each visible row reads its own, once per refresh. */
const details = new Map<number, Promise<DeviceDetail>>();
function detailOf(deviceId: number): Promise<DeviceDetail> {
  let pending = details.get(deviceId);
  if (!pending) {
    pending = deviceApi.get(deviceId).then((res) => res.data);
    pending.catch(() => details.delete(deviceId));
    details.set(deviceId, pending);
  }
  return pending;
}

function CircuitCell({ row }: { row: DeviceRow }) {
  const { t } = useTranslation();
  const phases = useDict('lighting_phase');
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  useEffect(() => {
    let alive = true;
    detailOf(row.deviceId)
      .then((value) => {
        if (alive) setDetail(value);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [row]);
  if (!detail) return <span style={{ color: '#bfbfbf' }}>…</span>;
  return (
    <Space size={4} wrap data-testid={`circuit-${row.uid}`}>
      <span>{detail.parent ? deviceLabel(detail.parent) : '-'}</span>
      {detail.phase && <DictTag options={phases} value={detail.phase} />}
      {detail.currentRatio !== null && <Tag>{`${t('ltForm.currentRatio')} ${detail.currentRatio}`}</Tag>}
      {detail.doIndex ? (
        <Tag color="blue">DO{detail.doIndex}</Tag>
      ) : (
        <Tooltip title={t('ltMsg.selectDo')}>
          <Tag color="warning">{t('ltBox.noDo')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function BranchPageBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const _types = useDict('lighting_device_type');
  const table = useRef<ProTableRef>(null);
  const control = useControl();
  const [boxId, setBoxId] = useState<number | null>(null);
  const [box, setBox] = useState<DeviceRef | null>(null);
  // adding while a box is chosen: a branch of that box
  const preset = useMemo(
    () =>
      box && box.deviceId === boxId
        ? { deviceType: 'BRANCH' as DeviceType, parentId: box.deviceId, parent: box }
        : undefined,
    [box, boxId],
  );
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<DeviceDetail | null>(null);
  const extraParams = useMemo(
    () => ({ projectId, deviceTypes: CIRCUIT_TYPES.join(','), ...(boxId ? { parentId: boxId } : {}) }),
    [projectId, boxId],
  );

  const refresh = () => {
    details.clear();
    table.current?.refresh();
  };

  const openEdit = async (deviceId: number) => {
    const { data } = await deviceApi.get(deviceId);
    setEditing(data);
    setFormOpen(true);
  };

  const removeDevices = useConfirmRemove(
    deviceApi.remove,
    (names) => t('ltDevice.deleteConfirm', { names }),
    table,
    refresh,
  );
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
      width: 190,
      sortField: 'uid',
      render: (value: string, row) => (
        <Typography.Link onClick={() => setDrawerId(row.deviceId)}>{value}</Typography.Link>
      ),
    },
    textColumn('name', t('ltCommon.name'), { width: 150, sortField: 'name' }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 100 }),
    {
      key: 'circuit',
      title: t('ltBranch.circuit'),
      width: 340,
      render: (_: unknown, row) => <CircuitCell row={row} />,
    },
    {
      key: 'comm',
      title: t('ltCommon.commState'),
      width: 110,
      render: (_: unknown, row) => <LiveCommCell row={row} />,
    },
    {
      key: 'live',
      title: t('ltDevice.liveValues'),
      width: 320,
      render: (_: unknown, row) => <LiveValuesCell row={row} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 260,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="lighting:branch" onEdit={() => void openEdit(row.deviceId)} onRemove={() => remove([row])}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDrawerId(row.deviceId)}>
            {t('ltDevice.detail')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="branch-page">
      <ProTable<DeviceRow>
        ref={table}
        url={deviceApi.listUrl}
        rowKey="deviceId"
        selectable
        testId="branch-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('ltDevice.keyword') },
          { type: 'select', name: 'commState', label: t('ltCommon.commState'), dictType: 'lighting_comm_state' },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <Space>
              <span>{t('ltBranch.box')}:</span>
              <DeviceSelect
                types={['BOX']}
                value={boxId}
                onChange={setBoxId}
                onPicked={(picked) => setBox((picked[0] as DeviceRef | undefined) ?? null)}
                style={{ width: 240 }}
              />
            </Space>
            <AddRemoveButtons
              perm="lighting:branch"
              testId="branch"
              onAdd={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              selected={keys.length}
              onRemove={() => remove(rows)}
            />
            <ExportButton
              perm="lighting:branch"
              url={deviceApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="branches"
              testId="branch-export"
            />
            <ControlButtons
              actions={[...BREAKER_ACTIONS, ...LIGHT_ACTIONS]}
              resources={['branch']}
              disabled={!keys.length}
              inline={2}
              onRun={(action) =>
                void control.run(action, {
                  deviceIds: keys.map(Number),
                  label: rows.length === 1 ? deviceLabel(rows[0]!) : t('ltControl.devices', { count: rows.length }),
                })
              }
              testIdPrefix="branch-control"
            />
          </>
        )}
      />
      <DeviceDrawer
        deviceId={drawerId}
        onClose={() => setDrawerId(null)}
        onEdit={(detail) => {
          setEditing(detail);
          setFormOpen(true);
        }}
      />
      <DeviceFormDialog
        open={formOpen}
        types={editing ? [editing.deviceType] : CIRCUIT_TYPES}
        editing={editing}
        preset={preset}
        onClose={() => setFormOpen(false)}
        onSaved={refresh}
      />
      {control.holder}
    </div>
  );
}

/** Branches and loops (lighting/branch): phase, current ratio, contactor DO, meter; breaker control. */
export function BranchPage() {
  return (
    <NeedProject testId="branch-page">
      <BranchPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
