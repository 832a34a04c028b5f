import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Lang, launch, openPage, openSignedIn, replaceInitialPassword, signIn } from './browser';

const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;
const OK = /^(确\s*定|Confirm)$/;

/** The journey's data: one package, one customer with its main account, two projects. */
const PACKAGE = '路灯基础版E2E';
const CUSTOMER = { code: 'E2ECITY', name: '东湖新区照明E2E', account: 'e2e_city_admin', password: 'e2e12345' };
const PROJECTS = [
  { name: '东湖一期LoRa', code: 'DH01' },
  { name: '东湖二期', code: 'DH02' },
];

describe.skipIf(!hasChromium)('tenant journeys: customers, packages, projects, subscriptions', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const freshPage = (lang?: Lang) => openPage(browser, { lang });

  /** Opens an antd select inside `scope` and picks the option with that title. */
  async function choose(page: Page, select: Locator, title: string): Promise<void> {
    await select.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
  }

  async function confirm(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: OK }).click();
  }

  /** Client-side navigation (a full page load of '/' is not served by the server, see the report). */
  async function goClient(page: Page, path: string): Promise<void> {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  it('onboards a customer: package, customer with main account and subscription, LoRaWAN project; its admin works inside it', async () => {
    const { context, page } = await openSignedIn(browser, {
      user: 'admin',
      at: '/web/sysclient/package',
      waitFor: 'package-page',
    });

    // ---- package: name 2–40, price in yuan, by time, 12 months, two sub-systems
    await page.getByTestId('package-add').click();
    const packageDialog = page.getByTestId('package-dialog');
    await packageDialog.locator('#packageForm_packageName').fill('A');
    await confirm(packageDialog);
    await packageDialog.getByText('套餐名称长度必须在2到40个字符之间').waitFor();
    await packageDialog.locator('#packageForm_packageName').fill(PACKAGE);
    await packageDialog.locator('#packageForm_subscriptionPrice').fill('1200');
    await choose(page, packageDialog.getByTestId('package-period'), '月');
    await packageDialog.locator('#packageForm_periodCount').fill('12');
    await confirm(packageDialog);
    await packageDialog.getByText('请至少选择一个子系统').waitFor();
    await packageDialog.getByTestId('package-systems').getByText('授权与客户管理', { exact: true }).click();
    await packageDialog.getByTestId('package-systems').getByText('智慧照明', { exact: true }).click();
    await confirm(packageDialog);
    await packageDialog.waitFor({ state: 'hidden' });
    const packageRow = page.getByTestId('package-table').locator('.ant-table-row', { hasText: PACKAGE });
    await packageRow.waitFor();
    await expect(packageRow.innerText()).resolves.toContain('¥1,200.00');

    // ---- customer: 40-character and phone rules, the package is required when subscribing
    await page.getByTestId('sidebar').getByText('客户管理', { exact: true }).last().click();
    await page.getByTestId('customer-page').waitFor();
    await page.getByTestId('customer-add').click();
    const customerDialog = page.getByTestId('customer-dialog');
    await customerDialog.locator('#customerForm_code').fill(CUSTOMER.code);
    await customerDialog.locator('#customerForm_name').fill('长'.repeat(41));
    await customerDialog.locator('#customerForm_phone').fill('12ab');
    await confirm(customerDialog);
    await customerDialog
      .getByText(/不能超过\s?40\s?个字符/)
      .first()
      .waitFor();
    await customerDialog.getByText('手机号码格式不正确').waitFor();
    await customerDialog.getByText('套餐不能为空').waitFor();
    await customerDialog.locator('#customerForm_name').fill(CUSTOMER.name);
    await customerDialog.locator('#customerForm_phone').fill('13912345678');
    await customerDialog.locator('#customerForm_contacts').fill('王工');
    await choose(page, customerDialog.getByTestId('customer-package'), PACKAGE);
    await customerDialog.getByText(/订阅至 \d{4}-\d{2}-\d{2}/).waitFor();
    await customerDialog.locator('#customerForm_mainAccount').fill(CUSTOMER.account);
    await customerDialog.locator('#customerForm_defaultPassword').fill(CUSTOMER.password);
    await customerDialog.getByTestId('customer-systems').getByText('授权与客户管理', { exact: true }).click();
    await customerDialog
      .getByTestId('menu-grant-tree')
      .getByText(/已选 (\d+) \/ \1 个菜单/)
      .waitFor();
    await confirm(customerDialog);
    await customerDialog.waitFor({ state: 'hidden' });
    const customerRow = page.getByTestId('customer-table').locator('.ant-table-row', { hasText: CUSTOMER.name });
    await customerRow.waitFor();
    const rowText = await customerRow.innerText();
    expect(rowText).toContain(CUSTOMER.account);
    expect(rowText).toContain(PACKAGE);
    await expect(customerRow.getByTestId('validity-tag').getAttribute('data-state')).resolves.toBe('normal');

    // the detail shows the subscription on a timeline and the sub-systems the package grants
    await customerRow.getByText(CUSTOMER.name).click();
    const detail = page.locator('.ant-drawer').filter({ has: page.getByTestId('subscription-timeline') });
    await detail.getByText('智慧照明 · 套餐授予').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // ---- projects: the client comes first, LoRaWAN needs a band standard, the operator no Chinese
    await page.getByTestId('sidebar').getByText('项目管理', { exact: true }).click();
    await page.getByTestId('project-page').waitFor();
    for (const [index, project] of PROJECTS.entries()) {
      await page.getByTestId('project-add').click();
      const dialog = page.getByTestId('project-dialog');
      await dialog.locator('#projectForm_projectName').waitFor();
      if (index === 0) {
        // the navbar's customer comes preset: without one the form asks for it first
        const client = dialog.getByTestId('project-client');
        await client.hover();
        await client.locator('.ant-select-clear').click();
        await dialog.locator('#projectForm_projectName').fill(project.name);
        await confirm(dialog);
        await dialog.getByText('选择项目前必须先选择客户').waitFor();
      }
      await choose(page, dialog.getByTestId('project-client'), CUSTOMER.name);
      await dialog.locator('#projectForm_projectName').fill(project.name);
      await dialog.locator('#projectForm_projectCode').fill(project.code);
      await dialog.locator('#projectForm_city').fill('武汉');
      if (index === 0) {
        await choose(page, dialog.getByTestId('project-comm-type'), 'LORA');
        await dialog.locator('#projectForm_operate').fill('操作员');
        await confirm(dialog);
        await dialog.getByText('LoRaWAN 项目必须选择频段标准').waitFor();
        await dialog.getByText('操作员不能包含中文字符').waitFor();
        await choose(page, dialog.getByTestId('project-band'), 'CN470（中国）');
        await dialog.locator('#projectForm_operate').fill('ops01');
        // place the project on the map: the coordinate inputs follow the click
        const longitude = dialog.locator('#projectForm_longitude');
        const before = await longitude.inputValue();
        const map = dialog.getByTestId('map-picker');
        await expect.poll(() => map.getAttribute('data-map-mode')).not.toBe('loading');
        const box = (await map.boundingBox())!;
        await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.3);
        await expect.poll(() => longitude.inputValue()).not.toBe(before);
        await dialog.locator('#projectForm_projectName').scrollIntoViewIfNeeded();
        await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
        await page.screenshot({ path: `${SHOTS}/tenant-project-zh-CN.png` });
      }
      await confirm(dialog);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('project-table').locator('.ant-table-row', { hasText: project.name }).waitFor();
    }
    const loraRow = page.getByTestId('project-table').locator('.ant-table-row', { hasText: PROJECTS[0]!.name });
    await expect(loraRow.innerText()).resolves.toContain('CN470');
    await context.close();

    // ---- the customer's admin signs in and works inside exactly what was granted
    const admin = await freshPage();
    const customerPage = admin.page;
    await customerPage.goto('/login');
    await signIn(customerPage, CUSTOMER.account, CUSTOMER.password);
    // the default password of a new customer's main account is an initial one: replaced first
    await replaceInitialPassword(customerPage, CUSTOMER.password, `${CUSTOMER.password}x`);
    await customerPage.getByTestId('sidebar').waitFor();
    const sidebar = customerPage.getByTestId('sidebar');
    await sidebar.getByText('客户管理', { exact: true }).click();
    await sidebar.getByText('项目管理', { exact: true }).waitFor();
    await expect(sidebar.getByText('套餐管理').count()).resolves.toBe(0);
    await expect(sidebar.getByText('子系统管理').count()).resolves.toBe(0);

    // switch between its projects with the navbar's project selector
    const projectName = customerPage.getByTestId('project-name');
    await expect.poll(() => projectName.innerText()).toContain(PROJECTS[0]!.name);
    await projectName.click();
    const selector = customerPage.getByTestId('project-selector');
    await selector.locator('.ant-tree-treenode', { hasText: CUSTOMER.name }).locator('.ant-tree-switcher').click();
    await selector.getByText(PROJECTS[1]!.name, { exact: true }).click();
    await confirm(selector);
    await expect.poll(() => projectName.innerText()).toContain(PROJECTS[1]!.name);
    // the switch re-enters the current view through /redirect
    await customerPage.waitForURL((url) => !url.pathname.startsWith('/redirect'));
    await customerPage.getByTestId('sidebar').waitFor();

    // its projects page lists its own projects only, the chosen one marked current
    await goClient(customerPage, '/web/sysclient/project');
    const ownRows = customerPage.getByTestId('project-table').locator('.ant-table-row');
    await expect.poll(() => ownRows.count()).toBe(2);
    await ownRows.filter({ hasText: PROJECTS[1]!.name }).getByText('当前项目').waitFor();
    await expect(customerPage.getByTestId('project-table').innerText()).resolves.not.toContain('延庆');

    // a sub-system outside its package is refused; one inside it is entered
    await goClient(customerPage, '/?systemId=102');
    const notice = customerPage.getByTestId('enter-notice');
    await notice.getByText('权限限制，无法进入该子系统').waitFor();
    await expect(customerPage.getByTestId('subsystem-launcher').getByTestId('subsystem-pole').count()).resolves.toBe(0);
    // entering a sub-system served here opens its first page (issue #10: the cards did nothing)
    await customerPage.getByTestId('subsystem-lighting').click();
    await customerPage.waitForURL((url) => url.pathname.startsWith('/web/lighting'));
    await customerPage.getByTestId('device-page').waitFor();

    // its information screen shows the package from the subscription
    await goClient(customerPage, '/web/sysclient/customer-info');
    await customerPage.getByTestId('current-package').getByText(PACKAGE).waitFor();
    await admin.context.close();
  });

  it('shows the customer list in English', async () => {
    const { context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: '/web/sysclient/customer',
      waitFor: 'customer-page',
    });
    const table = page.getByTestId('customer-table');
    await table.locator('.ant-table-row').first().waitFor();
    await table.getByRole('columnheader', { name: 'Customer name' }).waitFor();
    await table
      .getByTestId('validity-tag')
      .first()
      .getByText(/Normal/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    // the screen's own texts (headers, search bar, toolbar, tags) — not the customers' names
    const texts = await page.evaluate(() => {
      const root = document.querySelector('[data-testid="customer-page"]') as HTMLElement;
      const parts = [
        ...root.querySelectorAll(
          '.lx-search-bar label, .lx-toolbar button, .ant-table-thead th, [data-testid="validity-tag"], .ant-pagination',
        ),
      ];
      return parts.map((element) => (element as HTMLElement).innerText);
    });
    expect(texts.filter((text) => HAN.test(text))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tenant-customers-en-US.png` });

    // the add dialog speaks English too
    await page.getByTestId('customer-add').click();
    const dialog = page.getByTestId('customer-dialog');
    await dialog.locator('label[for="customerForm_mainAccount"]', { hasText: 'Main account' }).waitFor();
    await dialog.locator('#customerForm_phone').fill('x');
    await confirm(dialog);
    await dialog.getByText('Invalid Phone Number Format').waitFor();
    await dialog.getByText('Package cannot be empty').waitFor();
    await context.close();
  });

  it('shows the airport-style home when the platform chooses it', async () => {
    const { context, page } = await openSignedIn(browser, {
      user: 'admin',
      at: '/web/sysclient/platform',
      waitFor: 'platform-page',
    });
    const save = page.getByTestId('platform-save');
    try {
      await page.getByTestId('platform-home-page').getByText('机场风格首页').click();
      await save.click();
      await page.getByText('平台设置已保存').waitFor();
      await goClient(page, '/');
      const board = page.getByTestId('home-airport');
      await board.waitFor();
      await board.getByTestId('airport-expiring').waitFor();
      await expect(board.getByTestId('airport-title').innerText()).resolves.not.toBe('');
    } finally {
      await goClient(page, '/web/sysclient/platform');
      await page.getByTestId('platform-page').waitFor();
      await page.getByTestId('platform-home-page').getByText('标准首页').click();
      await save.click();
      await page.getByText('平台设置已保存').last().waitFor();
      await context.close();
    }
  });
});
