import {
  CloudDownloadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  ImportOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { type Key, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Clip } from '../../../features/monitor/Clip';
import { type GenTable, genApi } from '../../../features/monitor/gen-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { download } from '../../../shared/download';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { ImportTableDialog } from './components/ImportTableDialog';
import { PreviewDialog } from './components/PreviewDialog';

/** Code generator (tool/gen): imported tables, preview, download, sync with the database, delete. */
export function GenPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [previewing, setPreviewing] = useState<GenTable | null>(null);
  const closePreview = useCallback(() => setPreviewing(null), []);

  const edit = (tableId: Key) => navigate(`/web/tool/gen-edit/index/${tableId}`);

  const downloadOne = useCallback(async (row: GenTable) => {
    await download(genApi.downloadUrl(row.tableName), { method: 'GET', fileName: `${row.businessName}.zip` });
  }, []);

  const downloadMany = async (rows: GenTable[]) => {
    if (!rows.length) return;
    if (rows.length === 1) {
      await downloadOne(rows[0]!);
      return;
    }
    await download(genApi.batchUrl, {
      method: 'GET',
      params: { tables: rows.map((row) => row.tableName).join(',') },
      fileName: 'luxgrid-gen.zip',
    });
  };

  const sync = (row: GenTable) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('gen.syncConfirm', { name: row.tableName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await genApi.sync(row.tableName);
        message.success(t('gen.synced'));
        table.current?.refresh();
      },
    });
  };

  const remove = (ids: Key[], name?: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: name ? t('gen.deleteConfirmName', { name }) : t('gen.deleteConfirm', { ids: ids.join(',') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await genApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const columns: ProColumn<GenTable>[] = [
    { key: 'tableId', dataIndex: 'tableId', title: t('gen.tableId'), width: 80, sortField: 'tableId' },
    {
      key: 'tableName',
      dataIndex: 'tableName',
      title: t('gen.tableName'),
      sortField: 'tableName',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      key: 'tableComment',
      dataIndex: 'tableComment',
      title: t('gen.tableComment'),
      render: (value: string) => <Clip text={value} width={200} />,
    },
    { key: 'className', dataIndex: 'className', title: t('gen.className'), sortField: 'className' },
    {
      key: 'module',
      title: t('gen.modulePath'),
      render: (_: unknown, row: GenTable) => (
        <Typography.Text type="secondary">
          {row.moduleName}/{row.businessName}
        </Typography.Text>
      ),
    },
    {
      key: 'functionName',
      dataIndex: 'functionName',
      title: t('gen.functionName'),
      render: (value: string) => <Clip text={value} width={160} />,
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
    },
    {
      key: 'updateTime',
      dataIndex: 'updateTime',
      title: t('gen.updateTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'updateTime',
      render: (value: string | null) => value || '-',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 400,
      fixed: 'right',
      render: (_: unknown, row: GenTable) => (
        <>
          <HasPermi value={['tool:gen:preview']}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setPreviewing(row)}
              data-testid={`gen-preview-${row.tableId}`}
            >
              {t('gen.preview')}
            </Button>
          </HasPermi>
          <HasPermi value={['tool:gen:edit']}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => edit(row.tableId)}
              data-testid={`gen-edit-${row.tableId}`}
            >
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['tool:gen:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.tableId], row.tableName)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
          <HasPermi value={['tool:gen:edit']}>
            <Button type="link" size="small" icon={<SyncOutlined />} onClick={() => sync(row)}>
              {t('gen.sync')}
            </Button>
          </HasPermi>
          <HasPermi value={['tool:gen:code']}>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadOne(row)}>
              {t('gen.download')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="gen-page">
      <ProTable<GenTable>
        empty={t('gen.empty')}
        emptyAction={
          <HasPermi value={['tool:gen:import']}>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
              {t('gen.import')}
            </Button>
          </HasPermi>
        }
        ref={table}
        url={genApi.listUrl}
        rowKey="tableId"
        selectable
        testId="gen-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'tableName', label: t('gen.tableName') },
          { type: 'input', name: 'tableComment', label: t('gen.tableComment') },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['tool:gen:code']}>
              <Button
                type="primary"
                ghost
                icon={<CloudDownloadOutlined />}
                disabled={!keys.length}
                onClick={() => void downloadMany(rows)}
                data-testid="gen-generate"
              >
                {t('gen.generate')}
              </Button>
            </HasPermi>
            <HasPermi value={['tool:gen:import']}>
              <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="gen-import">
                {t('gen.import')}
              </Button>
            </HasPermi>
            <HasPermi value={['tool:gen:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => edit(keys[0]!)}
                data-testid="gen-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['tool:gen:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys)}
                data-testid="gen-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <ImportTableDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          setImportOpen(false);
          table.current?.reload();
        }}
      />
      <PreviewDialog table={previewing} onClose={closePreview} onDownload={(row) => void downloadOne(row)} />
    </div>
  );
}
