import type { MenuTreeNode, SystemMenuTree } from './types';

/** Tree keys: 's:<systemId>' for a subsystem root, 'm:<menuId>' for a menu. */
export const systemKey = (id: number) => `s:${id}`;
export const menuKey = (id: number) => `m:${id}`;
export const isMenuKey = (key: string) => key.startsWith('m:');
export const idOfKey = (key: string) => Number(key.slice(2));

export interface GrantNode {
  key: string;
  title: string;
  menuType?: string;
  children?: GrantNode[];
}

function toNodes(menus: readonly MenuTreeNode[]): GrantNode[] {
  return menus.map((menu) => ({
    key: menuKey(menu.id),
    title: menu.label,
    menuType: menu.menuType,
    children: menu.children?.length ? toNodes(menu.children) : undefined,
  }));
}

/** One tree for the whole form: a root per chosen subsystem with its assignable menus below. */
export function grantTree(trees: readonly SystemMenuTree[]): GrantNode[] {
  return trees.map((tree) => ({
    key: systemKey(tree.systemId),
    title: tree.name,
    children: toNodes(tree.menus),
  }));
}

function walk(nodes: readonly GrantNode[], visit: (node: GrantNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children, visit);
  }
}

/** Every menu key below the given roots. */
export function allMenuKeys(nodes: readonly GrantNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (node) => {
    if (isMenuKey(node.key)) keys.push(node.key);
  });
  return keys;
}

/** Every leaf menu key (pages without buttons, buttons): what "N of M menus chosen" counts. */
export function allLeafKeys(nodes: readonly GrantNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (node) => {
    if (isMenuKey(node.key) && !node.children?.length) keys.push(node.key);
  });
  return keys;
}

/** Every key (roots and menus): for "expand all". */
export function allKeys(nodes: readonly GrantNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (node) => keys.push(node.key));
  return keys;
}

/**
 * The keys to check in a conducted tree for stored menu ids. The server stores chosen menus
 * with their catalogues; checking a catalogue would check all its children, so only leaves
 * are checked and the tree works out the parents.
 */
export function checkedLeafKeys(nodes: readonly GrantNode[], menuIds: readonly number[]): string[] {
  const wanted = new Set(menuIds.map(menuKey));
  const keys: string[] = [];
  const anyBelow = (node: GrantNode): boolean =>
    (node.children ?? []).some((child) => wanted.has(child.key) || anyBelow(child));
  walk(nodes, (node) => {
    // a leaf, or a stored menu none of whose children were stored (a page without its buttons)
    if (wanted.has(node.key) && (!node.children?.length || !anyBelow(node))) keys.push(node.key);
  });
  return keys;
}

/** Menu ids to send: the checked menus and the catalogues they sit in (half-checked ones included). */
export function menuIdsOf(checked: readonly string[], halfChecked: readonly string[] = []): number[] {
  const ids = new Set<number>();
  for (const key of [...checked, ...halfChecked]) if (isMenuKey(key)) ids.add(idOfKey(key));
  return [...ids].sort((a, b) => a - b);
}

/** Leaf menu keys of one subsystem root: what becomes checked when the subsystem is newly chosen. */
export function leafKeysOf(nodes: readonly GrantNode[], systemId: number): string[] {
  const root = nodes.find((node) => node.key === systemKey(systemId));
  if (!root) return [];
  const keys: string[] = [];
  walk(root.children ?? [], (node) => {
    if (!node.children?.length) keys.push(node.key);
  });
  return keys;
}

/** Keeps only the checked keys that still exist in the tree (after a subsystem is removed). */
export function keepExisting(nodes: readonly GrantNode[], checked: readonly string[]): string[] {
  const present = new Set(allKeys(nodes));
  return checked.filter((key) => present.has(key));
}
