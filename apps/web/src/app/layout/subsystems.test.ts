import { describe, expect, it } from 'vitest';
import type { ServerRoute } from '../../features/auth/types';
import { generateRoutes, visibleMenu } from '../routes';
import { currentSystemId, menuOfSystem, splitSwitcher, switcherItems } from './subsystems';

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ systemId: 100 + i }));
const ids = (list: { systemId: number }[]) => list.map((item) => item.systemId);

describe('subsystem switcher split', () => {
  it('shows a third of the body width / 85 px of subsystems and puts the rest under "more"', () => {
    // 1275 px → 5 in view; 1920 px → 7
    expect(ids(splitSwitcher(items(9), 1275, 100).visible)).toEqual([100, 101, 102, 103, 104]);
    expect(ids(splitSwitcher(items(9), 1275, 100).more)).toEqual([105, 106, 107, 108]);
    expect(splitSwitcher(items(9), 1920, 100).visible).toHaveLength(7);
    expect(splitSwitcher(items(9), 1920, 100).more).toHaveLength(2);
  });

  it('needs no "more" when everything fits, and shows 5 before the width is known', () => {
    expect(splitSwitcher(items(3), 1275, 100)).toEqual({ visible: items(3), more: [] });
    expect(splitSwitcher(items(8), undefined, null).visible).toHaveLength(5);
  });

  it('keeps the current subsystem in view even when it would fall under "more"', () => {
    const { visible, more } = splitSwitcher(items(9), 1275, 107);
    expect(ids(visible)).toEqual([100, 101, 102, 103, 107]);
    expect(ids(more)).toEqual([104, 105, 106, 108]);
  });
});

const server: ServerRoute[] = [
  {
    path: '/system',
    component: 'Layout',
    meta: { title: '系统管理', systemId: 100 },
    children: [{ path: 'user', component: 'system/user/index', meta: { title: '用户管理', systemId: 100 } }],
  },
  {
    path: '/lighting',
    component: 'Layout',
    meta: { title: '设备管理', systemId: 101 },
    children: [{ path: 'device', component: 'lighting/device/index', meta: { title: '设备', systemId: 101 } }],
  },
  {
    path: '/lighting-runtime',
    component: 'Layout',
    meta: { title: '运行监测', systemId: 101 },
    children: [
      { path: 'runtime-data', component: 'lighting/runtime-data/index', meta: { title: '运行数据', systemId: 101 } },
    ],
  },
];
const menu = visibleMenu(generateRoutes(server, () => true));
const systems = [
  { id: 101, encode: 'lighting', name: '智慧照明', nameZh: '智慧照明', nameEn: 'Smart Lighting', icon: 'bulb' },
  { id: 100, encode: 'sysclient', name: '授权与客户管理', nameZh: '授权与客户管理', nameEn: 'Authorization' },
];

describe('subsystems of the menu', () => {
  it('lists the subsystems with menus in the systems order, named in the interface language', () => {
    const list = switcherItems(menu, systems, 'en-US');
    expect(list.map((item) => [item.systemId, item.title, item.entry])).toEqual([
      [101, 'Smart Lighting', '/web/lighting/device'],
      [100, 'Authorization', '/web/system/user'],
    ]);
    expect(switcherItems(menu, [], 'zh-CN').map((item) => item.title)).toEqual(['系统管理', '设备管理']);
  });

  it('follows the page on screen (deep links), else the last choice, else the first', () => {
    const list = switcherItems(menu, systems, 'zh-CN');
    expect(currentSystemId(menu, '/web/lighting-runtime/runtime-data', 100, list)).toBe(101);
    expect(currentSystemId(menu, '/', 100, list)).toBe(100);
    expect(currentSystemId(menu, '/', null, list)).toBe(101);
    expect(currentSystemId(menu, '/', 999, list)).toBe(101);
  });

  it('gives the sidebar the menus of the current subsystem only', () => {
    expect(menuOfSystem(menu, 101).map((route) => route.path)).toEqual(['/web/lighting', '/web/lighting-runtime']);
    expect(menuOfSystem(menu, 100).map((route) => route.path)).toEqual(['/web/system']);
  });
});
