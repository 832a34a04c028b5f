import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { AppVersionRow } from '@luxgrid/contracts/mobile';
import { Button, Form, Input, InputNumber, Radio, Select, Switch, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppVersionForm, appVersionApi } from '../../../features/mobile/api';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { actionsColumn, column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  RowActions,
  RowLink,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { sendFile } from '../../../shared/upload/send';

const PERM = 'app:version';
type VersionForm = AppVersionForm & { source?: 'file' | 'url'; force?: boolean };
const EMPTY: VersionForm = {
  platform: 'WEB',
  versionCode: 1,
  versionName: '',
  source: 'url',
  url: '',
  releaseNotes: '',
  forceUpdate: '0',
  status: '0',
};

/** App versions (app/version): releases of the crews' app, an uploaded package or the web app's address. */
export function AppVersionPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const platforms = useDict('app_platform');
  const [uploading, setUploading] = useState(false);
  const edit = useEditDialog<VersionForm>({
    api: appVersionApi,
    idKey: 'versionId',
    table,
    warnIncomplete: true,
    toForm: (row) => ({ ...row, source: row.fileName ? 'file' : 'url', force: row.forceUpdate === '1' }),
    toBody: ({ source, force, ...row }) => ({
      ...row,
      forceUpdate: force ? '1' : '0',
      fileName: source === 'file' ? row.fileName : '',
      url: source === 'url' ? row.url : '',
    }),
  });
  const remove = useConfirmRemove(appVersionApi.remove, (names) => t('appVersion.deleteConfirm', { names }), table);
  const source = Form.useWatch('source', edit.form);
  const fileName = Form.useWatch('fileName', edit.form);

  const columns: ProColumn<AppVersionRow>[] = [
    dictColumn('platform', t('appVersion.platform'), 'app_platform', { width: 100 }),
    column('versionCode', t('appVersion.versionCode'), { width: 100, sortField: 'versionCode' }),
    textColumn('versionName', t('appVersion.versionName'), { width: 120 }),
    {
      key: 'source',
      dataIndex: 'url',
      title: t('appVersion.package'),
      ellipsis: true,
      render: (url: string, row) =>
        row.fileName ? `${row.fileName.split('/').pop()} (${Math.ceil(row.fileSize / 1024)} KB)` : url,
    },
    textColumn('releaseNotes', t('appVersion.releaseNotes')),
    column('forceUpdate', t('appVersion.forceUpdate'), { width: 100, render: (v: string) => (v === '1' ? '✓' : '') }),
    {
      key: 'clientId',
      dataIndex: 'clientId',
      title: '',
      width: 110,
      render: (v: number | null) => (v === null ? t('appVersion.platformWide') : ''),
    },
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    timeColumn('createTime', t('common.createTime')),
    actionsColumn(t('common.actions'), 220, (row) => (
      <RowActions perm={PERM} onEdit={() => edit.open(row)} onRemove={() => remove([row.versionId], row.versionName)}>
        {row.fileName && (
          <RowLink
            icon={<DownloadOutlined />}
            label={t('appVersion.download')}
            onClick={() =>
              void download(appVersionApi.packageUrl(row.versionId), {
                method: 'GET',
                fileName: row.fileName.split('/').pop(),
              })
            }
          />
        )}
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="app-version-page">
      <ProTable<AppVersionRow>
        ref={table}
        url={appVersionApi.listUrl}
        rowKey="versionId"
        selectable
        testId="app-version-table"
        empty={t('appVersion.empty')}
        columns={columns}
        searchFields={[
          { type: 'select', name: 'platform', label: t('appVersion.platform'), dictType: 'app_platform' },
          { type: 'input', name: 'versionName', label: t('appVersion.versionName') },
        ]}
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="app-version"
            onAdd={() => edit.open({ ...EMPTY })}
            selected={rows.length}
            onRemove={() =>
              remove(
                rows.map((r) => r.versionId),
                rows.map((r) => r.versionName).join(', '),
              )
            }
          />
        )}
      />
      <EditDialog<VersionForm>
        edit={edit}
        addTitle={t('appVersion.addTitle')}
        editTitle={t('appVersion.editTitle')}
        width={620}
        labelWidth={110}
        testId="app-version-dialog"
      >
        <Form.Item name="platform" label={t('appVersion.platform')} rules={[{ required: true }]}>
          <Select options={platforms.map((p) => ({ value: p.dictValue, label: p.dictLabel }))} />
        </Form.Item>
        <Form.Item
          name="versionCode"
          label={t('appVersion.versionCode')}
          rules={[{ required: true, message: t('appVersion.versionCodeRequired') }]}
        >
          <InputNumber min={1} max={2_000_000_000} precision={0} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="versionName"
          label={t('appVersion.versionName')}
          rules={[{ required: true, whitespace: true, message: t('appVersion.versionNameRequired') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="source" label={t('appVersion.source')}>
          <Radio.Group
            options={[
              { value: 'url', label: t('appVersion.sourceUrl') },
              { value: 'file', label: t('appVersion.sourceFile') },
            ]}
          />
        </Form.Item>
        {source === 'file' ? (
          <Form.Item
            name="fileName"
            label={t('appVersion.package')}
            rules={[{ required: true, message: t('appVersion.sourceRequired') }]}
          >
            <Upload
              accept=".apk,.ipa,.hap"
              maxCount={1}
              showUploadList={false}
              customRequest={async ({ file }) => {
                setUploading(true);
                const res = await sendFile(appVersionApi.uploadUrl, file as File);
                setUploading(false);
                const data = (res as { data?: { fileName?: string } } | null)?.data;
                if (data?.fileName) edit.form.setFieldValue('fileName', data.fileName);
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {fileName
                  ? t('appVersion.uploaded', { name: String(fileName).split('/').pop() })
                  : t('appVersion.upload')}
              </Button>
            </Upload>
          </Form.Item>
        ) : (
          <Form.Item
            name="url"
            label={t('appVersion.url')}
            rules={[{ required: true, type: 'url', message: t('appVersion.sourceRequired') }]}
          >
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
        <Form.Item name="releaseNotes" label={t('appVersion.releaseNotes')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="force" label={t('appVersion.forceUpdate')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <StatusField />
        <RemarkField />
      </EditDialog>
    </div>
  );
}
