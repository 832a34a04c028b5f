import { InboxOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Space, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FILE_TYPES } from './constants';
import { DraggableDialog } from './DraggableDialog';
import { formatDateTime } from './date';
import { download } from './download';
import { ProTable } from './table/ProTable';
import { checkUpload } from './upload/rules';
import { sendFile } from './upload/send';

export interface ImportRecord {
  id: number;
  fileName?: string;
  importType?: string;
  successCount?: number;
  failCount?: number;
  createBy?: string;
  createTime?: string;
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** multipart endpoint receiving 'file' and 'updateSupport' */
  uploadUrl: string;
  /** POST endpoint returning the template workbook */
  templateUrl?: string;
  templateName?: string;
  /** import history; the spec's record list (null: the import keeps none, the tab is left out) */
  recordUrl?: string | null;
  recordParams?: Record<string, unknown>;
  onImported?: () => void;
}

/** Batch import with two tabs: quick import (xls/xlsx) and the import record. */
export function ImportDialog({
  open,
  onClose,
  title,
  uploadUrl,
  templateUrl,
  templateName = 'template.xlsx',
  recordUrl = '/lighting/import/importRecord',
  recordParams,
  onImported,
}: ImportDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('quick');

  const submit = async () => {
    if (!file) {
      message.warning(t('upload.uploadFirst'));
      return;
    }
    setBusy(true);
    const close = message.loading(t('upload.uploading'), 0);
    const res = await sendFile(uploadUrl, file, 'file', { updateSupport: String(updateSupport) });
    close();
    setBusy(false);
    if (!res) return;
    setFile(null);
    onImported?.();
    modal.info({ title: t('import.result'), content: <div style={{ whiteSpace: 'pre-wrap' }}>{res.msg}</div> });
  };

  const quick = (
    <div>
      <Upload.Dragger
        accept={IMPORT_FILE_TYPES.map((type) => `.${type}`).join(',')}
        maxCount={1}
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
        beforeUpload={(picked) => {
          const check = checkUpload(picked, { types: IMPORT_FILE_TYPES, sizeMB: 0, limit: 1 }, 0);
          if (!check.ok) {
            message.error(t(check.key, check.values));
            return Upload.LIST_IGNORE;
          }
          setFile(picked);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('import.drop')}</p>
        <p style={{ color: '#909399', fontSize: 12 }}>{t('import.tip')}</p>
      </Upload.Dragger>
      <Space style={{ marginTop: 12 }}>
        <Checkbox checked={updateSupport} onChange={(event) => setUpdateSupport(event.target.checked)}>
          {t('import.updateSupport')}
        </Checkbox>
        {templateUrl && (
          <Button type="link" onClick={() => void download(templateUrl, { fileName: templateName })}>
            {t('import.template')}
          </Button>
        )}
      </Space>
    </div>
  );

  const records = (
    <ProTable<ImportRecord>
      url={recordUrl ?? ''}
      rowKey="id"
      extraParams={recordParams}
      scrollY={360}
      columns={[
        { key: 'fileName', dataIndex: 'fileName', title: t('import.fileName') },
        { key: 'successCount', dataIndex: 'successCount', title: t('import.successCount'), width: 110 },
        { key: 'failCount', dataIndex: 'failCount', title: t('import.failCount'), width: 110 },
        { key: 'createBy', dataIndex: 'createBy', title: t('import.operator'), width: 120 },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('import.time'),
          width: 170,
          render: (v) => formatDateTime(v),
        },
      ]}
    />
  );

  return (
    <DraggableDialog
      open={open}
      title={title}
      width={800}
      onCancel={onClose}
      onOk={tab === 'quick' ? submit : onClose}
      confirmLoading={busy}
      testId="import-dialog"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'quick', label: t('import.quick'), children: quick },
          ...(recordUrl === null
            ? []
            : [{ key: 'record', label: t('import.record'), children: tab === 'record' ? records : null }]),
        ]}
      />
    </DraggableDialog>
  );
}
