import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../features/auth/api';
import { feedback } from '../../shared/feedback';
import { LangSelect } from '../../shared/LangSelect';
import { passwordRules, userNameRules } from '../../shared/validation';
import '../login/login.css';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  code?: string;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [captcha, setCaptcha] = useState<{ enabled: boolean; img: string; uuid: string }>({
    enabled: false,
    img: '',
    uuid: '',
  });
  const [loading, setLoading] = useState(false);

  const refresh = async () => {
    try {
      const res = await authApi.captcha();
      setCaptcha({
        enabled: res.captchaEnabled !== false,
        img: res.img ? `data:image/png;base64,${res.img}` : '',
        uuid: res.uuid ?? '',
      });
    } catch {
      // shown by the request layer
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once
  useEffect(() => {
    void refresh();
  }, []);

  const submit = async (values: RegisterValues) => {
    setLoading(true);
    try {
      await authApi.register({
        username: values.username.trim(),
        password: values.password,
        code: values.code,
        uuid: captcha.uuid,
      });
      feedback.success(t('register.success', { name: values.username.trim() }));
      navigate('/login', { replace: true });
    } catch {
      setLoading(false);
      if (captcha.enabled) void refresh();
    }
  };

  return (
    <div className="lx-login">
      <div className="lx-login-lang">
        <LangSelect light />
      </div>
      <Form<RegisterValues> form={form} className="lx-login-form" size="large" onFinish={submit} requiredMark={false}>
        <div className="lx-login-brand">
          <img src="/logo.svg" alt="" />
          <h1>{t('register.title')}</h1>
        </div>
        <Form.Item name="username" rules={userNameRules(t)}>
          <Input placeholder={t('login.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules(t)}>
          <Input.Password placeholder={t('login.password')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
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
          <Input.Password placeholder={t('profile.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
        {captcha.enabled && (
          <Form.Item>
            <div className="lx-login-captcha">
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
              >
                <Input placeholder={t('login.code')} autoComplete="off" />
              </Form.Item>
              <img src={captcha.img} alt={t('login.refreshCaptcha')} onClick={() => void refresh()} />
            </div>
          </Form.Item>
        )}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {loading ? t('register.submitting') : t('register.submit')}
          </Button>
        </Form.Item>
        <div className="lx-login-links">
          <Link to="/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
