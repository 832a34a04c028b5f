import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Spin, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../shared/DictTag';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { useDict } from '../../shared/dict';
import { checkPermi, HasPermi, usePermissions } from '../../shared/perms';
import { deviceApi } from './api';
import { ControlButtons, useControl } from './control';
import { DeviceDrawer } from './DeviceDrawer';
import { DeviceFormDialog } from './DeviceFormDialog';
import { deviceLabel } from './DeviceSelect';
import { LiveCommCell, LiveValuesCell } from './LiveCells';
import { BREAKER_ACTIONS, LIGHT_ACTIONS, perm, SWITCH_MODULE_IO } from './rules';
import type { ControlAction, DeviceDetail, DeviceForm, DeviceRef, DeviceRow, DeviceType } from './types';

interface Part {
  row: DeviceRow;
  detail: DeviceDetail;
}

const CIRCUITS: DeviceType[] = ['BRANCH', 'LOOP', 'BREAKER'];
const DO_NUMBERS = Array.from({ length: SWITCH_MODULE_IO }, (_, i) => i + 1);

/** Everything in a distribution box, with the configuration of each part (boxes hold few). */
async function loadParts(boxId: number): Promise<Part[]> {
  const children = await deviceApi.list({ parentId: boxId, pageSize: 200 });
  // circuits may also hang under the box's concentrator
  const ccus = children.rows.filter((row) => row.deviceType === 'CCU_IN_BOX');
  const nested = await Promise.all(
    ccus.map((ccu) => deviceApi.list({ parentId: ccu.deviceId, deviceTypes: 'BRANCH,LOOP', pageSize: 200 })),
  );
  const rows = [...children.rows, ...nested.flatMap((res) => res.rows)];
  const details = await Promise.all(rows.map((row) => deviceApi.get(row.deviceId).then((res) => res.data)));
  return rows.map((row, i) => ({ row, detail: details[i]! }));
}

/**
 * A distribution box: its concentrator, circuits (branches, loops, breakers with phase, current
 * ratio and contactor DO), meters and 8DIDO switch modules, each addable from here.
 */
export function BoxDetail({ box, onClose }: { box: DeviceRef | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const held = usePermissions();
  const types = useDict('lighting_device_type');
  const phases = useDict('lighting_phase');
  const control = useControl();
  const [parts, setParts] = useState<Part[] | null>(null);
  const [tab, setTab] = useState('circuits');
  const [adding, setAdding] = useState<{
    types: DeviceType[];
    preset: Partial<DeviceForm> & { parent?: DeviceRef };
  } | null>(null);
  const [editing, setEditing] = useState<DeviceDetail | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);

  const reload = useCallback(async () => {
    if (!box) return;
    try {
      setParts(await loadParts(box.deviceId));
    } catch {
      setParts([]);
    }
  }, [box]);

  useEffect(() => {
    setParts(null);
    setTab('circuits');
    void reload();
  }, [reload]);

  const byType = (list: DeviceType[]) => (parts ?? []).filter((part) => list.includes(part.row.deviceType));
  const circuits = byType(CIRCUITS);
  const meters = byType(['METER']);
  const modules = byType(['SWITCH_MODULE']);
  const ccus = byType(['CCU_IN_BOX']);
  const others = byType(['LUXOMETER']);
  const names = useMemo(() => new Map((parts ?? []).map((part) => [part.row.deviceId, part.row])), [parts]);

  const remove = (part: Part) => {
    modal.confirm({
      title: t('common.hint'),
      content:
        part.row.deviceType === 'SWITCH_MODULE'
          ? t('ltMsg.moduleDeleteClears')
          : t('ltDevice.deleteConfirm', { names: part.row.uid }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await deviceApi.remove([part.row.deviceId]);
        message.success(t('common.deleteSuccess'));
        void reload();
      },
    });
  };

  const runBox = (action: ControlAction) => {
    if (!box) return;
    if (BREAKER_ACTIONS.includes(action)) {
      if (!circuits.length) {
        message.warning(t('ltMsg.noCircuit'));
        return;
      }
      if (!circuits.some((part) => part.detail.doIndex)) {
        message.warning(t('ltMsg.selectDo'));
        return;
      }
    }
    void control.run(action, { deviceIds: [box.deviceId], label: deviceLabel(box) });
  };

  const runCircuit = (part: Part, action: ControlAction) => {
    if (BREAKER_ACTIONS.includes(action) && !part.detail.doIndex) {
      message.warning(t('ltMsg.selectDo'));
      return;
    }
    void control.run(action, { deviceIds: [part.row.deviceId], label: deviceLabel(part.row) });
  };

  const add = (list: DeviceType[], parent: DeviceRef) =>
    setAdding({ types: list, preset: { deviceType: list[0], parentId: parent.deviceId, parent } });

  const partActions = (part: Part) => (
    <Space size={0}>
      <HasPermi value={[perm(part.row.deviceType, 'edit')]}>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(part.detail)}>
          {t('common.edit')}
        </Button>
      </HasPermi>
      <HasPermi value={[perm(part.row.deviceType, 'remove')]}>
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => remove(part)}
          aria-label={t('common.delete')}
          data-testid={`box-remove-${part.row.uid}`}
        />
      </HasPermi>
    </Space>
  );

  const uidCell = (part: Part) => (
    <Typography.Link onClick={() => setDrawerId(part.row.deviceId)}>{part.row.uid}</Typography.Link>
  );

  const circuitTable = (
    <>
      <Space style={{ marginBottom: 8 }}>
        {checkPermi.any(held, ['lighting:branch:add']) && box && (
          <Button icon={<PlusOutlined />} onClick={() => add(['BRANCH', 'LOOP'], box)} data-testid="box-add-branch">
            {t('ltBox.addBranch')}
          </Button>
        )}
        {checkPermi.any(held, ['lighting:box:add']) && box && (
          <Button icon={<PlusOutlined />} onClick={() => add(['BREAKER'], box)}>
            {t('ltBox.addBreaker')}
          </Button>
        )}
      </Space>
      <Table<Part>
        size="small"
        rowKey={(part) => part.row.deviceId}
        pagination={false}
        dataSource={circuits}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ltMsg.noBranch')} /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'uid', title: 'UID', render: (_, part) => uidCell(part) },
          { key: 'name', title: t('ltCommon.name'), render: (_, part) => part.row.name },
          {
            key: 'type',
            title: t('ltCommon.deviceType'),
            render: (_, part) => <DictTag options={types} value={part.row.deviceType} />,
          },
          {
            key: 'phase',
            title: t('ltForm.phase'),
            render: (_, part) => (part.detail.phase ? <DictTag options={phases} value={part.detail.phase} /> : '-'),
          },
          { key: 'ratio', title: t('ltForm.currentRatio'), render: (_, part) => part.detail.currentRatio ?? '-' },
          {
            key: 'do',
            title: t('ltForm.doIndex'),
            render: (_, part) =>
              part.detail.doIndex ? (
                <Tag color="blue">
                  {names.get(part.detail.switchModuleId ?? 0)?.name ?? ''} DO{part.detail.doIndex}
                </Tag>
              ) : (
                <Tooltip title={t('ltMsg.selectDo')}>
                  <Tag color="warning">{t('ltBox.noDo')}</Tag>
                </Tooltip>
              ),
          },
          {
            key: 'meter',
            title: t('ltForm.meter'),
            render: (_, part) => names.get(part.detail.meterId ?? 0)?.uid ?? '-',
          },
          { key: 'live', title: t('ltDevice.liveValues'), render: (_, part) => <LiveValuesCell row={part.row} /> },
          {
            key: 'control',
            title: t('ltDrawer.control'),
            render: (_, part) => (
              <ControlButtons
                actions={part.row.deviceType === 'BREAKER' ? BREAKER_ACTIONS : [...BREAKER_ACTIONS, ...LIGHT_ACTIONS]}
                resources={[part.row.deviceType === 'BREAKER' ? 'box' : 'branch']}
                size="small"
                inline={2}
                onRun={(action) => runCircuit(part, action)}
                testIdPrefix={`circuit-${part.row.uid}`}
              />
            ),
          },
          { key: 'actions', title: t('common.actions'), fixed: 'right', render: (_, part) => partActions(part) },
        ]}
      />
    </>
  );

  const meterTable = (
    <>
      {checkPermi.any(held, ['lighting:box:add']) && box && (
        <Button
          icon={<PlusOutlined />}
          style={{ marginBottom: 8 }}
          onClick={() => add(['METER'], box)}
          data-testid="box-add-meter"
        >
          {t('ltBox.addMeter')}
        </Button>
      )}
      <Table<Part>
        size="small"
        rowKey={(part) => part.row.deviceId}
        pagination={false}
        dataSource={meters}
        locale={{ emptyText: t('ltBox.noMeters') }}
        columns={[
          { key: 'uid', title: 'UID', render: (_, part) => uidCell(part) },
          { key: 'name', title: t('ltCommon.name'), render: (_, part) => part.row.name },
          { key: 'address', title: t('ltForm.address'), render: (_, part) => part.detail.address ?? '-' },
          { key: 'model', title: t('ltCommon.model'), render: (_, part) => part.row.modelName ?? '-' },
          {
            key: 'circuits',
            title: t('ltBox.measures'),
            render: (_, part) =>
              circuits
                .filter((c) => c.detail.meterId === part.row.deviceId)
                .map((c) => <Tag key={c.row.deviceId}>{c.row.name}</Tag>),
          },
          { key: 'live', title: t('ltDevice.liveValues'), render: (_, part) => <LiveValuesCell row={part.row} /> },
          { key: 'actions', title: t('common.actions'), render: (_, part) => partActions(part) },
        ]}
      />
    </>
  );

  const moduleCards = (
    <>
      {checkPermi.any(held, ['lighting:box:add']) && box && (
        <Button
          icon={<PlusOutlined />}
          style={{ marginBottom: 8 }}
          onClick={() => add(['SWITCH_MODULE'], box)}
          data-testid="box-add-module"
        >
          {t('ltBox.addModule')}
        </Button>
      )}
      {modules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ltBox.noModules')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {modules.map((part) => {
            const used = new Map(
              circuits
                .filter((c) => c.detail.switchModuleId === part.row.deviceId && c.detail.doIndex)
                .map((c) => [c.detail.doIndex!, c]),
            );
            return (
              <Card
                key={part.row.deviceId}
                size="small"
                title={
                  <Space>
                    {uidCell(part)}
                    <span>{part.row.name}</span>
                    <Tag>{t('ltBox.addressOf', { address: part.detail.address ?? '-' })}</Tag>
                    <Tag color={used.size ? 'blue' : 'default'}>
                      {t('ltBox.doUsed', { used: used.size, total: SWITCH_MODULE_IO })}
                    </Tag>
                  </Space>
                }
                extra={partActions(part)}
              >
                <div className="lt-do-grid">
                  {DO_NUMBERS.map((n) => {
                    const circuit = used.get(n);
                    return (
                      <div key={n} className={`lt-do-cell${circuit ? ' lt-do-used' : ''}`}>
                        <b>DO{n}</b>
                        <div style={{ color: circuit ? '#389e0d' : '#bfbfbf' }}>
                          {circuit ? circuit.row.name : t('ltBox.free')}
                        </div>
                      </div>
                    );
                  })}
                </div>
              </Card>
            );
          })}
        </Space>
      )}
    </>
  );

  return (
    <DraggableDialog
      open={!!box}
      title={box ? t('ltBox.detailTitle', { name: deviceLabel(box) }) : ''}
      width={1200}
      onCancel={onClose}
      footer={null}
      testId="box-detail"
    >
      {box && (
        <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }} wrap>
          <Space wrap>
            {ccus.map((part) => (
              <Space key={part.row.deviceId} size={4}>
                <span>{t('ltBox.concentrator')}:</span>
                {uidCell(part)}
                <LiveCommCell row={part.row} />
              </Space>
            ))}
            {!ccus.length && parts && <Tag color="warning">{t('ltBox.noConcentrator')}</Tag>}
            {!ccus.length && parts && checkPermi.any(held, ['lighting:box:add']) && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => add(['CCU_IN_BOX'], box)}>
                {t('ltBox.addConcentrator')}
              </Button>
            )}
          </Space>
          <Space wrap>
            <ControlButtons
              actions={[...BREAKER_ACTIONS, ...LIGHT_ACTIONS]}
              resources={['box']}
              inline={4}
              onRun={runBox}
              testIdPrefix="box-control"
            />
            <Button icon={<ReloadOutlined />} onClick={() => void reload()} aria-label={t('table.refresh')} />
          </Space>
        </Space>
      )}
      {parts === null ? (
        <Spin />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'circuits', label: `${t('ltBox.circuits')} (${circuits.length})`, children: circuitTable },
            { key: 'meters', label: `${t('ltBox.meters')} (${meters.length})`, children: meterTable },
            { key: 'modules', label: `${t('ltBox.modules')} (${modules.length})`, children: moduleCards },
            ...(others.length
              ? [
                  {
                    key: 'others',
                    label: `${t('ltBox.others')} (${others.length})`,
                    children: (
                      <Table<Part>
                        size="small"
                        rowKey={(part) => part.row.deviceId}
                        pagination={false}
                        dataSource={others}
                        columns={[
                          { key: 'uid', title: 'UID', render: (_, part) => uidCell(part) },
                          { key: 'name', title: t('ltCommon.name'), render: (_, part) => part.row.name },
                          {
                            key: 'live',
                            title: t('ltDevice.liveValues'),
                            render: (_, part) => <LiveValuesCell row={part.row} />,
                          },
                        ]}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <DeviceFormDialog
        open={!!adding || !!editing}
        types={editing ? [editing.deviceType] : (adding?.types ?? [])}
        editing={editing}
        preset={adding?.preset}
        onClose={() => {
          setAdding(null);
          setEditing(null);
        }}
        onSaved={() => void reload()}
      />
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} />
      {control.holder}
    </DraggableDialog>
  );
}
