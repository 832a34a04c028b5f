import type { LowStockSummary } from '@luxgrid/contracts/warehouse';
import { Alert, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockApi } from './api';

/** The consumables below their minimum stock, as a notice over a warehouse list (nothing when none is). */
export function LowStockNotice({ refreshKey = 0 }: { refreshKey?: number }) {
  const { t } = useTranslation();
  const [low, setLow] = useState<LowStockSummary | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads again whenever the page says stock changed
  useEffect(() => {
    let alive = true;
    void stockApi.low().then((res) => {
      if (alive && res.code === 200 && res.data) setLow(res.data);
    });
    return () => {
      alive = false;
    };
  }, [refreshKey]);
  if (!low?.count) return null;
  const names = low.items.map((i) => `${i.name} (${i.quantity}/${i.minStock} ${i.unit})`).join('、');
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="low-stock-notice"
      message={
        <>
          <Tag color="red">{t('whStock.lowBadge')}</Tag>
          {t('whStock.lowNotice', { count: low.count, names })}
        </>
      }
    />
  );
}

/** The low-stock flag of a row. */
export function LowTag({ low }: { low: boolean | undefined }) {
  const { t } = useTranslation();
  return low ? (
    <Tag color="red" data-testid="low-tag">
      {t('whConsumable.low')}
    </Tag>
  ) : null;
}
