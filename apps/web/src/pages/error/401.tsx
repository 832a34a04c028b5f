import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="403"
        title="401"
        subTitle={t('error.unauthorized')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('error.goHome')}
          </Button>
        }
      />
    </div>
  );
}
