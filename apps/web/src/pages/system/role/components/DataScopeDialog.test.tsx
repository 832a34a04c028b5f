import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../locales';
import { clearDictCache } from '../../../../shared/dict';
import { resetRepeatSubmit } from '../../../../shared/request';
import { mockApi, ok, Wrap } from '../../components/test-utils';
import { DataScopeDialog } from './DataScopeDialog';
import { groupMenusBySystem } from './menu-tree';

const SCOPES = ok({
  data: [
    { dictLabel: 'All data', dictValue: '1' },
    { dictLabel: 'Custom departments', dictValue: '2' },
    { dictLabel: 'Own department', dictValue: '3' },
    { dictLabel: 'Own department and below', dictValue: '4' },
    { dictLabel: 'Self only', dictValue: '5' },
  ],
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  clearDictCache();
  resetRepeatSubmit();
});
afterEach(() => vi.unstubAllGlobals());

describe('menu tree of a role', () => {
  it('groups the menus of several subsystems under one node each', () => {
    const nodes = groupMenusBySystem(
      [
        { id: 1, label: 'System', systemId: 100 },
        { id: 2, label: 'Monitoring', systemId: 101, children: [{ id: 3, label: 'Map', systemId: 101 }] },
      ],
      (id) => (id === 100 ? 'Platform' : `Subsystem ${id}`),
    );
    expect(nodes.map((node) => [node.key, node.title])).toEqual([
      ['system-100', 'Platform'],
      ['system-101', 'Subsystem 101'],
    ]);
    expect(nodes[1].children?.[0].children?.[0].key).toBe(3);
    expect(groupMenusBySystem([{ id: 1, label: 'System', systemId: 100 }], String)[0].key).toBe(1);
  });
});

describe('data scope dialog', () => {
  it('offers the five scopes; custom grants the checked departments, not their parents', {
    timeout: 90_000,
  }, async () => {
    const api = mockApi({
      '/system/dict/data/type/sys_data_scope': SCOPES,
      '/system/role/deptTree/5': ok({
        depts: [
          {
            id: 10,
            label: 'Company',
            children: [
              { id: 11, label: 'Patrol' },
              { id: 12, label: 'Repair' },
            ],
          },
        ],
        checkedKeys: [],
        deptCheckStrictly: true,
      }),
      '/system/role/dataScope': ok(),
    });
    const onSaved = vi.fn();
    render(
      <Wrap>
        <DataScopeDialog
          role={{ roleId: 5, roleName: 'Inspector', roleKey: 'inspector', dataScope: '4' }}
          onClose={vi.fn()}
          onSaved={onSaved}
        />
      </Wrap>,
    );
    await screen.findByText('Own department and below');
    fireEvent.mouseDown(
      screen.getByTestId('data-scope-select').querySelector('.ant-select-selector') ??
        screen.getByTestId('data-scope-select'),
    );
    await screen.findByTitle('Self only');
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((option) => option.textContent)).toEqual([
      'All data',
      'Custom departments',
      'Own department',
      'Own department and below',
      'Self only',
    ]);
    fireEvent.click(await screen.findByTitle('Custom departments'));
    await screen.findByText('Sees only the data of the departments checked below');
    // the department tree opens fully; an empty choice is refused
    await screen.findByText('Patrol', { selector: '.ant-tree-title' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Choose at least one department for a custom data scope');
    // a settled (not re-rendered) node of the virtual tree
    const patrol = [...document.querySelectorAll('.ant-tree-title')].find(
      (node) => node.textContent === 'Patrol' && !node.closest('[aria-hidden="true"]'),
    );
    fireEvent.click(patrol?.closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement);
    await waitFor(() => expect(document.querySelectorAll('.ant-tree-checkbox-checked').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 10_000 });
    const put = api.mock.calls.find(([url]) => String(url) === '/system/role/dataScope')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      roleId: 5,
      dataScope: '2',
      deptIds: [11],
      deptCheckStrictly: true,
    });
  });
});
