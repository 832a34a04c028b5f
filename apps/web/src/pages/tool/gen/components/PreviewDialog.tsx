import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GenTable, genApi } from '../../../../features/monitor/gen-api';
import { copyText } from '../../../../shared/clipboard';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { HasPermi } from '../../../../shared/perms';

/** 'apps/web/src/pages/system/post/index.tsx' → 'index.tsx'; names that repeat keep their folder. */
export function tabLabels(paths: readonly string[]): string[] {
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(base(path), (counts.get(base(path)) ?? 0) + 1);
  return paths.map((path) => {
    const name = base(path);
    if ((counts.get(name) ?? 0) < 2) return name;
    const parts = path.split('/');
    return parts.slice(-2).join('/');
  });
}

/** The generated files of one table, one tab each, with copy and download. */
export function PreviewDialog({
  table,
  onClose,
  onDownload,
}: {
  table: GenTable | null;
  onClose: () => void;
  onDownload: (table: GenTable) => void;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Record<string, string> | null>(null);
  const [active, setActive] = useState<string>('');

  useEffect(() => {
    setFiles(null);
    if (!table) return;
    let alive = true;
    genApi
      .preview(table.tableId)
      .then((res) => {
        if (!alive) return;
        setFiles(res.data ?? {});
        setActive(Object.keys(res.data ?? {})[0] ?? '');
      })
      .catch(() => alive && onClose());
    return () => {
      alive = false;
    };
  }, [table, onClose]);

  const paths = Object.keys(files ?? {});
  const labels = tabLabels(paths);

  return (
    <DraggableDialog
      open={!!table}
      title={t('gen.previewTitle', { name: table?.tableName ?? '' })}
      onCancel={onClose}
      testId="gen-preview-dialog"
      footer={[
        <HasPermi key="download" value={['tool:gen:code']}>
          <Button icon={<DownloadOutlined />} onClick={() => table && onDownload(table)}>
            {t('gen.download')}
          </Button>
        </HasPermi>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('job.close')}
        </Button>,
      ]}
    >
      {!files ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : paths.length === 0 ? (
        <Empty description={t('gen.noFiles')} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={setActive}
          data-testid="gen-preview-tabs"
          items={paths.map((path, i) => ({
            key: path,
            label: (
              <Tooltip title={path}>
                <span>{labels[i]}</span>
              </Tooltip>
            ),
            children: (
              <div>
                <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
                  <Typography.Text type="secondary" code>
                    {path}
                  </Typography.Text>
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    onClick={() => void copyText(files[path] ?? '')}
                    data-testid="gen-preview-copy"
                  >
                    {t('common.copy')}
                  </Button>
                </Space>
                <pre
                  className="lx-code"
                  data-testid="gen-preview-code"
                  style={{
                    margin: 0,
                    maxHeight: '60vh',
                    overflow: 'auto',
                    padding: 12,
                    background: '#f6f8fa',
                    border: '1px solid #eaecef',
                    borderRadius: 4,
                    fontSize: 12,
                    lineHeight: 1.5,
                  }}
                >
                  <code>{files[path]}</code>
                </pre>
              </div>
            ),
          }))}
        />
      )}
    </DraggableDialog>
  );
}
