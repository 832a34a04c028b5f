import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { COORD_SYSTEMS, type CoordSystem } from '@luxgrid/contracts/gis';
import { Alert, App, Button, Form, List, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../shared/download';
import { sendFile } from '../../shared/upload/send';
import type { ImportAnswer } from './api';

const TYPES = ['.xlsx', '.geojson', '.json'];

/**
 * Imports assets or roads from an Excel sheet (the template) or a GeoJSON file, written in WGS-84,
 * GCJ-02 or BD-09 (the server converts to WGS-84), and lists every row it refused and why.
 */
export function GisImportDialog({
  open,
  onClose,
  what,
  uploadUrl,
  templateUrl,
  templateName,
  projectId,
  onImported,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  /** what is imported, in the title */
  what: string;
  uploadUrl: string;
  templateUrl: string;
  templateName: string;
  projectId: number;
  onImported: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [crs, setCrs] = useState<CoordSystem>('WGS84');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);

  const close = () => {
    setFile(null);
    setAnswer(null);
    onClose();
  };
  const submit = async () => {
    if (!file) {
      message.warning(t('gisImport.pick'));
      return;
    }
    setBusy(true);
    const res = await sendFile(`${uploadUrl}?projectId=${projectId}&crs=${crs}`, file);
    setBusy(false);
    if (!res) return;
    setFile(null);
    setAnswer((res as unknown as { data: ImportAnswer }).data);
    onImported();
  };

  return (
    <Modal
      open={open}
      title={t('gisImport.title', { what })}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('gisImport.import')}
      confirmLoading={busy}
      width={620}
      destroyOnHidden
      data-testid={testId}
    >
      <Alert type="info" showIcon title={t('gisImport.hint')} style={{ marginBottom: 12 }} />
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('gisCrs.label')}>
          <Select
            value={crs}
            onChange={setCrs}
            style={{ width: 280 }}
            options={COORD_SYSTEMS.map((value) => ({ value, label: t(`gisCrs.${value}`) }))}
            data-testid={`${testId}-crs`}
          />
        </Form.Item>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download(templateUrl, { method: 'GET', fileName: templateName })}
        >
          {t('gisImport.template')}
        </Button>
      </Form>
      <Upload.Dragger
        accept={TYPES.join(',')}
        maxCount={1}
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
        beforeUpload={(picked) => {
          setFile(picked);
          setAnswer(null);
          return false;
        }}
        onRemove={() => setFile(null)}
        data-testid={`${testId}-file`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('gisImport.drop')}</p>
      </Upload.Dragger>
      {answer && (
        <div style={{ marginTop: 12 }} data-testid={`${testId}-result`}>
          <Alert
            type={answer.failures.length ? 'warning' : 'success'}
            showIcon
            title={t('gisImport.result', { total: answer.total, created: answer.created })}
          />
          {answer.failures.length > 0 && (
            <List
              size="small"
              header={t('gisImport.failures')}
              dataSource={answer.failures}
              renderItem={(failure) => <List.Item>{failure.reason}</List.Item>}
              style={{ maxHeight: 220, overflow: 'auto' }}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
