import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasPage } from '../../../app/pages';
import { firstRoutePath, generateRoutes } from '../../../app/routes';
import { logout, passwordChanged, session } from '../../../app/session';
import { PasswordFields, type PasswordValues } from '../../../features/system/PasswordFields';
import { profileApi } from '../../../features/system/profile-api';
import { feedback } from '../../../shared/feedback';
import { LangSelect } from '../../../shared/LangSelect';
import { RequestError } from '../../../shared/request';
import { useStore } from '../../../shared/store';
import '../../login/login.css';

/**
 * Shown instead of every page while the user still holds an initial password (drawn, typed by
 * an administrator, or reset): the server answers nothing else until it is replaced. It needs
 * only /getInfo (already read) and the password change; signing out is the other way out.
 */
export function InitialPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useStore(session, (state) => state.user);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await profileApi.updatePwd(values.oldPassword, values.newPassword);
    } catch {
      // shown by the request layer; the screen stays
      setSaving(false);
      return;
    }
    message.success(t('initialPassword.done'));
    try {
      // the rest of the sign-in, as if the user had just signed in
      const outcome = await passwordChanged();
      if (outcome.kind === 'external') {
        window.location.assign(outcome.url);
        return;
      }
      const first = firstRoutePath(generateRoutes(session.get().serverRoutes, hasPage));
      const target = outcome.to ?? (pathname === '/' ? first : null);
      if (target) navigate(target, { replace: true });
    } catch (error) {
      if (!(error instanceof RequestError) && error instanceof Error) feedback.error(error.message);
      await logout(() => navigate('/', { replace: true }));
    }
  };

  return (
    <div className="lx-login" data-testid="initial-password-page">
      <div className="lx-login-lang">
        <LangSelect light />
      </div>
      <Form<PasswordValues>
        form={form}
        className="lx-login-form"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        style={{ width: 420 }}
      >
        <h2 style={{ marginTop: 0 }}>{t('initialPassword.title')}</h2>
        <p style={{ color: '#606266' }}>
          {t('initialPassword.hint', { name: user?.nickName || user?.userName || '' })}
        </p>
        <PasswordFields testIdPrefix="initial-pwd" autoFocus />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving} data-testid="initial-pwd-save">
            {t('initialPassword.submit')}
          </Button>
        </Form.Item>
        <Form.Item style={{ textAlign: 'center' }}>
          <Button type="link" onClick={() => void logout()} data-testid="initial-pwd-logout">
            {t('navbar.logout')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
