import { PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_LIMIT, UPLOAD_IMAGE_SIZE_MB, UPLOAD_IMAGE_TYPES } from '../constants';
import { feedback } from '../feedback';
import { checkUpload } from './rules';
import { sendFile } from './send';

export interface ImageUploadProps {
  value?: string;
  onChange?: (value: string) => void;
  action?: string;
  limit?: number;
  sizeMB?: number;
  types?: readonly string[];
}

const toList = (value?: string): UploadFile[] =>
  (value ? value.split(',') : [])
    .filter(Boolean)
    .map((url, index) => ({ uid: `${index}-${url}`, name: url, url, status: 'done' }));

/** Image upload: png/jpg/jpeg, 5 MB, 5 files (spec §5), with preview. */
export function ImageUpload({
  value,
  onChange,
  action = '/file/upload',
  limit = UPLOAD_IMAGE_LIMIT,
  sizeMB = UPLOAD_IMAGE_SIZE_MB,
  types = UPLOAD_IMAGE_TYPES,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const files = useMemo(() => toList(value), [value]);
  const [preview, setPreview] = useState<string | null>(null);
  const emit = (list: UploadFile[]) =>
    onChange?.(
      list
        .map((file) => file.url)
        .filter(Boolean)
        .join(','),
    );

  return (
    <>
      <Upload
        listType="picture-card"
        fileList={files}
        accept={types.map((type) => `.${type}`).join(',')}
        beforeUpload={(file) => {
          const check = checkUpload(file, { types, sizeMB, limit }, files.length);
          if (!check.ok) {
            feedback.error(t(check.key, check.values));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const close = feedback.loading(t('upload.uploadingImage'));
          const res = await sendFile(action, file as File, 'file', {}, 'upload.imageFailed');
          close();
          if (!res?.url) {
            onError?.(new Error('upload'));
            return;
          }
          onSuccess?.(res);
          emit([...files, { uid: res.url, name: res.url, url: res.url, status: 'done' }]);
        }}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          emit(files.filter((item) => item.uid !== file.uid));
          return true;
        }}
      >
        {files.length >= limit ? null : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.chooseImage')}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
