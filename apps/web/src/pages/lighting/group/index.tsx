import { DeleteOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { GroupRow } from '@luxgrid/contracts/answers';
import { App, Button, Form, Input, InputNumber, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi, groupApi } from '../../../features/lighting/api';
import { ControlButtons, useControl } from '../../../features/lighting/control';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { LiveCommCell, LiveValuesCell } from '../../../features/lighting/LiveCells';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { ALL_ACTIONS } from '../../../features/lighting/rules';
import type { ControlAction, DeviceRow, GroupForm } from '../../../features/lighting/types';
import '../../../features/lighting/lighting.css';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

function MembersDialog({
  group,
  onClose,
  onChanged,
}: {
  group: GroupRow | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId()!;
  const _types = useDict('lighting_device_type');
  const table = useRef<ProTableRef>(null);
  const [adding, setAdding] = useState<number[]>([]);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const params = useMemo(() => (group ? { projectId, groupId: group.groupId } : undefined), [group, projectId]);

  const add = async () => {
    if (!group || !adding.length) {
      message.warning(t('ltMsg.selectFirst'));
      return;
    }
    await groupApi.addMembers(group.groupId!, adding);
    message.success(t('ltGroup.membersAdded', { count: adding.length }));
    setAdding([]);
    table.current?.reload();
    onChanged();
  };

  const removeMembers = useConfirmRemove(
    async (deviceIds) => {
      await groupApi.removeMembers(group!.groupId!, deviceIds);
      onChanged();
    },
    (names) => t('ltGroup.removeConfirm', { names }),
    table,
  );
  const remove = (rows: DeviceRow[]) =>
    removeMembers(
      rows.map((row) => row.deviceId),
      rows.map((row) => row.uid).join(', '),
    );

  const columns: ProColumn<DeviceRow>[] = [
    {
      key: 'uid',
      dataIndex: 'uid',
      title: 'UID',
      width: 190,
      render: (value: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDrawerId(row.deviceId)}>
          {value}
        </Button>
      ),
    },
    textColumn('name', t('ltCommon.name')),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 130 }),
    {
      key: 'comm',
      title: t('ltCommon.commState'),
      width: 110,
      render: (_: unknown, row) => <LiveCommCell row={row} />,
    },
    {
      key: 'live',
      title: t('ltDevice.liveValues'),
      width: 280,
      render: (_: unknown, row) => <LiveValuesCell row={row} />,
    },
  ];

  return (
    <DraggableDialog
      open={!!group}
      title={t('ltGroup.membersTitle', { name: group?.name ?? '' })}
      width={1100}
      onCancel={onClose}
      footer={null}
      testId="group-members"
    >
      {params && (
        <ProTable<DeviceRow>
          ref={table}
          url={deviceApi.listUrl}
          rowKey="deviceId"
          selectable
          extraParams={params}
          scrollY={420}
          columns={columns}
          searchFields={[{ type: 'input', name: 'keyword', label: t('ltDevice.keyword') }]}
          toolbar={({ rows }) => (
            <HasPermi value={['lighting:group:edit']}>
              <Space.Compact style={{ width: 460 }}>
                <DeviceSelect mode="multiple" value={adding} onChange={setAdding} testId="group-member-select" />
                <Button
                  type="primary"
                  icon={<UsergroupAddOutlined />}
                  onClick={() => void add()}
                  data-testid="group-member-add"
                >
                  {t('ltGroup.addMembers')}
                </Button>
              </Space.Compact>
              <Button danger icon={<DeleteOutlined />} disabled={!rows.length} onClick={() => remove(rows)}>
                {t('ltGroup.removeMembers')}
              </Button>
            </HasPermi>
          )}
        />
      )}
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} extraResources={['group']} />
    </DraggableDialog>
  );
}

function GroupPageBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const control = useControl();
  const [members, setMembers] = useState<GroupRow | null>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const edit = useEditDialog<GroupForm>({
    api: groupApi,
    idKey: 'groupId',
    table,
    toBody: (merged) => ({ ...merged, projectId }),
  });
  const remove = useConfirmRemove(groupApi.remove, (names) => t('ltGroup.deleteConfirm', { names }), table);
  const open = (row?: GroupRow) => edit.open(row ?? { projectId, name: '', groupNo: null, remark: '' });

  const runGroup = (group: GroupRow, action: ControlAction) => {
    if (!group.memberCount) {
      message.warning(t('ltMsg.noControllable'));
      return;
    }
    void control.run(action, { groupId: group.groupId, label: t('ltGroup.target', { name: group.name }) });
  };

  const columns: ProColumn<GroupRow>[] = [
    column('groupId', t('ltGroup.id'), { width: 80, sortField: 'groupId' }),
    textColumn('name', t('ltGroup.name'), { sortField: 'name' }),
    column('groupNo', t('ltGroup.groupNo'), { width: 100 }),
    {
      key: 'memberCount',
      dataIndex: 'memberCount',
      title: t('ltGroup.memberCount'),
      width: 110,
      render: (value: number, row) => (
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setMembers(row)}>
          {value}
        </Button>
      ),
    },
    {
      key: 'control',
      title: t('ltGroup.control'),
      width: 300,
      render: (_: unknown, row) => (
        <ControlButtons
          actions={ALL_ACTIONS}
          resources={['group']}
          size="small"
          inline={2}
          onRun={(action) => runGroup(row, action)}
          testIdPrefix={`group-${row.groupId}`}
        />
      ),
    },
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 270,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="lighting:group" onEdit={() => open(row)} onRemove={() => remove([row.groupId!], row.name)}>
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setMembers(row)}>
            {t('ltGroup.members')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="group-page">
      <ProTable<GroupRow>
        ref={table}
        url={groupApi.listUrl}
        rowKey="groupId"
        selectable
        testId="group-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltGroup.name') }]}
        toolbar={({ keys, rows }) => (
          <>
            <AddRemoveButtons
              perm="lighting:group"
              testId="group"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <ExportButton
              perm="lighting:group"
              url={groupApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="groups"
              testId="group-export"
            />
          </>
        )}
      />
      <EditDialog<GroupForm>
        edit={edit}
        addTitle={t('ltGroup.addTitle')}
        editTitle={t('ltGroup.editTitle')}
        width={520}
        labelWidth={100}
        testId="group-dialog"
      >
        <Form.Item
          name="name"
          label={t('ltGroup.name')}
          rules={[{ required: true, whitespace: true, message: t('ltGroup.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="group-name" />
        </Form.Item>
        <Form.Item name="groupNo" label={t('ltGroup.groupNo')} tooltip={t('ltGroup.groupNoHint')}>
          <InputNumber min={0} max={65535} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
      <MembersDialog group={members} onClose={() => setMembers(null)} onChanged={() => table.current?.refresh()} />
      {control.holder}
    </div>
  );
}

/** Groups of the project's devices (lighting/group): members and group control. */
export function GroupPage() {
  return (
    <NeedProject testId="group-page">
      <GroupPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
