import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { download } from '../../shared/download';
import { request } from '../../shared/request';
import { type Credentials, coverApi } from './model';

interface ImportResult {
  total: number;
  created: number;
  failures: { row: number; reason: string }[];
  credentials: Credentials[];
}

/** The covers' Excel import: the template, the upload, then the rows refused and each new cover's secret (shown once). */
export function CoverImport({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const res = await request<{ data: ImportResult }>({
        url: `${coverApi.importUrl}?projectId=${projectId}`,
        method: 'POST',
        data: body,
      });
      setResult(res.data);
    } catch {
      // the request layer showed why (a wrong file, a missing column)
    } finally {
      setBusy(false);
    }
  };
  return (
    <DraggableDialog
      open={open}
      title={t('mhDevice.importTitle')}
      width={720}
      onCancel={close}
      footer={<Button onClick={close}>{t('mhDevice.close')}</Button>}
      testId="cover-import-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void download(coverApi.templateUrl, { method: 'GET', fileName: `${t('mhDevice.template')}.xlsx` })
            }
            data-testid="cover-template"
          >
            {t('mhDevice.template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="cover-upload">
              {t('mhDevice.upload')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <>
            <Alert
              type={result.failures.length ? 'warning' : 'success'}
              showIcon
              title={t('mhDevice.importResult', { created: result.created, failed: result.failures.length })}
              data-testid="cover-import-result"
            />
            {result.failures.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                pagination={false}
                dataSource={result.failures}
                columns={[
                  { key: 'row', dataIndex: 'row', title: t('mhDevice.row'), width: 80 },
                  { key: 'reason', dataIndex: 'reason', title: t('mhDevice.reason') },
                ]}
              />
            )}
            {result.credentials.length > 0 && (
              <>
                <Alert type="warning" showIcon title={t('ltSecret.warning')} />
                <Table
                  size="small"
                  rowKey="uid"
                  pagination={false}
                  scroll={{ y: 240 }}
                  dataSource={result.credentials}
                  columns={[
                    { key: 'user', dataIndex: 'mqttUserName', title: t('ltSecret.userName') },
                    {
                      key: 'secret',
                      dataIndex: 'secret',
                      title: t('ltSecret.secret'),
                      render: (value: string) => (
                        <Typography.Text code copyable>
                          {value}
                        </Typography.Text>
                      ),
                    },
                  ]}
                />
              </>
            )}
          </>
        )}
      </Space>
    </DraggableDialog>
  );
}
