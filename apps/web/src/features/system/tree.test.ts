import { describe, expect, it } from 'vitest';
import { exportParams } from '../../shared/export-params';
import {
  allKeys,
  coveredKeys,
  isAllChecked,
  type KeyedNode,
  leafKeys,
  linkedKeys,
  nest,
  parentKeys,
  pruneEmpty,
  toKeyedNodes,
} from './tree';

/** 1 ─┬─ 2 ─┬─ 4
 *     │     └─ 5
 *     └─ 3
 *  6 */
const tree: KeyedNode[] = toKeyedNodes([
  {
    id: 1,
    label: 'company',
    children: [
      {
        id: 2,
        label: 'ops',
        children: [
          { id: 4, label: 'team a' },
          { id: 5, label: 'team b', disabled: true },
        ],
      },
      { id: 3, label: 'sales' },
    ],
  },
  { id: 6, label: 'other' },
]);

describe('tree helpers', () => {
  it('lists keys, parents and leaves', () => {
    expect(allKeys(tree)).toEqual([1, 2, 4, 5, 3, 6]);
    expect(parentKeys(tree)).toEqual([1, 2]);
    expect(leafKeys(tree)).toEqual([4, 5, 3, 6]);
  });

  it('grants checked nodes with everything below them and their ancestors (menus)', () => {
    expect(linkedKeys(tree, [4]).sort()).toEqual([1, 2, 4]);
    expect(linkedKeys(tree, [2]).sort()).toEqual([1, 2, 4, 5]);
    expect(linkedKeys(tree, [])).toEqual([]);
  });

  it('covers checked nodes and what is below them, never their parents (departments)', () => {
    expect([...coveredKeys(tree, [4])]).toEqual(['4']);
    expect([...coveredKeys(tree, [2, 6])].sort()).toEqual(['2', '4', '5', '6']);
  });

  it('knows when everything is checked, with and without linkage', () => {
    expect(isAllChecked(tree, [1, 6], true)).toBe(true);
    expect(isAllChecked(tree, [1, 6], false)).toBe(false);
    expect(isAllChecked(tree, [1, 2, 3, 4, 5, 6], false)).toBe(true);
    expect(isAllChecked([], [], true)).toBe(false);
  });

  it('carries the disabled flag only when asked', () => {
    expect(toKeyedNodes([{ id: 9, label: 'x', disabled: true }])[0].disabled).toBeUndefined();
    expect(toKeyedNodes([{ id: 9, label: 'x', disabled: true }], true)[0].disabled).toBe(true);
  });

  it('nests flat rows under their parents; orphans become roots; leaves lose empty children', () => {
    const rows = [
      { id: 10, parentId: 0 },
      { id: 11, parentId: 10 },
      { id: 12, parentId: 99 },
    ];
    const nested = pruneEmpty(
      nest(
        rows,
        (row) => row.id,
        (row) => row.parentId,
      ),
    );
    expect(nested.map((row) => row.id)).toEqual([10, 12]);
    expect(nested[0].children?.map((row) => row.id)).toEqual([11]);
    expect('children' in nested[1]).toBe(false);
  });
});

describe('export parameters', () => {
  it('flattens the date range the way the list query names it and drops empty values', () => {
    expect(
      exportParams(
        { userName: 'li', status: '', params: { beginTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' } },
        { deptId: 4 },
        undefined,
      ),
    ).toEqual({
      userName: 'li',
      deptId: 4,
      'params[beginTime]': '2026-01-01 00:00:00',
      'params[endTime]': '2026-01-31 23:59:59',
    });
  });
});
