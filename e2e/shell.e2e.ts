import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launch, openPage, policyViolations, signIn } from './browser';

const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;

describe.skipIf(!hasChromium)('back-office shell journeys', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    // the built web runs under the server's Content-Security-Policy without a single refusal
    expect(policyViolations).toEqual([]);
  });

  const freshPage = () => openPage(browser);

  it('sends a deep link to /login with the redirect, then back to it after sign-in', async () => {
    const { context, page } = await freshPage();
    await page.goto('/web/system/config?from=mail');
    await page.getByTestId('login-page').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/web/system/config?from=mail');
    await expect(page.getByTestId('login-captcha').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/login-zh-CN.png` });

    await page.getByTestId('login-submit').click();
    await page.getByText('请输入您的账号').waitFor();

    await signIn(page, 'admin');
    await page.getByTestId('config-page').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/web/system/config?from=mail');
    await context.close();
  });

  it('lands on the first menu, opens menus as tabs and uses the tab context menu', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'admin');
    await page.waitForURL('**/web/system/user');
    await page.getByTestId('sidebar').waitFor();

    // tabs are off by default (spec §9); switch them on in the settings drawer and save (reloads)
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '布局设置' }).click();
    await page.getByTestId('setting-tagsView').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('settings-save').click()]);
    await page.getByTestId('tags-view').waitFor();

    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('参数设置').click();
    await page.getByTestId('config-page').waitFor();
    await sidebar.getByText('系统监控').click();
    await sidebar.getByText('在线用户').click();
    await page.getByTestId('online-page').waitFor();
    await sidebar.getByText('通知公告').click();
    await page.waitForURL('**/web/system/notice');
    await page.getByTestId('tag-/web/system/notice').waitFor();

    const tabs = page.getByTestId('tags-view').locator('.ant-tabs-tab');
    await expect.poll(() => tabs.count()).toBe(5); // home + user + config + online + notice
    await page.screenshot({ path: `${SHOTS}/shell-zh-CN.png` });

    await page.getByTestId('tag-/web/monitor/online').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL('**/web/monitor/online');
    await expect.poll(() => tabs.count()).toBe(2); // the affixed home tab stays

    await page.getByTestId('tag-/web/monitor/online').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '全部关闭' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => tabs.count()).toBe(1);
    await page.getByTestId('home-page').waitFor();
    await context.close();
  });

  it('switches to English and shows no Chinese in the shell', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'admin');
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('lang-select').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'English' }).click()]);
    await page.getByTestId('sidebar').waitFor();
    await expect(page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).resolves.toEqual([
      'en-US',
      'en-US',
    ]);
    await page.getByTestId('sidebar').getByText('Parameters', { exact: false }).first().click();
    await page.getByTestId('config-page').waitFor();
    await page.waitForLoadState('networkidle');

    // user data (a Chinese nickname or project name) is not shell text
    // innerText on purpose: only what is rendered visibly counts as shell text
    const shellText = await page.evaluate(() => {
      const clone = document.querySelector('[data-testid="navbar"]')?.cloneNode(true) as HTMLElement;
      clone.querySelector('[data-testid="project-name"]')?.remove();
      clone.querySelector('[data-testid="avatar-menu"]')?.remove();
      const sidebarMenu = document.querySelector('[data-testid="sidebar"] .ant-menu') as HTMLElement;
      const toolbar = document.querySelector('[data-testid="config-page"] .lx-search-bar') as HTMLElement;
      return [clone.innerText, sidebarMenu.innerText, toolbar.innerText, document.title].join('\n');
    });
    expect(shellText.split('\n').filter((line) => HAN.test(line))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-en-US.png` });
    await context.close();
  });

  it('lands the duty operator on lighting and removes the buttons the operator may not use', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'demo_operator');
    await page.waitForURL(/\/web\/lighting\//);
    await page.getByTestId('sidebar').waitFor();
    await expect(page.getByTestId('sidebar').getByText('用户管理').count()).resolves.toBe(0);
    await page.goto('/web/lighting/tag');
    await page.getByTestId('tag-table').waitFor();
    await expect(page.getByTestId('tag-add').count()).resolves.toBe(0);
    await expect(page.getByTestId('tag-remove').count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps a user with an initial password on the change-password screen until it is changed', async () => {
    // an administrator adds a user without typing a password: the server draws one, shown once
    const api = async (path: string, init: { method?: string; body?: object; token?: string } = {}) => {
      const res = await fetch(`${baseURL}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...(init.token ? { access_token: init.token } : {}) },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      return (await res.json()) as {
        code: number;
        token?: string;
        data?: { password?: string };
        roles?: { roleId: number; roleKey: string }[];
      };
    };
    const admin = await api('/adminlogin', {
      method: 'POST',
      body: { username: 'demo_admin', password: 'admin123' },
    });
    const options = await api('/system/user', { token: admin.token });
    const operatorRole = options.roles?.find((role) => role.roleKey === 'operator')?.roleId;
    const added = await api('/system/user', {
      method: 'POST',
      token: admin.token,
      body: { userName: 'first_day', nickName: '新来的值班员', roleIds: [operatorRole] },
    });
    const drawn = added.data?.password ?? '';
    expect(drawn).toMatch(/^[A-Za-z0-9]{12}$/);

    const { context, page } = await freshPage();
    await page.goto('/login?redirect=/web/lighting/tag');
    await signIn(page, 'first_day', drawn);
    await page.getByTestId('initial-password-page').waitFor();
    await page.getByText('新来的值班员，您的账号仍在使用初始密码').waitFor();
    // no way around it: any address shows the same screen
    await page.goto('/web/lighting/device');
    await page.getByTestId('initial-password-page').waitFor();
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/initial-password-zh-CN.png` });

    await page.getByTestId('initial-pwd-old').fill(drawn);
    await page.getByTestId('initial-pwd-new').fill('MyOwn2026');
    await page.getByTestId('initial-pwd-confirm').fill('MyOwn2026');
    await page.getByTestId('initial-pwd-save').click();
    // the address asked for last opens once the password is the user's own
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('device-page').waitFor();
    await expect(page.getByTestId('initial-password-page').count()).resolves.toBe(0);

    // and the new password is the one that signs in
    const again = await api('/adminlogin', { method: 'POST', body: { username: 'first_day', password: 'MyOwn2026' } });
    expect(again.code).toBe(200);
    await context.close();
  });

  it('sends an expired session to /login exactly once', async () => {
    const { context, page } = await freshPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __loginVisits: number };
      w.__loginVisits = 0;
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url && String(url).startsWith('/login')) w.__loginVisits += 1;
          return original(data, unused, url);
        };
      }
    });
    await page.goto('/login?redirect=/web/system/config');
    await signIn(page, 'admin');
    await page.getByTestId('config-table').locator('.ant-table-row').first().waitFor();
    const before = await page.evaluate(() => (window as unknown as { __loginVisits: number }).__loginVisits);

    // the server forgets the session: every following request meets code 401
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const res = await fetch(`${baseURL}/logout`, { method: 'POST', headers: { access_token: token ?? '' } });
    expect(res.status).toBe(200);

    // three list requests in flight at once, all answered 401
    await page.evaluate(() => {
      const button = document
        .querySelector('[data-testid="config-page"] .lx-toolbar .anticon-reload')
        ?.closest('button');
      for (let i = 0; i < 3; i += 1) button?.click();
    });
    await page.getByTestId('login-page').waitFor();
    await page.waitForTimeout(500);
    const after = await page.evaluate(() => (window as unknown as { __loginVisits: number }).__loginVisits);
    expect(after - before).toBe(1);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/web/system/config');
    await expect(page.getByText('登录状态已过期，请重新登录').count()).resolves.toBe(1);
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
    await context.close();
  });

  it('shows the profile and signs out', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'admin');
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.getByTestId('profile-page').getByText('admin@luxgrid.local').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/profile-zh-CN.png` });

    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page
      .getByRole('button', { name: '确 定' })
      .or(page.getByRole('button', { name: '确定' }))
      .click();
    await page.getByTestId('login-page').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
    await context.close();
  });
});
