import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { download } from '../../shared/download';
import { request } from '../../shared/request';
import type { DeviceFamily } from './family';
import { type Credentials, useLabel } from './model';

interface ImportResult {
  total: number;
  created: number;
  failures: { row: number; reason: string }[];
  credentials: Credentials[];
}

/**
 * A family's Excel import: the template (its columns come from the thing model), the upload, then
 * the rows refused and each new device's secret (shown once).
 */
export function FamilyImport({
  family,
  open,
  projectId,
  onClose,
}: {
  family: DeviceFamily;
  open: boolean;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const type = useLabel()(family.type.label);
  const { api, testId } = family;
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
        url: `${api.importUrl}?projectId=${projectId}`,
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
      title={t('familyDevice.importTitle', { type })}
      width={720}
      onCancel={close}
      footer={<Button onClick={close}>{t('familyDevice.close')}</Button>}
      testId={`${testId}-import-dialog`}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void download(api.templateUrl, {
                method: 'GET',
                fileName: `${t('familyDevice.template', { type })}.xlsx`,
              })
            }
            data-testid={`${testId}-template`}
          >
            {t('familyDevice.template', { type })}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
              {t('familyDevice.upload')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <>
            <Alert
              type={result.failures.length ? 'warning' : 'success'}
              showIcon
              title={t('familyDevice.importResult', { created: result.created, failed: result.failures.length })}
              data-testid={`${testId}-import-result`}
            />
            {result.failures.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                pagination={false}
                dataSource={result.failures}
                columns={[
                  { key: 'row', dataIndex: 'row', title: t('familyDevice.row'), width: 80 },
                  { key: 'reason', dataIndex: 'reason', title: t('familyDevice.reason') },
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
