import type { MenuTreeNode } from '../../../../features/system/role-api';
import { type KeyedNode, toKeyedNodes } from '../../../../features/system/tree';

/**
 * The grantable menus of every subsystem, under one grouping node per subsystem when there are
 * several; grouping nodes carry string keys ('system-101') and are never sent as menu ids.
 */
export function groupMenusBySystem(
  menus: readonly MenuTreeNode[],
  systemName: (systemId: number) => string,
): KeyedNode[] {
  const systems = [...new Set(menus.map((menu) => menu.systemId ?? 0))];
  if (systems.length <= 1) return toKeyedNodes(menus);
  return systems.map((systemId) => ({
    key: `system-${systemId}`,
    value: `system-${systemId}`,
    title: systemName(systemId),
    children: toKeyedNodes(menus.filter((menu) => (menu.systemId ?? 0) === systemId)),
  }));
}
