import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A scaled-down login page with the given branding, so that changes are seen before they are saved. */
export function LoginPreview({
  name,
  logo,
  background,
  footer,
}: {
  name: string;
  logo?: string;
  background?: string;
  footer?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="login-preview"
      role="img"
      aria-label={t('platformSettings.previewAria', { name })}
      style={{
        position: 'relative',
        height: 300,
        borderRadius: 8,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: background
          ? `center / cover no-repeat url(${JSON.stringify(background)})`
          : 'linear-gradient(135deg, #1f3a5f 0%, #2d6cb5 55%, #409eff 100%)',
      }}
    >
      <div
        style={{
          width: 220,
          background: '#fff',
          borderRadius: 6,
          padding: '16px 16px 10px',
          boxShadow: '0 8px 24px rgba(0,0,0,0.2)',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, marginBottom: 12 }}>
          <img src={logo || '/logo.svg'} alt="" style={{ width: 24, height: 24, objectFit: 'contain' }} />
          <strong style={{ fontSize: 13, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {name}
          </strong>
        </div>
        {[UserOutlined, LockOutlined].map((Icon, index) => (
          <div
            key={Icon.displayName ?? index}
            style={{
              border: '1px solid #d9d9d9',
              borderRadius: 4,
              height: 24,
              marginBottom: 8,
              display: 'flex',
              alignItems: 'center',
              paddingLeft: 6,
              color: '#bfbfbf',
              fontSize: 11,
              gap: 4,
            }}
          >
            <Icon /> {index === 0 ? t('login.username') : t('login.password')}
          </div>
        ))}
        <div
          style={{
            background: '#409EFF',
            color: '#fff',
            borderRadius: 4,
            height: 24,
            fontSize: 11,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {t('login.submit')}
        </div>
      </div>
      {footer && (
        <div
          style={{ position: 'absolute', bottom: 6, width: '100%', textAlign: 'center', color: '#fff', fontSize: 10 }}
        >
          {footer}
        </div>
      )}
    </div>
  );
}
