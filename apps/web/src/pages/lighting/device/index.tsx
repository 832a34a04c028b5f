import {
  AimOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  TagsOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deviceApi } from '../../../features/lighting/api';
import { ControlButtons, useControl } from '../../../features/lighting/control';
import { LocateDialog, TagsDialog } from '../../../features/lighting/DeviceDialogs';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceFormDialog } from '../../../features/lighting/DeviceFormDialog';
import { DeviceImportDialog } from '../../../features/lighting/DeviceImportDialog';
import { deviceLabel } from '../../../features/lighting/DeviceSelect';
import { DeviceTree } from '../../../features/lighting/DeviceTree';
import { CommDot } from '../../../features/lighting/format';
import { LiveCommCell, LiveTimeCell, LiveValuesCell } from '../../../features/lighting/LiveCells';
import { useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useGroups, useProjectId, useTags } from '../../../features/lighting/project';
import { RowMenu } from '../../../features/lighting/RowMenu';
import {
  ALLOWED_PARENTS,
  BOX_IMPORT_TYPES,
  DEVICE_PAGE_TYPES,
  IMPORT_TYPES,
  importPerm,
  LIGHT_ACTIONS,
  perm,
  QUERY_ACTIONS,
} from '../../../features/lighting/rules';
import type { DeviceDetail, DeviceRow, TreeNodeRow } from '../../../features/lighting/types';
import '../../../features/lighting/lighting.css';
import { DictTag, dictLabel } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { checkPermi, HasPermi, usePermissions } from '../../../shared/perms';
import { dictColumn, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** Filters a link from the home page may carry (the figures' definitions: home/device-figures.ts on the server). */
const LINKED_FILTERS = ['fault', 'deviceType', 'deviceTypes', 'commState', 'commStates'] as const;

function DevicePageBody() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const projectId = useProjectId()!;
  const held = usePermissions();
  const table = useRef<ProTableRef>(null);
  const typeDict = useDict('lighting_device_type');
  const connectionDict = useDict('lighting_terminal_connection');
  const _locatedDict = useDict('lighting_location_state');
  const configDict = useDict('lighting_config_state');
  const tags = useTags();
  const groups = useGroups();
  const control = useControl();
  const [scope, setScope] = useState<TreeNodeRow | null>(null);
  const [treeVersion, setTreeVersion] = useState(0);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<DeviceDetail | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [tagging, setTagging] = useState<DeviceDetail | null>(null);
  const [locating, setLocating] = useState<DeviceDetail | null>(null);

  const addTypes = useMemo(() => DEVICE_PAGE_TYPES.filter((type) => checkPermi.any(held, [perm(type, 'add')])), [held]);
  // terminals first: the device page imports lamps more often than boxes
  const importTypes = useMemo(
    () =>
      [...IMPORT_TYPES]
        .sort((a, b) => Number(BOX_IMPORT_TYPES.includes(a)) - Number(BOX_IMPORT_TYPES.includes(b)))
        .filter((type) => checkPermi.any(held, [importPerm(type)])),
    [held],
  );
  // a home page figure opens this list with its filter in the address (features/tenant/home-figures.ts)
  const [search, setSearch] = useSearchParams();
  const linked = useMemo(() => {
    const out: Record<string, string> = {};
    for (const key of LINKED_FILTERS) {
      const value = search.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [search]);
  const faultDict = useDict('lighting_run_fault');
  const commDict = useDict('lighting_comm_state');
  const linkedText = useMemo(() => {
    const parts: string[] = [];
    if (linked.fault) parts.push(`${t('ltDevice.fault')}: ${dictLabel(faultDict, linked.fault)}`);
    if (linked.deviceType) parts.push(dictLabel(typeDict, linked.deviceType));
    const states = linked.commStates ?? linked.commState;
    if (states)
      parts.push(
        states
          .split(',')
          .map((state) => dictLabel(commDict, state))
          .join(' / '),
      );
    return parts.join(' · ');
  }, [linked, faultDict, commDict, typeDict, t]);
  const extraParams = useMemo(
    () => ({ projectId, ...linked, ...(scope ? { parentId: scope.deviceId } : {}) }),
    [projectId, scope, linked],
  );

  // adding while a tree node is chosen: a child of it, of the first type it can hold
  const preset = useMemo(() => {
    if (!scope) return undefined;
    const type = addTypes.find((candidate) => ALLOWED_PARENTS[candidate].includes(scope.deviceType));
    return type ? { deviceType: type, parentId: scope.deviceId, parent: scope } : undefined;
  }, [scope, addTypes]);

  const refreshAll = useCallback(() => {
    table.current?.refresh();
    setTreeVersion((v) => v + 1);
  }, []);

  // devices that come online or go offline change the list's order of nothing, but a new
  // import or registration elsewhere adds rows: refresh the page now and then on events
  const refreshSoon = useThrottled(() => table.current?.refresh(), 5000);
  useLiveMessages(['import.progress'], (msg) => {
    if (msg.type === 'import.progress' && msg.status !== 'RUNNING') refreshSoon();
  });

  const openEdit = async (deviceId: number) => {
    const { data } = await deviceApi.get(deviceId);
    setEditing(data);
    setFormOpen(true);
  };
  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const withDetail = async (deviceId: number, then: (detail: DeviceDetail) => void) => {
    const { data } = await deviceApi.get(deviceId);
    then(data);
  };

  const remove = (rows: DeviceRow[]) => {
    const modules = rows.some((row) => row.deviceType === 'SWITCH_MODULE');
    modal.confirm({
      title: t('common.hint'),
      content: modules
        ? t('ltMsg.moduleDeleteClears')
        : t('ltDevice.deleteConfirm', { names: rows.map((row) => row.uid).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await deviceApi.remove(rows.map((row) => row.deviceId));
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        refreshAll();
      },
    });
  };

  const columns: ProColumn<DeviceRow>[] = [
    {
      key: 'uid',
      dataIndex: 'uid',
      title: 'UID',
      width: 190,
      sortField: 'uid',
      render: (value: string, row) => (
        <Typography.Link onClick={() => setDrawerId(row.deviceId)} data-testid={`row-${value}`}>
          {value}
        </Typography.Link>
      ),
    },
    textColumn('name', t('ltCommon.name'), { width: 160, sortField: 'name' }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 130, sortField: 'deviceType' }),
    {
      key: 'commState',
      dataIndex: 'commState',
      title: t('ltCommon.commState'),
      width: 110,
      sortField: 'commState',
      render: (_: unknown, row) => <LiveCommCell row={row} />,
    },
    {
      key: 'fault',
      dataIndex: 'fault',
      title: t('ltDevice.fault'),
      width: 100,
      render: (value: boolean, row) => (
        <span data-testid={`fault-${row.uid}`} data-fault={String(value)}>
          <DictTag options={faultDict} value={String(value)} />
        </span>
      ),
    },
    {
      key: 'live',
      title: t('ltDevice.liveValues'),
      width: 330,
      render: (_: unknown, row) => <LiveValuesCell row={row} />,
    },
    {
      key: 'dataTs',
      dataIndex: 'dataTs',
      title: t('ltDevice.dataTime'),
      width: 170,
      render: (_: unknown, row) => <LiveTimeCell row={row} />,
    },
    {
      key: 'modelName',
      dataIndex: 'modelName',
      title: t('ltCommon.model'),
      width: 120,
      ellipsis: true,
      defaultHidden: true,
    },
    {
      key: 'connection',
      dataIndex: 'connection',
      title: t('ltCommon.connection'),
      width: 120,
      defaultHidden: true,
      render: (value: string) => <DictTag options={connectionDict} value={value} />,
    },
    dictColumn('located', t('ltCommon.located'), 'lighting_location_state', { width: 100 }),
    {
      key: 'configState',
      dataIndex: 'configState',
      title: t('ltCommon.configState'),
      width: 120,
      defaultHidden: true,
      render: (value: string) => <DictTag options={configDict} value={value} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDrawerId(row.deviceId)}>
            {t('ltDevice.detail')}
          </Button>
          <HasPermi value={[perm(row.deviceType, 'edit')]}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.deviceId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <RowMenu
            items={[
              checkPermi.any(held, [perm(row.deviceType, 'edit')]) && {
                key: 'locate',
                icon: <AimOutlined />,
                label: t('ltDevice.locate'),
                onClick: () => void withDetail(row.deviceId, setLocating),
              },
              checkPermi.any(held, [perm(row.deviceType, 'edit')]) && {
                key: 'tags',
                icon: <TagsOutlined />,
                label: t('ltCommon.tags'),
                onClick: () => void withDetail(row.deviceId, setTagging),
              },
              checkPermi.any(held, [perm(row.deviceType, 'remove')]) && {
                key: 'remove',
                icon: <DeleteOutlined />,
                danger: true,
                label: t('common.delete'),
                onClick: () => remove([row]),
              },
            ]}
            testId={`more-${row.uid}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="device-page">
      <div className="lt-split">
        <aside className="lt-split-side">
          <DeviceTree
            projectId={projectId}
            selectedId={scope?.deviceId ?? drawerId}
            version={treeVersion}
            clearable={!!scope}
            onSelect={(node) => {
              if (!node) {
                setScope(null);
                return;
              }
              if (node.childCount > 0) {
                setScope(node);
                table.current?.clearSelection();
              } else setDrawerId(node.deviceId);
            }}
          />
        </aside>
        <section className="lt-split-main">
          {scope && (
            <div className="lt-scope-bar" data-testid="device-scope">
              <CommDot state={scope.commState} />
              <span>{t('ltDevice.childrenOf', { name: deviceLabel(scope), count: scope.childCount })}</span>
              <Button size="small" type="link" onClick={() => setDrawerId(scope.deviceId)}>
                {t('ltDevice.detail')}
              </Button>
              <Button size="small" type="link" onClick={() => setScope(null)}>
                {t('ltTree.clear')}
              </Button>
            </div>
          )}
          {Object.keys(linked).length > 0 && (
            <div className="lt-scope-bar" data-testid="device-home-filter">
              <span>
                {t('ltDevice.homeFilter')} {linkedText}
              </span>
              <Button size="small" type="link" onClick={() => setSearch({}, { replace: true })}>
                {t('ltDevice.clearHomeFilter')}
              </Button>
            </div>
          )}
          <ProTable<DeviceRow>
            ref={table}
            url={deviceApi.listUrl}
            rowKey="deviceId"
            selectable
            testId="device-table"
            extraParams={extraParams}
            scrollY={560}
            columns={columns}
            searchFields={[
              { type: 'input', name: 'keyword', label: t('ltDevice.keyword') },
              { type: 'select', name: 'deviceType', label: t('ltCommon.deviceType'), dictType: 'lighting_device_type' },
              { type: 'select', name: 'commState', label: t('ltCommon.commState'), dictType: 'lighting_comm_state' },
              { type: 'select', name: 'fault', label: t('ltDevice.fault'), dictType: 'lighting_run_fault' },
              {
                type: 'select',
                name: 'groupId',
                label: t('ltCommon.group'),
                options: groups.map((g) => ({ value: String(g.groupId), label: g.name })),
              },
              {
                type: 'select',
                name: 'tagId',
                label: t('ltCommon.tag'),
                options: tags.map((tag) => ({ value: String(tag.tagId), label: tag.name })),
              },
              { type: 'select', name: 'located', label: t('ltCommon.located'), dictType: 'lighting_location_state' },
            ]}
            toolbar={({ keys, rows }) => (
              <>
                {addTypes.length > 0 && (
                  <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="device-add">
                    {t('common.add')}
                  </Button>
                )}
                <HasPermi value={['lighting:device:edit', 'lighting:box:edit', 'lighting:branch:edit']}>
                  <Button
                    icon={<EditOutlined />}
                    disabled={keys.length !== 1}
                    onClick={() => void openEdit(Number(keys[0]))}
                    data-testid="device-edit"
                  >
                    {t('common.edit')}
                  </Button>
                </HasPermi>
                <HasPermi value={['lighting:device:remove', 'lighting:box:remove', 'lighting:branch:remove']}>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!keys.length}
                    onClick={() => remove(rows)}
                    data-testid="device-remove"
                  >
                    {t('common.delete')}
                  </Button>
                </HasPermi>
                {importTypes.length > 0 && (
                  <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="device-import">
                    {t('common.import')}
                  </Button>
                )}
                <HasPermi value={['lighting:device:export']}>
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      void download(deviceApi.exportUrl, {
                        params: { ...extraParams, ...(table.current?.getFilters() ?? {}) },
                        fileName: `devices_${Date.now()}.xlsx`,
                      })
                    }
                    data-testid="device-export"
                  >
                    {t('common.export')}
                  </Button>
                </HasPermi>
                <ControlButtons
                  actions={[...LIGHT_ACTIONS, ...QUERY_ACTIONS]}
                  resources={['device']}
                  disabled={!keys.length}
                  onRun={(action) => {
                    if (!keys.length) {
                      message.warning(t('ltMsg.selectFirst'));
                      return;
                    }
                    void control.run(action, {
                      deviceIds: keys.map(Number),
                      label: rows.length === 1 ? deviceLabel(rows[0]!) : t('ltControl.devices', { count: rows.length }),
                    });
                  }}
                  testIdPrefix="device-control"
                  inline={3}
                />
              </>
            )}
          />
        </section>
      </div>
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
        types={editing ? [editing.deviceType] : addTypes}
        editing={editing}
        preset={preset}
        onClose={() => setFormOpen(false)}
        onSaved={refreshAll}
      />
      <DeviceImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        types={importTypes.length ? importTypes : IMPORT_TYPES}
        onImported={refreshAll}
      />
      <TagsDialog device={tagging} onClose={() => setTagging(null)} onSaved={() => table.current?.refresh()} />
      <LocateDialog device={locating} onClose={() => setLocating(null)} onSaved={() => table.current?.refresh()} />
      {control.holder}
    </div>
  );
}

/** Device management (lighting/device): tree, live list, registry forms, import, control, detail drawer. */
export function DevicePage() {
  return (
    <NeedProject testId="device-page">
      <DevicePageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
