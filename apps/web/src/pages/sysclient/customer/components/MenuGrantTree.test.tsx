import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../locales';
import { grantTree } from '../../../../features/tenant/menu-tree';
import { MenuGrantTree } from './MenuGrantTree';

const nodes = grantTree([
  {
    systemId: 100,
    encode: 'sysclient',
    name: '授权与客户管理',
    menus: [
      {
        id: 1,
        label: '系统管理',
        menuType: 'M',
        children: [
          { id: 5, label: '用户管理', menuType: 'C', children: [{ id: 34, label: '查询', menuType: 'F' }] },
          { id: 6, label: '角色管理', menuType: 'C' },
        ],
      },
    ],
  },
]);

describe('menus of a customer', () => {
  it('counts chosen menus by their leaves and checks all or none', () => {
    const onChange = vi.fn();
    render(<MenuGrantTree nodes={nodes} checked={['m:34']} loading={false} onChange={onChange} />);
    expect(screen.getByText('已选 1 / 2 个菜单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /全\s*选/ }));
    expect(onChange).toHaveBeenLastCalledWith(['s:100', 'm:1', 'm:5', 'm:34', 'm:6'], []);
    fireEvent.click(screen.getByRole('button', { name: /全不选/ }));
    expect(onChange).toHaveBeenLastCalledWith([], []);
  });

  it('asks for sub-systems first when none is chosen', () => {
    render(<MenuGrantTree nodes={[]} checked={[]} loading={false} onChange={() => undefined} />);
    expect(screen.getByText('请先选择子系统')).toBeTruthy();
  });
});
