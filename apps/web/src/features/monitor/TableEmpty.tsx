import { ConfigProvider, Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * Gives the tables inside a friendlier empty state (what the list holds and how to fill it)
 * while every other component keeps antd's default.
 */
export function TableEmpty({
  description,
  action,
  children,
}: {
  description: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ConfigProvider
      renderEmpty={(name) =>
        name === 'Table' ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
            {action}
          </Empty>
        ) : undefined
      }
    >
      {children}
    </ConfigProvider>
  );
}
