import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** 'Please wait while the page loads' (spec §8). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 240, alignItems: 'center', justifyContent: 'center' }}>
      <Spin description={t('common.pageLoading')} size="large">
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
