import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { profileApi } from '../../../features/system/profile-api';
import { AVATAR_SIZE_MB, UPLOAD_IMAGE_TYPES } from '../../../shared/constants';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { storage } from '../../../shared/storage';
import { checkUpload } from '../../../shared/upload/rules';
import { sendFile } from '../../../shared/upload/send';

/** Change avatar: pick an image (png/jpg/jpeg, 2 MB), preview it, upload as 'avatarfile'. */
export function AvatarDialog({
  open,
  current,
  onClose,
  onChanged,
}: {
  open: boolean;
  current?: string;
  onClose: () => void;
  onChanged: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>(current);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setFile(null);
      setPreview(current);
    }
  }, [open, current]);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async () => {
    if (!file) {
      message.warning(t('upload.uploadFirst'));
      return;
    }
    setBusy(true);
    const res = await sendFile(profileApi.avatarUrl, file, 'avatarfile', {}, 'upload.imageFailed');
    setBusy(false);
    if (!res?.imgUrl) return;
    const user = session.get().user;
    if (user) {
      const next = { ...user, avatar: res.imgUrl };
      storage.setJson(storage.keys.userInfo, next);
      session.set({ user: next });
    }
    message.success(t('common.updateSuccess'));
    onChanged(res.imgUrl);
    onClose();
  };

  return (
    <DraggableDialog
      open={open}
      title={t('profile.changeAvatar')}
      width={480}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      testId="avatar-dialog"
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <Avatar size={160} src={preview} icon={<UserOutlined />} />
        <Upload
          accept={UPLOAD_IMAGE_TYPES.map((type) => `.${type}`).join(',')}
          showUploadList={false}
          beforeUpload={(picked) => {
            const check = checkUpload(picked, { types: UPLOAD_IMAGE_TYPES, sizeMB: AVATAR_SIZE_MB, limit: 1 }, 0);
            if (!check.ok) message.error(t(check.key, check.values));
            else setFile(picked);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('profile.selectImage')}</Button>
        </Upload>
      </Space>
    </DraggableDialog>
  );
}
