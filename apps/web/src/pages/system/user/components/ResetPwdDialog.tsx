import { App, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../../features/system/user-api';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { SubmitOnEnter } from '../../../../shared/SubmitOnEnter';
import { passwordRules } from '../../../../shared/validation';

interface Values {
  password: string;
  confirmPassword: string;
}

/** A new password for someone else's account, typed twice (spec §5: they must match). */
export function ResetPwdDialog({
  user,
  onClose,
}: {
  user: { userId: number; userName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await userApi.resetPwd(user.userId, values.password);
      message.success(t('user.resetPwdDone', { name: user.userName }));
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={!!user}
      title={t('user.resetPwdTitle', { name: user?.userName ?? '' })}
      width={480}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="reset-pwd-dialog"
    >
      <Form<Values> form={form} labelCol={{ flex: '110px' }} onFinish={() => void submit()}>
        <SubmitOnEnter />
        <Form.Item name="password" label={t('user.newPassword')} rules={passwordRules(t)}>
          <Input.Password maxLength={20} autoFocus autoComplete="new-password" data-testid="reset-pwd-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('user.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('profile.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.mismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" data-testid="reset-pwd-confirm" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
