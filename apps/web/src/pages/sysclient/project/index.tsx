import { DeleteOutlined, DownloadOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Tag, Tooltip, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProjects, session } from '../../../app/session';
import { ALL_CUSTOMERS_HEADERS } from '../../../features/tenant/all-customers';
import { projectApi } from '../../../features/tenant/api';
import { exportAllCustomers } from '../../../features/tenant/export';
import { useCustomerOptions } from '../../../features/tenant/hooks';
import type { ProjectRow } from '../../../features/tenant/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { type ProColumn, ProTable, type ProTableRef, type SearchField } from '../../../shared/table/ProTable';

import { ProjectDialog } from './components/ProjectDialog';

/** Projects (sysclient/project): the customer's cities and districts, with map settings and the operation password. */
export function ProjectPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const user = useStore(session, (state) => state.user);
  const currentProject = useStore(session, (state) => state.currentProject);
  const isPlatformUser = user?.clientId === null || user?.clientId === undefined;
  const customers = useCustomerOptions(isPlatformUser);
  const mapTypes = useDict('project_map_type');
  const commTypes = useDict('lighting_comm_type');
  const languages = useDict('sys_language');
  const [editing, setEditing] = useState<ProjectRow | 'new' | null>(null);
  const label = (key: string) => t(`projectMgmt.fields.${key}`);

  const openEdit = async (id: number) => {
    const { data } = await projectApi.get(id);
    setEditing(data);
  };

  const remove = (keys: Key[], names: string[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('projectMgmt.deleteConfirm', { names: names.join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await projectApi.remove(keys as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
        void loadProjects(session.get().currentCustomer).catch(() => undefined);
      },
    });
  };

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
    { key: 'projectId', dataIndex: 'projectId', title: label('id'), width: 90, sortField: 'projectId' },
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
    { key: 'projectCode', dataIndex: 'projectCode', title: label('projectCode'), width: 120, sortField: 'projectCode' },
    { key: 'city', dataIndex: 'city', title: label('city'), width: 110, sortField: 'city' },
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
    {
      key: 'mapType',
      dataIndex: 'mapType',
      title: label('mapType'),
      width: 130,
      render: (value: string) => <DictTag options={mapTypes} value={value} />,
    },
    {
      key: 'language',
      dataIndex: 'language',
      title: label('language'),
      width: 110,
      defaultHidden: true,
      render: (value: string) => <DictTag options={languages} value={value} />,
    },
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
          <DictTag options={commTypes} value={value} />
          {row.bandStandard && <Tag style={{ marginLeft: 4 }}>{row.bandStandard}</Tag>}
        </span>
      ),
    },
    {
      key: 'projectContacts',
      dataIndex: 'projectContacts',
      title: label('projectContacts'),
      width: 110,
      defaultHidden: true,
    },
    {
      key: 'projectContactsPhone',
      dataIndex: 'projectContactsPhone',
      title: label('projectContactsPhone'),
      width: 130,
      defaultHidden: true,
    },
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
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: ProjectRow) => (
        <>
          <HasPermi value={['sysclient:project:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.projectId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:project:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.projectId], [row.projectName])}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
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
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['sysclient:project:add']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="project-add"
              >
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:project:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="project-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:project:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() =>
                  remove(
                    keys,
                    rows.map((row) => row.projectName),
                  )
                }
                data-testid="project-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
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
