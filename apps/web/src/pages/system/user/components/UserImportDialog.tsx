import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Space, Table, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ImportRecord,
  type ImportResult,
  type ImportRowError,
  userApi,
} from '../../../../features/system/user-api';
import { DATE_COLUMN_WIDTH, IMPORT_FILE_TYPES } from '../../../../shared/constants';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { formatDateTime } from '../../../../shared/date';
import { download } from '../../../../shared/download';
import { ProTable } from '../../../../shared/table/ProTable';
import { checkUpload } from '../../../../shared/upload/rules';
import { sendFile } from '../../../../shared/upload/send';
import { InitialPasswords } from './InitialPasswords';

/** The failed rows of an import: row number in the sheet, account, and why. */
export function RowErrors({ errors, testId }: { errors: ImportRowError[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Table<ImportRowError>
      size="small"
      rowKey={(row) => `${row.row}-${row.userName}`}
      dataSource={errors}
      pagination={errors.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      data-testid={testId}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('user.import.row'), width: 80 },
        { key: 'userName', dataIndex: 'userName', title: t('user.userName'), width: 150, ellipsis: true },
        { key: 'msg', dataIndex: 'msg', title: t('user.import.reason') },
      ]}
    />
  );
}

function ResultSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-result">
      <Alert
        showIcon
        type={result.failCount ? (result.successCount ? 'warning' : 'error') : 'success'}
        title={t('user.import.summary', {
          total: result.total,
          success: result.successCount,
          inserted: result.insertCount,
          updated: result.updateCount,
          fail: result.failCount,
        })}
        style={{ marginBottom: 8 }}
      />
      {result.errors.length > 0 && <RowErrors errors={result.errors} testId="import-errors" />}
      {!!result.passwords?.length && <InitialPasswords rows={result.passwords} testId="import-passwords" />}
    </div>
  );
}

/**
 * User import (spec §5: xls and xlsx only): quick import with the 'update existing' option and
 * the template, the row errors of the last import, and the import record with each import's errors.
 * The shell's ImportDialog shows only the server's message and sends the option as a form field;
 * the user import needs it in the query and shows every failed row.
 */
export function UserImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('quick');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [record, setRecord] = useState<ImportRecord | null>(null);

  const close = () => {
    setFile(null);
    setResult(null);
    setRecord(null);
    setTab('quick');
    onClose();
  };

  const submit = async () => {
    if (!file) {
      message.warning(t('upload.uploadFirst'));
      return;
    }
    setBusy(true);
    const done = message.loading(t('upload.uploading'), 0);
    const res = await sendFile(userApi.importUrl(updateSupport), file);
    done();
    setBusy(false);
    if (!res) return;
    setFile(null);
    setResult((res as unknown as { data: ImportResult }).data);
    onImported();
  };

  const openRecord = async (importId: number) => {
    try {
      const res = await userApi.importRecord(importId);
      setRecord(res.data);
    } catch {
      // shown by the request layer
    }
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
          setResult(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          return true;
        }}
        data-testid="import-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('import.drop')}</p>
        <p style={{ color: '#909399', fontSize: 12 }}>{t('import.tip')}</p>
      </Upload.Dragger>
      <Space style={{ margin: '12px 0' }} wrap>
        <Checkbox
          checked={updateSupport}
          onChange={(event) => setUpdateSupport(event.target.checked)}
          data-testid="import-update-support"
        >
          {t('import.updateSupport')}
        </Checkbox>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          onClick={() => void download(userApi.templateUrl, { fileName: `user_template_${Date.now()}.xlsx` })}
          data-testid="import-template"
        >
          {t('import.template')}
        </Button>
      </Space>
      {result && <ResultSummary result={result} />}
    </div>
  );

  const records = (
    <ProTable<ImportRecord>
      empty={t('user.import.noRecords')}
      url={userApi.importRecordUrl}
      rowKey="importId"
      scrollY={320}
      testId="import-records"
      columns={[
        { key: 'fileName', dataIndex: 'fileName', title: t('import.fileName'), ellipsis: true },
        { key: 'total', dataIndex: 'total', title: t('user.import.total'), width: 80 },
        { key: 'successCount', dataIndex: 'successCount', title: t('import.successCount'), width: 90 },
        { key: 'failCount', dataIndex: 'failCount', title: t('import.failCount'), width: 80 },
        {
          key: 'updateSupport',
          dataIndex: 'updateSupport',
          title: t('import.updateSupport'),
          width: 120,
          defaultHidden: true,
          render: (value: boolean) => (value ? t('sysCommon.yes') : t('sysCommon.no')),
        },
        { key: 'operName', dataIndex: 'operName', title: t('import.operator'), width: 110 },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('import.time'),
          width: DATE_COLUMN_WIDTH + 30,
          render: (value: string) => formatDateTime(value),
        },
        {
          key: 'actions',
          title: t('common.actions'),
          width: 100,
          render: (_: unknown, row: ImportRecord) =>
            row.failCount > 0 ? (
              <Button type="link" size="small" onClick={() => void openRecord(row.importId)}>
                {t('user.import.viewErrors')}
              </Button>
            ) : null,
        },
      ]}
    />
  );

  return (
    <>
      <DraggableDialog
        open={open}
        title={t('user.importTitle')}
        width={800}
        onCancel={close}
        onOk={tab === 'quick' && !result ? () => void submit() : close}
        okText={tab === 'quick' && !result ? t('user.import.start') : t('sysCommon.close')}
        confirmLoading={busy}
        testId="import-dialog"
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'quick', label: t('import.quick'), children: quick },
            { key: 'record', label: t('import.record'), children: tab === 'record' ? records : null },
          ]}
        />
      </DraggableDialog>
      <DraggableDialog
        open={!!record}
        title={t('user.import.errorsTitle', { name: record?.fileName ?? '' })}
        width={800}
        onCancel={() => setRecord(null)}
        footer={null}
        testId="import-record-dialog"
      >
        {record && <RowErrors errors={record.errors ?? []} />}
      </DraggableDialog>
    </>
  );
}
