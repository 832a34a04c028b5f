import { fireEvent, render, screen } from '@testing-library/react';
import type { Key } from 'react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyedNode } from '../../../features/system/tree';
import { i18n } from '../../../locales';
import { grantedIds, PermTree } from './PermTree';

const nodes: KeyedNode[] = [
  {
    key: 'system-100',
    value: 'system-100',
    title: 'Platform',
    children: [
      {
        key: 1,
        value: 1,
        title: 'System',
        children: [
          { key: 2, value: 2, title: 'Users', children: [{ key: 3, value: 3, title: 'Add' }] },
          { key: 4, value: 4, title: 'Roles' },
        ],
      },
    ],
  },
];

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

describe('granted ids', () => {
  it('menus: the checked page, its buttons and its catalogue; never a grouping node', () => {
    expect(grantedIds(nodes, [2], true).sort()).toEqual([1, 2, 3]);
  });

  it('departments: the checked node and what is below it, not its parents', () => {
    expect(grantedIds(nodes, [2], true, false).sort()).toEqual([2, 3]);
  });

  it('without linkage exactly what is checked', () => {
    expect(grantedIds(nodes, [1, 'system-100'], false)).toEqual([1]);
  });
});

/** antd puts the test id on the checkbox's input or on its wrapper, depending on the version */
const checkbox = (id: string) => {
  const node = screen.getByTestId(id);
  return (node.tagName === 'INPUT' ? node : node.querySelector('input')) as HTMLInputElement;
};

function Harness({ onChange }: { onChange: (keys: Key[]) => void }) {
  const [checked, setChecked] = useState<Key[]>([]);
  const [linked, setLinked] = useState(true);
  return (
    <PermTree
      nodes={nodes}
      checkedKeys={checked}
      onChange={(keys) => {
        setChecked(keys);
        onChange(keys);
      }}
      linked={linked}
      onLinkedChange={setLinked}
      testId="tree"
    />
  );
}

describe('PermTree', () => {
  it('expands and collapses, selects all and none, switches linkage', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.queryByText('Users')).toBeNull();
    fireEvent.click(screen.getByText('Expand/Collapse'));
    expect(screen.getByText('Users')).toBeTruthy();
    expect(screen.getByText('Add')).toBeTruthy();

    fireEvent.click(screen.getByText('Select all/none'));
    expect(onChange).toHaveBeenLastCalledWith(['system-100', 1, 2, 3, 4]);
    expect(checkbox('perm-select-all').checked).toBe(true);
    fireEvent.click(screen.getByText('Select all/none'));
    expect(onChange).toHaveBeenLastCalledWith([]);

    expect(checkbox('perm-linked').checked).toBe(true);
    fireEvent.click(screen.getByText('Parent-child linkage'));
    expect(checkbox('perm-linked').checked).toBe(false);
  });

  it('checking a page under linkage checks its buttons', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('Expand/Collapse'));
    const users = screen.getByText('Users').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(users.querySelector('.ant-tree-checkbox') as HTMLElement);
    const keys = onChange.mock.lastCall?.[0] as Key[];
    expect([...keys].map(String).sort()).toEqual(['2', '3']);
  });
});
