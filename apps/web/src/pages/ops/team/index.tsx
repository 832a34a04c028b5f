import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TeamBody } from '@luxgrid/contracts/ops';
import { TEAM_SKILLS } from '@luxgrid/contracts/ops';
import { Button, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { type CustomerUser, type TeamRow, teamApi } from '../../../features/ops/api';
import { useOpsLabel, useOpsOptions } from '../../../features/ops/labels';
import { useStore } from '../../../shared/store';
import { column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

type TeamForm = Partial<TeamBody>;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Maintenance teams (ops/team): members and their on-duty roster, skills, the projects covered. */
export function TeamPage() {
  const { t } = useTranslation();
  const label = useOpsLabel();
  const options = useOpsOptions();
  const table = useRef<ProTableRef>(null);
  const projects = useStore(session, (s) => s.projects ?? []);
  const [users, setUsers] = useState<CustomerUser[]>([]);
  useEffect(() => {
    teamApi.users().then(
      (res) => setUsers(res.data),
      () => undefined,
    );
  }, []);
  const edit = useEditDialog<TeamForm>({
    api: teamApi as never,
    idKey: 'teamId',
    table,
    toForm: (row) => ({
      ...row,
      members: ((row as TeamRow).members ?? []).map((m) => ({
        userId: m.userId,
        dutyDays: m.dutyDays,
        dutyFrom: m.dutyFrom,
        dutyTo: m.dutyTo,
      })),
    }),
  });
  const remove = useConfirmRemove(teamApi.remove, (names) => t('opsTeam.deleteConfirm', { names }), table);
  const userOptions = users.map((u) => ({
    value: u.userId,
    label: u.nickName ? `${u.nickName} (${u.userName})` : u.userName,
  }));
  const days = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`opsTeam.day${d}`) }));
  const open = (row?: TeamRow) =>
    edit.open(row ? (row as TeamForm) : { name: '', skills: [], projectIds: [], members: [], status: '0' });

  const columns: ProColumn<TeamRow>[] = [
    column('name', t('opsTeam.name'), { sortField: 'name', width: 160 }),
    textColumn('leaderName', t('opsTeam.leader'), { width: 120 }),
    textColumn('phone', t('opsTeam.phone'), { width: 130 }),
    column('skills', t('opsTeam.skills'), {
      render: (v: string[]) => v.map((s) => <Tag key={s}>{label('skill', s)}</Tag>),
    }),
    column('members', t('opsTeam.members'), {
      render: (v: TeamRow['members']) =>
        v.map((m) => (
          <Tooltip
            key={m.userId}
            title={`${m.dutyDays.map((d) => t(`opsTeam.day${d}`)).join(' ')} ${m.dutyFrom}–${m.dutyTo}`}
          >
            <Tag color={m.onDuty ? 'green' : undefined} data-testid="team-member">
              {m.nickName || m.userName}
            </Tag>
          </Tooltip>
        )),
    }),
    column('onDutyCount', t('opsTeam.onDutyNow'), { width: 100 }),
    column('projectIds', t('opsTeam.projects'), {
      width: 180,
      render: (v: number[]) =>
        v.length
          ? v.map((id) => projects.find((p) => Number(p.id) === id)?.name ?? id).join(', ')
          : t('opsTeam.allProjects'),
    }),
    dictColumn('status', t('opsTeam.status'), 'sys_normal_disable', { width: 90 }),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="ops:team" onEdit={() => open(row)} onRemove={() => remove([row.teamId], row.name)} />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="team-page">
      <ProTable<TeamRow>
        ref={table}
        url={teamApi.listUrl}
        rowKey="teamId"
        selectable
        testId="team-table"
        columns={columns}
        empty={t('opsTeam.empty')}
        searchFields={[
          { type: 'input', name: 'name', label: t('opsTeam.name') },
          { type: 'select', name: 'skill', label: t('opsTeam.skills'), options: options('skill', TEAM_SKILLS) },
          { type: 'select', name: 'status', label: t('opsTeam.status'), dictType: 'sys_normal_disable' },
        ]}
        toolbar={({ keys, rows }) => (
          <Space>
            <AddRemoveButtons
              perm="ops:team"
              testId="team"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((r) => r.name).join(', '))}
            />
            <ExportButton
              perm="ops:team"
              url={teamApi.exportUrl}
              table={table}
              fileName="maintenance_teams"
              testId="team-export"
            />
          </Space>
        )}
      />
      <EditDialog<TeamForm>
        edit={edit}
        addTitle={t('opsTeam.addTitle')}
        editTitle={t('opsTeam.editTitle')}
        width={760}
        labelWidth={100}
        testId="team-dialog"
      >
        <Form.Item
          name="name"
          label={t('opsTeam.name')}
          rules={[{ required: true, whitespace: true, message: t('opsTeam.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="team-name" />
        </Form.Item>
        <Form.Item name="leaderId" label={t('opsTeam.leader')}>
          <Select allowClear showSearch optionFilterProp="label" options={userOptions} />
        </Form.Item>
        <Form.Item name="phone" label={t('opsTeam.phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="skills" label={t('opsTeam.skills')}>
          <Select mode="multiple" options={options('skill', TEAM_SKILLS)} />
        </Form.Item>
        <Form.Item name="projectIds" label={t('opsTeam.projects')} extra={t('opsTeam.projectsHint')}>
          <Select mode="multiple" options={projects.map((p) => ({ value: Number(p.id), label: p.name }))} />
        </Form.Item>
        <Form.Item label={t('opsTeam.roster')}>
          <Form.List name="members">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'userId']}
                      rules={[{ required: true, message: t('opsTeam.memberRequired') }]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        options={userOptions}
                        style={{ width: 170 }}
                        placeholder={t('opsTeam.member')}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'dutyDays']}>
                      <Select
                        mode="multiple"
                        options={days}
                        style={{ width: 220 }}
                        placeholder={t('opsTeam.dutyDays')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'dutyFrom']}
                      rules={[{ pattern: HHMM, message: t('opsTeam.timeFormat') }]}
                    >
                      <Input style={{ width: 70 }} placeholder="08:00" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'dutyTo']}
                      rules={[{ pattern: HHMM, message: t('opsTeam.timeFormat') }]}
                    >
                      <Input style={{ width: 70 }} placeholder="18:00" />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => drop(field.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ dutyDays: [1, 2, 3, 4, 5], dutyFrom: '08:00', dutyTo: '18:00' })}
                  data-testid="team-add-member"
                >
                  {t('opsTeam.addMember')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <StatusField />
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
    </div>
  );
}
