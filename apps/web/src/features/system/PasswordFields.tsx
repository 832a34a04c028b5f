import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../shared/validation';

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The three fields of a password change — current, new (the password rules), confirmation —
 * shared by the profile's password tab and the first-sign-in screen.
 */
export function PasswordFields({ testIdPrefix, autoFocus }: { testIdPrefix: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" autoFocus={autoFocus} data-testid={`${testIdPrefix}-old`} />
      </Form.Item>
      <Form.Item name="newPassword" label={t('profile.newPassword')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-new`} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('profile.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  );
}
