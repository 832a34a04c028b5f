import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProjects, session } from '../../../app/session';
import { ALL_CUSTOMERS_HEADERS } from '../../../features/tenant/all-customers';
import { projectApi } from '../../../features/tenant/api';
import { exportAllCustomers } from '../../../features/tenant/export';
import { useCustomerOptions } from '../../../features/tenant/hooks';
import type { ProjectRow } from '../../../features/tenant/types';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { actionsColumn, column, DictCell, dictColumn, idColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef, type SearchField } from '../../../shared/table/ProTable';

import { ProjectDialog } from './components/ProjectDialog';

const PERM = 'sysclient:project';

/** Projects (sysclient/project): the customer's cities and districts, with map settings and the operation password. */
export function ProjectPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const user = useStore(session, (state) => state.user);
  const currentProject = useStore(session, (state) => state.currentProject);
  const isPlatformUser = user?.clientId === null || user?.clientId === undefined;
  const customers = useCustomerOptions(isPlatformUser);
  const [editing, setEditing] = useState<ProjectRow | 'new' | null>(null);
  const label = (key: string) => t(`projectMgmt.fields.${key}`);

  const openEdit = async (id: number) => {
    const { data } = await projectApi.get(id);
    setEditing(data);
  };

  const remove = useConfirmRemove(
    projectApi.remove,
    (names) => t('projectMgmt.deleteConfirm', { names }),
    table,
    () => {
      table.current?.refresh();
      void loadProjects(session.get().currentCustomer).catch(() => undefined);
    },
  );
  const removeRows = (rows: ProjectRow[]) =>
    remove(
      rows.map((row) => row.projectId),
      rows.map((row) => row.projectName).join(', '),
    );

  const searchFields: SearchField[] = [
    { type: 'input', name: 'projectName', label: label('projectName') },
    { type: 'input', name: 'projectCode', label: label('projectCode') },
    { type: 'input', name: 'city', label: label('city') },
    ...(isPlatformUser
      ? [
          {
            type: 'select' as const,
            name: 'belongClient',
            label: label('clientName'),
            options: customers.data.map((customer) => ({ label: customer.name, value: String(customer.id) })),
          },
        ]
      : []),
    { type: 'select', name: 'mapType', label: label('mapType'), dictType: 'project_map_type' },
    { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
  ];

  const columns: ProColumn<ProjectRow>[] = [
    idColumn('projectId', label('id')),
    ...(isPlatformUser
      ? [
          {
            key: 'clientName',
            dataIndex: 'clientName',
            title: label('clientName'),
            ellipsis: true,
          } as ProColumn<ProjectRow>,
        ]
      : []),
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: label('projectName'),
      sortField: 'projectName',
      render: (value: string, row: ProjectRow) => (
        <span>
          {value}
          {String(row.projectId) === String(currentProject?.id) && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {t('projectMgmt.current')}
            </Tag>
          )}
          {row.projectShortName && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.projectShortName}
            </Typography.Text>
          )}
        </span>
      ),
    },
    idColumn('projectCode', label('projectCode'), { width: 120 }),
    idColumn('city', label('city'), { width: 110 }),
    {
      key: 'location',
      title: label('location'),
      width: 190,
      render: (_: unknown, row: ProjectRow) => (
        <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {row.longitude.toFixed(4)}, {row.latitude.toFixed(4)}
        </Typography.Text>
      ),
    },
    dictColumn('mapType', label('mapType'), 'project_map_type', { width: 130 }),
    dictColumn('language', label('language'), 'sys_language', { width: 110, defaultHidden: true }),
    {
      key: 'timeZone',
      dataIndex: 'timeZone',
      title: label('timeZone'),
      width: 90,
      render: (value: string) => `UTC${value}`,
    },
    {
      key: 'commType',
      dataIndex: 'commType',
      title: label('commType'),
      width: 120,
      render: (value: string, row: ProjectRow) => (
        <span>
          <DictCell dictType="lighting_comm_type" value={value} />
          {row.bandStandard && <Tag style={{ marginLeft: 4 }}>{row.bandStandard}</Tag>}
        </span>
      ),
    },
    column('projectContacts', label('projectContacts'), { width: 110, defaultHidden: true }),
    column('projectContactsPhone', label('projectContactsPhone'), { width: 130, defaultHidden: true }),
    {
      key: 'operate',
      dataIndex: 'operate',
      title: label('operate'),
      width: 130,
      render: (value: string, row: ProjectRow) => (
        <span>
          {value || '-'}
          {row.hasOperatePwd && (
            <Tooltip title={t('projectMgmt.hasOperatePwd')}>
              <LockOutlined style={{ marginLeft: 6, color: '#faad14' }} aria-label={t('projectMgmt.hasOperatePwd')} />
            </Tooltip>
          )}
        </span>
      ),
    },
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 150, (row) => (
      <RowActions perm={PERM} onEdit={() => void openEdit(row.projectId)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="project-page">
      <ProTable<ProjectRow>
        ref={table}
        url={projectApi.listUrl}
        headers={isPlatformUser ? ALL_CUSTOMERS_HEADERS : undefined}
        rowKey="projectId"
        selectable
        testId="project-table"
        columns={columns}
        searchFields={searchFields}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="project"
              onAdd={() => setEditing('new')}
              onEdit={() => void openEdit(rows[0].projectId)}
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <HasPermi value={['sysclient:project:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void exportAllCustomers(
                    projectApi.exportUrl,
                    table.current?.getFilters() ?? {},
                    `projects_${Date.now()}.xlsx`,
                  )
                }
                data-testid="project-export"
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <ProjectDialog
        editing={editing}
        isPlatformUser={isPlatformUser}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.refresh();
        }}
      />
    </div>
  );
}
