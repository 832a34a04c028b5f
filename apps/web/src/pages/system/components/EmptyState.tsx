import { ConfigProvider, Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * Gives the tables inside it an empty state that says what to do next; other
 * components (select drop-downs) keep antd's own.
 */
export function EmptyState({ description, children }: { description: ReactNode; children: ReactNode }) {
  return (
    <ConfigProvider
      renderEmpty={(name) =>
        name === 'Table' ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid="empty-state" />
        ) : undefined
      }
    >
      {children}
    </ConfigProvider>
  );
}
