import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from './icons';
import { type SwitcherItem, splitSwitcher } from './subsystems';

const MORE_KEY = '__more_systems';

/** The top bar's subsystem switcher: a third of the body width of entries, the rest under "more". */
export function SubsystemSwitcher({
  items,
  current,
  onSwitch,
}: {
  items: SwitcherItem[];
  current: number | null;
  onSwitch: (item: SwitcherItem) => void;
}) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(() => document.body?.offsetWidth);

  useEffect(() => {
    const onResize = () => setWidth(document.body.offsetWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const menuItems = useMemo<MenuProps['items']>(() => {
    const { visible, more } = splitSwitcher(items, width, current);
    const toItem = (item: SwitcherItem) => ({
      key: String(item.systemId),
      icon: menuIcon(item.icon),
      label: item.title,
      'data-testid': `switch-system-${item.systemId}`,
    });
    const shown = visible.map(toItem);
    return more.length
      ? [...shown, { key: MORE_KEY, label: t('navbar.moreSystems'), children: more.map(toItem) }]
      : shown;
  }, [items, width, current, t]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = items.find((entry) => String(entry.systemId) === key);
    if (item) onSwitch(item);
  };

  return (
    <Menu
      className="lx-system-switcher"
      mode="horizontal"
      disabledOverflow
      items={menuItems}
      selectedKeys={current === null ? [] : [String(current)]}
      onClick={onClick}
      aria-label={t('navbar.subsystems')}
      data-testid="subsystem-switcher"
    />
  );
}
