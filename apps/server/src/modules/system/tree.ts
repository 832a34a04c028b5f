export interface TreeNode {
  id: number;
  label: string;
  children?: TreeNode[];
  [extra: string]: unknown;
}

/**
 * Nests rows under their parents; a row whose parent is absent (outside the caller's scope,
 * or the root) becomes a root, so a partial tree still shows every row it was given.
 */
export function buildTree<T>(
  rows: readonly T[],
  idOf: (row: T) => number,
  parentOf: (row: T) => number,
  toNode: (row: T) => { id: number; label: string; [extra: string]: unknown },
): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const row of rows) nodes.set(idOf(row), toNode(row));
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(idOf(row))!;
    const parent = nodes.get(parentOf(row));
    if (!parent || parent === node) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
