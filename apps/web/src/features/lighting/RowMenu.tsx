import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  onClick: () => void;
}

/** A row's less frequent actions under "more"; entries the user may not use are passed as false. */
export function RowMenu({ items, testId }: { items: (RowMenuItem | false | null | undefined)[]; testId?: string }) {
  const { t } = useTranslation();
  const allowed = items.filter((item): item is RowMenuItem => !!item);
  if (!allowed.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: allowed.map(({ key, label, icon, danger }) => ({
          key,
          icon,
          danger,
          label: <span data-testid={`${testId}-${key}`}>{label}</span>,
        })),
        onClick: ({ key }) => allowed.find((item) => item.key === key)?.onClick(),
      }}
    >
      <Button type="link" size="small" data-testid={testId}>
        {t('ltCommon.more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
