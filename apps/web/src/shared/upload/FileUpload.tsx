import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_FILE_LIMIT, UPLOAD_FILE_SIZE_MB, UPLOAD_FILE_TYPES } from '../constants';
import { feedback } from '../feedback';
import { checkUpload, type UploadRules } from './rules';
import { sendFile } from './send';

export interface FileUploadProps {
  /** comma-separated server URLs (RuoYi style) */
  value?: string;
  onChange?: (value: string) => void;
  action?: string;
  types?: readonly string[];
  sizeMB?: number;
  limit?: number;
  showTip?: boolean;
}

function toList(value: string | undefined): UploadFile[] {
  return (value ? value.split(',') : []).filter(Boolean).map((url, index) => ({
    uid: `${index}-${url}`,
    name: decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)),
    url,
    status: 'done' as const,
  }));
}

/** File upload: doc/xls/ppt/txt/pdf, 500 KB, 5 files by default (spec §5). */
export function FileUpload({
  value,
  onChange,
  action = '/file/upload',
  types = UPLOAD_FILE_TYPES,
  sizeMB = UPLOAD_FILE_SIZE_MB,
  limit = UPLOAD_FILE_LIMIT,
  showTip = true,
}: FileUploadProps) {
  const { t } = useTranslation();
  const rules: UploadRules = { types, sizeMB, limit };
  const files = useMemo(() => toList(value), [value]);
  const [uploading, setUploading] = useState(0);

  const emit = (list: UploadFile[]) =>
    onChange?.(
      list
        .map((file) => file.url)
        .filter(Boolean)
        .join(','),
    );

  return (
    <div>
      <Upload
        fileList={files}
        multiple
        beforeUpload={(file) => {
          const check = checkUpload(file, rules, files.length + uploading);
          if (!check.ok) {
            feedback.error(t(check.key, check.values));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          const close = feedback.loading(t('upload.uploading'));
          const res = await sendFile(action, file as File);
          close();
          setUploading((n) => n - 1);
          if (!res?.url) {
            onError?.(new Error('upload'));
            return;
          }
          onSuccess?.(res);
          emit([
            ...toList(value),
            { uid: res.url, name: res.originalFilename ?? res.url, url: res.url, status: 'done' },
          ]);
        }}
        onRemove={(file) => {
          emit(files.filter((item) => item.uid !== file.uid));
          return true;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('upload.choose')}</Button>
      </Upload>
      {showTip && (
        <div style={{ color: '#909399', fontSize: 12, marginTop: 4 }}>
          {t('upload.tip', {
            size: sizeMB < 1 ? `${Math.round(sizeMB * 1024)} KB` : `${sizeMB} MB`,
            types: types.join('/'),
          })}
        </div>
      )}
    </div>
  );
}
