import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch, openSignedIn, policyViolations } from './browser';

type Route = {
  path: string;
  hidden: boolean;
  component: string;
  meta: { title: string; systemId?: number };
  children?: Route[];
};

/** Every page the menu offers, as the browser path, per subsystem (hidden and parameterised ones aside). */
function menuPages(routes: Route[]): Map<number, string[]> {
  const bySystem = new Map<number, string[]>();
  const walk = (list: Route[], parent: string) => {
    for (const route of list) {
      const path = route.path.startsWith('/')
        ? `/web${route.path === '/' ? '' : route.path}`
        : `${parent}/${route.path}`.replace(/\/+/g, '/');
      if (route.hidden || route.path.includes(':') || /^https?:/.test(route.path)) continue;
      if (route.children?.length) walk(route.children, path);
      else if (!['Layout', 'ParentView', 'InnerLink'].includes(route.component)) {
        const system = route.meta.systemId ?? 0;
        bySystem.set(system, [...(bySystem.get(system) ?? []), path]);
      }
    }
  };
  walk(routes, '/web');
  return bySystem;
}

/** Client-side navigation, as a menu click does it (no reload). */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .locator('[data-testid="app-main"] [data-testid$="-page"], [data-testid="not-found"]')
    .first()
    .waitFor({ timeout: 8_000 })
    .catch(() => undefined);
}

describe.skipIf(!hasChromium)('subsystem switcher', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await openSignedIn(browser, { user: 'admin' }));
    // the platform administrator's first screen
    await page.waitForURL('**/web/system/user');
  });
  afterAll(async () => {
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('switches subsystems in the top bar: the sidebar shows that subsystem and opens its first page', async () => {
    const switcher = page.getByTestId('subsystem-switcher');
    const sidebar = page.getByTestId('sidebar');
    await switcher.getByText('授权与客户管理').waitFor();
    await sidebar.getByText('系统管理').waitFor();
    await expect(sidebar.getByText('设备管理').count()).resolves.toBe(0);

    await switcher.getByText('智慧照明').click();
    await page.waitForURL('**/web/lighting/**');
    await sidebar.getByText('设备管理').first().waitFor();
    await expect(sidebar.getByText('系统管理').count()).resolves.toBe(0);
    await expect(page.getByTestId('not-found').count()).resolves.toBe(0);

    await page.locator('[data-testid="app-main"] [data-testid$="-page"]').first().waitFor();
    await page.screenshot({ path: 'docs/screenshots/subsystem-switcher.png' });
    // subsystems with no screen built yet are not offered
    await expect(switcher.getByText('智慧灯杆').count()).resolves.toBe(0);
    await expect(switcher.getByText('视频监控').count()).resolves.toBe(0);

    await switcher.getByText('授权与客户管理').click();
    await page.waitForURL('**/web/system/user');
    await sidebar.getByText('系统管理').waitFor();
  });

  it('follows a deep link into another subsystem', async () => {
    await page.goto('/web/lighting/device');
    await page.getByTestId('sidebar').getByText('设备管理').first().waitFor();
    const selected = page.getByTestId('subsystem-switcher').locator('.ant-menu-item-selected');
    await expect(selected.innerText()).resolves.toContain('智慧照明');
    await open(page, '/web/system/config');
    await page.getByTestId('sidebar').getByText('系统管理').waitFor();
    await expect(selected.innerText()).resolves.toContain('授权与客户管理');
  });

  it('shows the admin which subsystems are not available yet', async () => {
    await open(page, '/web/sysclient/subsystem');
    await page.getByTestId('subsystem-page').waitFor();
    const row = (name: string) => page.locator('.ant-table-row', { hasText: name }).first();
    // the subsystems whose screens are not built yet (smart poles, video, energy …) say so
    await page.getByTestId('subsystem-not-available').first().getByText('暂未上线').waitFor();
    await row('智慧照明').getByText('可用', { exact: true }).waitFor();
    await row('智能井盖').getByText('可用', { exact: true }).waitFor();
    await row('资产信息').getByText('可用', { exact: true }).waitFor();
    await row('数据大屏').getByText('可用', { exact: true }).waitFor();
  });

  it('offers no menu that opens the 404 page, in any available subsystem', async () => {
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const res = await page.request.get('/routers', { headers: { access_token: token ?? '' } });
    const pages = menuPages(((await res.json()) as { data: Route[] }).data);
    expect(pages.size).toBeGreaterThanOrEqual(2);
    const notFound: string[] = [];
    let opened = 0;
    for (const [, paths] of pages) {
      for (const path of paths) {
        await open(page, path);
        opened += 1;
        const url = new URL(page.url()).pathname;
        if (url === '/404' || (await page.getByTestId('not-found').count()) > 0) notFound.push(path);
      }
    }
    expect(notFound).toEqual([]);
    expect(opened).toBeGreaterThan(30);
    // the check does see the 404 page when there is one
    await open(page, '/web/no-such-screen');
    await page.getByTestId('not-found').waitFor();
  });
});
