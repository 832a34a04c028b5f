import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SysMenu } from '../../../../features/system/menu-api';
import { i18n } from '../../../../locales';
import { clearDictCache } from '../../../../shared/dict';
import { DICTS, mockApi, ok, Wrap } from '../../components/test-utils';
import { filterIcons, iconChoices, isKnownIcon } from './icon-names';
import { EXTERNAL_LINK, MenuFormDialog, parentTree } from './MenuFormDialog';

const menu = (menuId: number, parentId: number, menuType: 'M' | 'C' | 'F', menuName: string) =>
  ({
    menuId,
    parentId,
    menuType,
    menuName,
    orderNum: 0,
    isFrame: '1',
    isCache: '0',
    visible: '0',
    status: '0',
  }) as SysMenu;

const MENUS = [
  menu(1, 0, 'M', 'System'),
  menu(2, 1, 'C', 'Users'),
  menu(3, 2, 'F', 'Add user'),
  menu(4, 1, 'M', 'Logs'),
  menu(5, 4, 'C', 'Login logs'),
];

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  clearDictCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('menu form rules', () => {
  it('accepts only http:// or https:// external links', () => {
    expect(EXTERNAL_LINK.test('https://lighting.example.com/map')).toBe(true);
    expect(EXTERNAL_LINK.test('http://10.0.0.8:8080')).toBe(true);
    expect(EXTERNAL_LINK.test('www.example.com')).toBe(false);
    expect(EXTERNAL_LINK.test('ftp://example.com')).toBe(false);
  });

  it('offers catalogues and menus as parents, never buttons, and not the edited menu or its subtree', () => {
    const [root] = parentTree(MENUS, 'Top level', 4);
    expect(root.value).toBe(0);
    const system = root.children![0];
    expect(system.children!.map((node) => [node.title, !!node.disabled])).toEqual([
      ['Users', false],
      ['Logs', true],
    ]);
    expect(system.children![0].children).toBeUndefined(); // the button is no parent
    expect(system.children![1].children![0].disabled).toBe(true);
  });

  it("picks icons from the shell's set and drawable names in use", () => {
    expect(isKnownIcon('user')).toBe(true);
    // RuoYi names that imported menus carry still draw
    expect(isKnownIcon('system')).toBe(true);
    expect(isKnownIcon('no-such-icon')).toBe(false);
    const choices = iconChoices(['user', '#', undefined, 'no-such-icon', 'redis']);
    expect(choices).toContain('setting');
    expect(choices).toContain('redis');
    expect(choices).not.toContain('no-such-icon');
    expect(filterIcons(choices, 'CLOUD')).toEqual(['cloud-server', 'cloud-sync', 'cloud-upload']);
  });
});

describe('menu form dialog', () => {
  it('shows the fields of each type and refuses an external link without http(s)://', { timeout: 60_000 }, async () => {
    const api = mockApi({ ...DICTS, '/system/menu': ok() });
    render(
      <Wrap>
        <MenuFormDialog open parentId={1} systemId={100} menus={MENUS} onClose={vi.fn()} onSaved={vi.fn()} />
      </Wrap>,
    );
    // under a catalogue a new entry is a menu (C): component and cache flags are offered
    await screen.findByText('Component path');
    expect(screen.getByText('No cache')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Button'));
    await waitFor(() => expect(screen.queryByText('Component path')).toBeNull());
    expect(screen.queryByText('Route address')).toBeNull();
    fireEvent.click(screen.getByLabelText('Catalogue'));
    await screen.findByText('Route address');
    expect(screen.queryByText('Component path')).toBeNull();

    fireEvent.change(screen.getByTestId('menu-name'), { target: { value: 'Vendor portal' } });
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.change(screen.getByTestId('menu-path'), { target: { value: 'www.vendor.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(
      () =>
        expect(
          [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent),
        ).toContain('An external link must start with http:// or https://'),
      { timeout: 10_000 },
    );
    expect(api.mock.calls.some(([url, init]) => String(url) === '/system/menu' && init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('menu-path'), { target: { value: 'https://vendor.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([url, init]) => String(url) === '/system/menu' && init?.method === 'POST')).toBe(
        true,
      ),
    );
    const post = api.mock.calls.find(([url, init]) => String(url) === '/system/menu' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      menuName: 'Vendor portal',
      menuType: 'M',
      parentId: 1,
      isFrame: '0',
      path: 'https://vendor.example',
      icon: '#',
    });
  });
});
