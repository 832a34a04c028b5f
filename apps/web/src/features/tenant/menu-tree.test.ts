import { describe, expect, it } from 'vitest';
import { allLeafKeys, allMenuKeys, checkedLeafKeys, grantTree, keepExisting, leafKeysOf, menuIdsOf } from './menu-tree';
import type { SystemMenuTree } from './types';

const trees: SystemMenuTree[] = [
  {
    systemId: 100,
    encode: 'sysclient',
    name: 'Customers',
    menus: [
      {
        id: 1,
        label: 'System',
        menuType: 'M',
        children: [
          { id: 5, label: 'Users', menuType: 'C', children: [{ id: 34, label: 'Query', menuType: 'F' }] },
          { id: 6, label: 'Roles', menuType: 'C' },
        ],
      },
    ],
  },
  { systemId: 101, encode: 'lighting', name: 'Lighting', menus: [{ id: 200, label: 'Devices', menuType: 'C' }] },
];

describe('menu grant tree', () => {
  const nodes = grantTree(trees);

  it('puts a root per subsystem over its menus', () => {
    expect(nodes.map((node) => node.key)).toEqual(['s:100', 's:101']);
    expect(allMenuKeys(nodes)).toEqual(['m:1', 'm:5', 'm:34', 'm:6', 'm:200']);
    expect(allLeafKeys(nodes)).toEqual(['m:34', 'm:6', 'm:200']);
  });

  it('checks only leaves for stored ids, so a catalogue does not check all its children', () => {
    // the server stores the chosen menus with their catalogues: 1 (catalogue), 5 (menu), 34 (button)
    expect(checkedLeafKeys(nodes, [1, 5, 34])).toEqual(['m:34']);
    expect(checkedLeafKeys(nodes, [1, 6, 200])).toEqual(['m:6', 'm:200']);
    // a page stored without any of its buttons stays chosen
    expect(checkedLeafKeys(nodes, [1, 5])).toEqual(['m:5']);
  });

  it('sends checked and half-checked menus, never subsystem roots', () => {
    expect(menuIdsOf(['s:101', 'm:200', 'm:34'], ['s:100', 'm:1', 'm:5'])).toEqual([1, 5, 34, 200]);
  });

  it('checks every leaf of a newly chosen subsystem and drops keys of a removed one', () => {
    expect(leafKeysOf(nodes, 100)).toEqual(['m:34', 'm:6']);
    expect(leafKeysOf(nodes, 999)).toEqual([]);
    expect(keepExisting(grantTree(trees.slice(1)), ['m:34', 'm:200'])).toEqual(['m:200']);
  });
});
