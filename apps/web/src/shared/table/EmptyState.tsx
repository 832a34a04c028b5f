import { ConfigProvider, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What every table and list shows when it holds nothing: what the list is for and, where it
 * helps, how to fill it. Without a description it says "no data" in the user's language.
 */
export function EmptyState({ description, action }: { description?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('table.empty')} data-testid="empty-state">
      {action}
    </Empty>
  );
}

/**
 * Gives the plain antd tables inside it the same empty state; other components (select
 * drop-downs) keep antd's own.
 */
export function TableEmpty({
  description,
  action,
  children,
}: {
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ConfigProvider
      renderEmpty={(name) => (name === 'Table' ? <EmptyState description={description} action={action} /> : undefined)}
    >
      {children}
    </ConfigProvider>
  );
}
