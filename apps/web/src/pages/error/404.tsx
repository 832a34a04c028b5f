import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 'cannot find page' with 'go to home page'; embedded inside the shell for menus without a page file. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div
      style={
        embedded ? undefined : { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }
      }
    >
      <Result
        status="404"
        title="404"
        subTitle={t('error.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })} data-testid="go-home">
            {t('error.goHome')}
          </Button>
        }
        data-testid="not-found"
      />
    </div>
  );
}

export default NotFoundPage;
