/* Flat rows (id, parent id) as the nested rows a tree table shows. */

/** A row with the rows below it. */
export type Nested<T> = T & { children?: Nested<T>[] };

/** Rows with an id and a parent id nested into a tree; a row whose parent is absent becomes a root. */
export function nest<T extends object>(
  rows: readonly T[],
  idOf: (row: T) => number,
  parentOf: (row: T) => number,
): Nested<T>[] {
  const nodes = new Map<number, Nested<T>>();
  for (const row of rows) nodes.set(idOf(row), { ...row });
  const roots: Nested<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(idOf(row))!;
    const parent = nodes.get(parentOf(row));
    if (!parent || parent === node) roots.push(node);
    else {
      parent.children ??= [];
      parent.children.push(node);
    }
  }
  return roots;
}

/** Removes empty children arrays so that leaves show no expand icon. */
export function pruneEmpty<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    return children?.length ? ({ ...rest, children: pruneEmpty(children) } as T) : (rest as T);
  });
}
