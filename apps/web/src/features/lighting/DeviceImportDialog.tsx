import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Progress, Select, Space, Statistic, Tabs, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../shared/DictTag';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { formatDateTime } from '../../shared/date';
import { useDict } from '../../shared/dict';
import { download } from '../../shared/download';
import { ProTable } from '../../shared/table/ProTable';
import { checkUpload } from '../../shared/upload/rules';
import { sendFile } from '../../shared/upload/send';
import { importApi } from './api';
import { type ImportProgress, useImportProgress } from './live';
import { useProjectId } from './project';
import type { DeviceType, ImportDetailRow, ImportRecordRow } from './types';

const IMPORT_TYPES = ['xlsx'];
const POLL_MS = 2000;

export interface DeviceImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** the device types this screen imports, the first one preselected */
  types: readonly DeviceType[];
  onImported?: () => void;
}

function ImportDetails({ record, onBack }: { record: ImportRecordRow; onBack: () => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<string | undefined>(undefined);
  const params = useMemo(
    () => ({ recordId: record.recordId, ...(result ? { result } : {}) }),
    [record.recordId, result],
  );
  return (
    <div data-testid="import-details">
      <Space style={{ marginBottom: 8 }} wrap>
        <Button onClick={onBack}>{t('ltImport.back')}</Button>
        <span>
          {record.fileName} · {t('ltImport.successCount')}: {record.successCount} · {t('ltImport.failCount')}:{' '}
          {record.failCount}
        </span>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('ltImport.result')}
          value={result}
          onChange={setResult}
          options={[
            { value: 'SUCCESS', label: t('ltImport.success') },
            { value: 'FAIL', label: t('ltImport.fail') },
          ]}
          data-testid="import-detail-result"
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void download(importApi.detailExportUrl, {
              method: 'GET',
              params,
              fileName: `import_${record.recordId}.xlsx`,
            })
          }
          data-testid="import-detail-export"
        >
          {t('common.export')}
        </Button>
      </Space>
      <ProTable<ImportDetailRow>
        url={importApi.detailUrl}
        rowKey="detailId"
        extraParams={params}
        scrollY={320}
        columns={[
          { key: 'rowNo', dataIndex: 'rowNo', title: t('ltImport.rowNo'), width: 80 },
          { key: 'uid', dataIndex: 'uid', title: 'UID', width: 180 },
          { key: 'name', dataIndex: 'name', title: t('ltCommon.name'), width: 160 },
          {
            key: 'result',
            dataIndex: 'result',
            title: t('ltImport.result'),
            width: 90,
            render: (value: string) => (
              <span style={{ color: value === 'SUCCESS' ? '#52c41a' : '#ff4d4f' }}>
                {value === 'SUCCESS' ? t('ltImport.success') : t('ltImport.fail')}
              </span>
            ),
          },
          { key: 'message', dataIndex: 'message', title: t('ltImport.message'), ellipsis: true },
        ]}
      />
    </div>
  );
}

function ProgressView({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation();
  const percent = progress.total ? Math.floor((progress.processed / progress.total) * 100) : 0;
  const done = progress.status !== 'RUNNING';
  return (
    <div data-testid="import-progress" data-status={progress.status}>
      <Progress
        percent={done ? 100 : percent}
        status={
          progress.status === 'FAILED' ? 'exception' : done ? (progress.failCount ? 'normal' : 'success') : 'active'
        }
      />
      <Space size={32} style={{ marginTop: 8 }}>
        <Statistic title={t('ltImport.total')} value={progress.total} />
        <Statistic title={t('ltImport.processed')} value={progress.processed} />
        <Statistic
          title={t('ltImport.successCount')}
          value={progress.successCount}
          styles={{ content: { color: '#52c41a' } }}
          data-testid="import-success-count"
        />
        <Statistic
          title={t('ltImport.failCount')}
          value={progress.failCount}
          styles={{ content: { color: progress.failCount ? '#ff4d4f' : undefined } }}
          data-testid="import-fail-count"
        />
      </Space>
    </div>
  );
}

/**
 * Batch import of devices (spec §2 batch-import dialog): quick import with a template per
 * device type and a progress bar fed by import.progress pushes, and the import records with
 * each row's result and an export of them.
 */
export function DeviceImportDialog({ open, onClose, types, onImported }: DeviceImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId();
  const typeDict = useDict('lighting_device_type');
  const [tab, setTab] = useState('quick');
  const [type, setType] = useState<DeviceType>(types[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [recordId, setRecordId] = useState<number | null>(null);
  const [polled, setPolled] = useState<ImportProgress | null>(null);
  const [record, setRecord] = useState<ImportRecordRow | null>(null);
  const pushed = useImportProgress(recordId);
  const recordParams = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const finished = useRef(false);

  useEffect(() => {
    if (open) {
      setTab('quick');
      setType(types[0]!);
      setFile(null);
      setRecordId(null);
      setPolled(null);
      setRecord(null);
      finished.current = false;
    }
  }, [open, types]);

  // the push may come before the answer, or not at all (another server process): poll as well
  useEffect(() => {
    if (recordId === null) return;
    let alive = true;
    const poll = async () => {
      try {
        const { data } = await importApi.progress(recordId);
        if (alive) setPolled(data);
        if (data.status === 'RUNNING' && alive) timer = setTimeout(poll, POLL_MS);
      } catch {
        if (alive) timer = setTimeout(poll, POLL_MS * 2);
      }
    };
    let timer = setTimeout(poll, 300);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [recordId]);

  // the newer of pushed and polled wins
  const progress =
    pushed && polled
      ? pushed.processed >= polled.processed && !(polled.status !== 'RUNNING' && pushed.status === 'RUNNING')
        ? pushed
        : polled
      : (pushed ?? polled);
  const done = !!progress && progress.status !== 'RUNNING';

  useEffect(() => {
    if (done && !finished.current) {
      finished.current = true;
      onImported?.();
    }
  }, [done, onImported]);

  const start = async () => {
    if (!projectId) {
      message.warning(t('ltCommon.projectRequired'));
      return;
    }
    if (!file) {
      message.warning(t('upload.uploadFirst'));
      return;
    }
    setBusy(true);
    const res = (await sendFile(importApi.uploadUrl(type, projectId), file)) as
      | (Awaited<ReturnType<typeof sendFile>> & { data?: { recordId: number; total: number } })
      | null;
    setBusy(false);
    if (!res?.data) return;
    setFile(null);
    setRecordId(res.data.recordId);
    message.success(res.msg || t('ltImport.started'));
  };

  const typeOptions = types.map((value) => ({
    value,
    label: typeDict.find((item) => item.dictValue === value)?.dictLabel ?? value,
  }));

  const quick = (
    <div data-testid="import-quick">
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('ltCommon.deviceType')}>
          <Select
            style={{ width: 220 }}
            value={type}
            onChange={setType}
            options={typeOptions}
            disabled={recordId !== null && !done}
            data-testid="import-type"
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() =>
              void download(importApi.templateUrl, {
                method: 'GET',
                params: { deviceType: type },
                fileName: `import_template_${type}.xlsx`,
              })
            }
            data-testid="import-template"
          >
            {t('import.template')}
          </Button>
        </Form.Item>
      </Form>
      {recordId === null || done ? (
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
          beforeUpload={(picked) => {
            const check = checkUpload(picked, { types: IMPORT_TYPES, sizeMB: 20, limit: 1 }, 0);
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
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('import.drop')}</p>
          <p style={{ color: '#909399', fontSize: 12 }}>{t('ltImport.tip')}</p>
        </Upload.Dragger>
      ) : null}
      {progress && (
        <div style={{ marginTop: 16 }}>
          <ProgressView progress={progress} />
          {done && (
            <Alert
              style={{ marginTop: 12 }}
              type={progress.status === 'FAILED' ? 'error' : progress.failCount ? 'warning' : 'success'}
              showIcon
              title={t('ltImport.finished', { success: progress.successCount, fail: progress.failCount })}
              action={
                <Button
                  size="small"
                  onClick={() => {
                    setTab('record');
                    setRecord({
                      recordId: progress.recordId,
                      fileName: '',
                      successCount: progress.successCount,
                      failCount: progress.failCount,
                    } as ImportRecordRow);
                  }}
                  data-testid="import-view-details"
                >
                  {t('ltImport.details')}
                </Button>
              }
            />
          )}
        </div>
      )}
    </div>
  );

  const records = record ? (
    <ImportDetails record={record} onBack={() => setRecord(null)} />
  ) : (
    <ProTable<ImportRecordRow>
      url={importApi.recordUrl}
      rowKey="recordId"
      extraParams={recordParams}
      scrollY={360}
      testId="import-records"
      columns={[
        { key: 'fileName', dataIndex: 'fileName', title: t('import.fileName'), ellipsis: true },
        {
          key: 'deviceType',
          dataIndex: 'deviceType',
          title: t('ltCommon.deviceType'),
          width: 130,
          render: (value: string) => <DictTag options={typeDict} value={value} />,
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('ltImport.status'),
          width: 100,
          render: (value: string) => t(`ltImport.statuses.${value}`, { defaultValue: value }),
        },
        { key: 'total', dataIndex: 'total', title: t('ltImport.total'), width: 80 },
        { key: 'successCount', dataIndex: 'successCount', title: t('import.successCount'), width: 90 },
        { key: 'failCount', dataIndex: 'failCount', title: t('import.failCount'), width: 90 },
        { key: 'operName', dataIndex: 'operName', title: t('import.operator'), width: 110 },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('import.time'),
          width: 170,
          render: (value: string) => formatDateTime(value),
        },
        {
          key: 'actions',
          title: t('common.actions'),
          width: 90,
          fixed: 'right',
          render: (_: unknown, row: ImportRecordRow) => (
            <Button type="link" size="small" onClick={() => setRecord(row)} data-testid="import-record-details">
              {t('ltImport.details')}
            </Button>
          ),
        },
      ]}
    />
  );

  return (
    <DraggableDialog
      open={open}
      title={t('ltImport.title')}
      width={900}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="import-close">
            {done || tab === 'record' ? t('ltImport.close') : t('common.cancel')}
          </Button>
          {tab === 'quick' && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={busy}
              disabled={!file || (recordId !== null && !done)}
              onClick={() => void start()}
              data-testid="import-submit"
            >
              {t('ltImport.start')}
            </Button>
          )}
        </Space>
      }
      testId="device-import-dialog"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          if (key === 'quick') setRecord(null);
        }}
        items={[
          { key: 'quick', label: t('import.quick'), children: quick },
          { key: 'record', label: t('import.record'), children: tab === 'record' ? records : null },
        ]}
      />
    </DraggableDialog>
  );
}
