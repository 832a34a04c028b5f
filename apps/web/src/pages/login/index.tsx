import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasPage } from '../../app/pages';
import { firstRoutePath, generateRoutes } from '../../app/routes';
import { login, logout, session } from '../../app/session';
import { authApi } from '../../features/auth/api';
import { platformTitle, usePlatformSettings } from '../../features/auth/use-platform';
import { feedback } from '../../shared/feedback';
import { LangSelect } from '../../shared/LangSelect';
import { RequestError } from '../../shared/request';
import { safeRedirect } from '../../shared/safe-redirect';
import { storage } from '../../shared/storage';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
  code?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const platform = usePlatformSettings();
  const [captchaEnabled, setCaptchaEnabled] = useState(false);
  const [captchaImg, setCaptchaImg] = useState('');
  const [uuid, setUuid] = useState('');
  const [loading, setLoading] = useState(false);
  const title = platformTitle(platform, storage.getLang(), t('app.title'));

  const refreshCaptcha = useCallback(async () => {
    try {
      const res = await authApi.captcha();
      const enabled = res.captchaEnabled !== false;
      setCaptchaEnabled(enabled);
      if (enabled) {
        setCaptchaImg(res.img ? `data:image/png;base64,${res.img}` : '');
        setUuid(res.uuid ?? '');
      }
    } catch {
      // the request layer already showed why
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (values: LoginValues) => {
    setLoading(true);
    try {
      const outcome = await login({ username: values.username, password: values.password, code: values.code, uuid });
      if (outcome.kind === 'external') {
        window.location.assign(outcome.url);
        return;
      }
      const first = firstRoutePath(generateRoutes(session.get().serverRoutes, hasPage));
      navigate(outcome.to ?? safeRedirect(search.get('redirect')) ?? first ?? '/', { replace: true });
    } catch (error) {
      if (!(error instanceof RequestError) && error instanceof Error) feedback.error(error.message);
      setLoading(false);
      if (session.get().token) {
        // the failure came after sign-in: end that session and start over at '/'
        await logout(() => navigate('/', { replace: true }));
        return;
      }
      form.setFieldValue('code', '');
      if (captchaEnabled) void refreshCaptcha();
    }
  };

  const background = platform?.loginBackground ? { backgroundImage: `url(${platform.loginBackground})` } : undefined;
  const logo = platform?.loginLogo || platform?.logo;

  return (
    <div className="lx-login" style={background} data-testid="login-page">
      <div className="lx-login-lang">
        <LangSelect light />
      </div>
      <Form<LoginValues>
        form={form}
        className="lx-login-form"
        size="large"
        onFinish={submit}
        onFinishFailed={() => feedback.warning(t('common.fillRequired'))}
        requiredMark={false}
        validateTrigger="onSubmit"
      >
        <div className="lx-login-brand">
          <img src={logo || '/logo.svg'} alt="" data-testid="login-logo" />
          <h1 data-testid="platform-name">{title}</h1>
        </div>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            autoComplete="username"
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        {captchaEnabled && (
          <Form.Item>
            <div className="lx-login-captcha">
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
              >
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('login.code')}
                  autoComplete="off"
                  data-testid="login-code"
                />
              </Form.Item>
              <img
                src={captchaImg}
                alt={t('login.refreshCaptcha')}
                title={t('login.refreshCaptcha')}
                onClick={() => void refreshCaptcha()}
                data-testid="login-captcha"
              />
            </div>
          </Form.Item>
        )}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
            {loading ? t('login.submitting') : t('login.submit')}
          </Button>
        </Form.Item>
        <div className="lx-login-links">
          <Link to="/register">{t('login.register')}</Link>
        </div>
      </Form>
      <div className="lx-login-footer">{platform?.copyright || t('login.copyright')}</div>
    </div>
  );
}
