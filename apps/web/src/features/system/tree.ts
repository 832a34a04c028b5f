import type { SearchTreeNode } from '../../shared/SearchTree';

/** A tree node as the server sends it (department trees, menu trees). */
export interface ServerTreeNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: ServerTreeNode[];
  [extra: string]: unknown;
}

/** antd Tree / TreeSelect data. */
export interface KeyedNode {
  key: number | string;
  title: string;
  value: number | string;
  disabled?: boolean;
  children?: KeyedNode[];
}

export function toKeyedNodes(nodes: readonly ServerTreeNode[], disableDisabled = false): KeyedNode[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    title: node.label,
    disabled: disableDisabled ? !!node.disabled : undefined,
    children: node.children?.length ? toKeyedNodes(node.children, disableDisabled) : undefined,
  }));
}

export function toSearchNodes(nodes: readonly ServerTreeNode[]): SearchTreeNode[] {
  return nodes.map((node) => ({
    key: String(node.id),
    title: node.label,
    children: node.children?.length ? toSearchNodes(node.children) : undefined,
  }));
}

/** Every key of a tree, depth first. */
export function allKeys<T extends { key: number | string; children?: T[] }>(nodes: readonly T[]): (number | string)[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

/** Keys of the nodes that have children (the ones an "expand all" opens). */
export function parentKeys<T extends { key: number | string; children?: T[] }>(
  nodes: readonly T[],
): (number | string)[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.key, ...parentKeys(node.children)] : []));
}

/**
 * The ids a linked (parent-child) tree really grants: the checked nodes, everything below
 * them, and every ancestor of a checked node (half-checked parents are granted too, as in RuoYi).
 */
export function linkedKeys<T extends { key: number | string; children?: T[] }>(
  nodes: readonly T[],
  checked: readonly (number | string)[],
): (number | string)[] {
  const wanted = new Set(checked.map(String));
  const result = new Set<number | string>();
  const addAll = (list: readonly T[]) => {
    for (const node of list) {
      result.add(node.key);
      addAll(node.children ?? []);
    }
  };
  /** returns true when the node or something below it ends up granted */
  const walk = (list: readonly T[]): boolean => {
    let any = false;
    for (const node of list) {
      if (wanted.has(String(node.key))) {
        result.add(node.key);
        addAll(node.children ?? []);
        any = true;
      } else if (walk(node.children ?? [])) {
        result.add(node.key);
        any = true;
      }
    }
    return any;
  };
  walk(nodes);
  return [...result];
}

export { type Nested, nest, pruneEmpty } from '../../shared/table/tree';

export function findNode<T extends { children?: T[] }>(
  nodes: readonly T[],
  match: (node: T) => boolean,
): T | undefined {
  for (const node of nodes) {
    if (match(node)) return node;
    const child = findNode(node.children ?? [], match);
    if (child) return child;
  }
  return undefined;
}

/** Keys of the nodes without children. */
export function leafKeys<T extends { key: number | string; children?: T[] }>(nodes: readonly T[]): (number | string)[] {
  return nodes.flatMap((node) => (node.children?.length ? leafKeys(node.children) : [node.key]));
}

/** The checked keys and everything below them (what a linked tree shows as checked). */
export function coveredKeys<T extends { key: number | string; children?: T[] }>(
  nodes: readonly T[],
  checked: readonly (number | string)[],
): Set<string> {
  const wanted = new Set(checked.map(String));
  const result = new Set<string>();
  const walk = (list: readonly T[], inherited: boolean) => {
    for (const node of list) {
      const on = inherited || wanted.has(String(node.key));
      if (on) result.add(String(node.key));
      walk(node.children ?? [], on);
    }
  };
  walk(nodes, false);
  return result;
}

/** Every node checked: all leaves under linkage, every key without it. */
export function isAllChecked<T extends { key: number | string; children?: T[] }>(
  nodes: readonly T[],
  checked: readonly (number | string)[],
  linked: boolean,
): boolean {
  const keys = linked ? leafKeys(nodes) : allKeys(nodes);
  if (!keys.length) return false;
  const covered = linked ? coveredKeys(nodes, checked) : new Set(checked.map(String));
  return keys.every((key) => covered.has(String(key)));
}
