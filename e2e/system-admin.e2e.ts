import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, type Lang, launch, openPage, replaceInitialPassword, signIn } from './browser';

const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;
/** one suffix per run keeps names unique when the journeys run twice against the same server */
const RUN = Date.now().toString(36).slice(-5);
const DEPT = `E2E巡检班${RUN}`;
const ROLE_KEY = `inspector${RUN}`;
const ROLE_NAME = `巡检员${RUN}`;
const SCOPED_USER = `insp${RUN}`;
const PASSWORD = 'Scope2026';

/** Every admin screen of the seed this area owns, with what each must show. */
const ADMIN_SCREENS = [
  { path: '/web/system/user', testId: 'user-page', table: 'user-table' },
  { path: '/web/system/role', testId: 'role-page', table: 'role-table' },
  { path: '/web/system/menu', testId: 'menu-page', table: 'menu-table' },
  { path: '/web/system/dept', testId: 'dept-page', table: 'dept-table' },
  { path: '/web/system/post', testId: 'post-page', table: 'post-table' },
  { path: '/web/system/dict', testId: 'dict-page', table: 'dict-table' },
  { path: '/web/system/config', testId: 'config-page', table: 'config-table' },
  { path: '/web/system/notice', testId: 'notice-page', table: 'notice-table' },
  { path: '/web/system/log/logininfor', testId: 'logininfor-page', table: 'logininfor-table' },
  { path: '/web/system/log/operlog', testId: 'operlog-page', table: 'operlog-table' },
  { path: '/web/system/log/userlog', testId: 'userlog-page', table: 'userlog-table' },
  // device calls come from the lighting gateway (#6); an empty list shows its empty state
  { path: '/web/system/log/devicelog', testId: 'devicelog-page', table: 'devicelog-table', mayBeEmpty: true },
  { path: '/web/system/dict-data/index/1', testId: 'dict-data-page', table: 'dict-data-table' },
  { path: '/web/system/role-auth/user/3', testId: 'auth-user-page', table: 'allocated-table' },
  { path: '/web/system/user-auth/role/3', testId: 'auth-role-page', table: 'auth-role-table' },
] as const;

describe.skipIf(!hasChromium)('system administration journeys', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const freshPage = (lang: Lang = 'zh-CN') => openPage(browser, { lang });

  async function signInAs(page: Page, user: string, password?: string): Promise<void> {
    await page.goto('/login');
    await signIn(page, user, password);
    await page.getByTestId('sidebar').waitFor();
  }

  /** The dialog's primary button (antd spaces two Chinese characters: '确 定'). */
  const confirmIn = (scope: Page | Locator) => scope.getByRole('button', { name: /^(确 ?定|Confirm|OK)$/ }).last();

  async function confirmPopup(page: Page): Promise<void> {
    await confirmIn(page.locator('.ant-modal-confirm')).click();
  }

  const rowOf = (table: Locator, text: string) => table.locator('.ant-table-row', { hasText: text });
  /** antd's virtual tree keeps a hidden measuring node; only the visible ones count */
  const treeNodes = (tree: Locator, text?: string | RegExp) =>
    tree.locator('.ant-tree-treenode:not([aria-hidden="true"])', text === undefined ? undefined : { hasText: text });

  it('creates a department, a role with a custom data scope and a user in it, who then sees only that scope', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'admin');
    // a fresh browser works for the first valid customer: the demo customer
    const customer = await page.evaluate(() => JSON.parse(localStorage.getItem('currentCustomer') ?? 'null'));
    expect(customer?.id).toBeGreaterThan(0);

    // department under the demo company
    await page.goto('/web/system/dept');
    const depts = page.getByTestId('dept-table');
    await rowOf(depts, '演示城市照明').first().waitFor();
    await rowOf(depts, '演示城市照明').first().getByRole('button', { name: '新增' }).click();
    const deptDialog = page.getByTestId('dept-dialog');
    await deptDialog.getByTestId('dept-name').fill(DEPT);
    await deptDialog.getByTestId('dept-name').press('Enter'); // Enter submits the dialog's form
    await rowOf(depts, DEPT).waitFor();

    // role: the user screen only, then a custom data scope of that department
    await page.goto('/web/system/role');
    await page.getByTestId('role-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('role-add').click();
    const roleDialog = page.getByTestId('role-dialog');
    await roleDialog.getByTestId('role-name').fill(ROLE_NAME);
    await roleDialog.getByTestId('role-key').fill(ROLE_KEY);
    const menuTree = roleDialog.getByTestId('role-menu-tree');
    await treeNodes(menuTree).first().waitFor();
    await menuTree.getByTestId('perm-expand').click();
    const userMenu = treeNodes(menuTree, /^用户管理$/).first();
    await userMenu.locator('.ant-tree-checkbox').click();
    // linkage: the page's buttons follow their menu
    await expect
      .poll(() =>
        treeNodes(menuTree, /^重置密码$/)
          .first()
          .locator('.ant-tree-checkbox-checked')
          .count(),
      )
      .toBe(1);
    await confirmIn(roleDialog).click();
    const roles = page.getByTestId('role-table');
    await rowOf(roles, ROLE_KEY).waitFor();

    await page.getByTestId(`role-more-${ROLE_KEY}`).click();
    await page.getByTestId(`role-data-scope-${ROLE_KEY}`).click();
    const scopeDialog = page.getByTestId('data-scope-dialog');
    await scopeDialog.getByTestId('data-scope-select').click();
    await page.locator('.ant-select-item-option', { hasText: '自定数据权限' }).click();
    const deptTree = scopeDialog.getByTestId('data-scope-tree');
    await treeNodes(deptTree, DEPT).locator('.ant-tree-checkbox').click();
    await confirmIn(scopeDialog).click();
    await page.getByText('数据权限已保存').waitFor();
    await rowOf(roles, ROLE_KEY).getByText('自定数据权限').waitFor();

    // user in the department holding the role
    await page.goto('/web/system/user');
    const users = page.getByTestId('user-table');
    await users.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('user-add').click();
    const userDialog = page.getByTestId('user-dialog');
    await userDialog.getByTestId('user-nickName').fill('巡检员小李');
    await userDialog.getByTestId('user-dept').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: DEPT }).click();
    await userDialog.getByTestId('user-userName').fill(SCOPED_USER);
    await userDialog.getByTestId('user-password').fill(PASSWORD);
    await userDialog.getByTestId('user-roles').click();
    await page.locator('.ant-select-item-option', { hasText: ROLE_NAME }).click();
    await userDialog.getByTestId('user-nickName').click(); // close the drop-down
    await confirmIn(userDialog).click();
    await rowOf(users, SCOPED_USER).waitFor();
    // the department tree filters the list
    await page.getByTestId('dept-tree-panel').getByText(DEPT).click();
    await expect.poll(() => users.locator('.ant-table-row').count()).toBe(1);
    await context.close();

    // the new user sees its own department and nobody outside it
    const scoped = await freshPage();
    await scoped.page.goto('/login');
    await signIn(scoped.page, SCOPED_USER, PASSWORD);
    // the password the administrator typed is an initial one: replaced first
    await replaceInitialPassword(scoped.page, PASSWORD, `${PASSWORD}x`);
    await scoped.page.getByTestId('sidebar').waitFor();
    await scoped.page.waitForURL('**/web/system/user');
    const scopedUsers = scoped.page.getByTestId('user-table');
    await rowOf(scopedUsers, SCOPED_USER).waitFor();
    await expect(scopedUsers.locator('.ant-table-row').count()).resolves.toBe(1);
    await expect(rowOf(scopedUsers, 'demo_operator').count()).resolves.toBe(0);
    const tree = scoped.page.getByTestId('dept-tree-panel');
    await tree.getByText(DEPT).waitFor();
    await expect(treeNodes(tree).count()).resolves.toBe(1);
    // only what the role grants: no role screen in the menu, no add button without system:user:add … it was granted
    await expect(scoped.page.getByTestId('sidebar').getByText('角色管理').count()).resolves.toBe(0);
    await scoped.context.close();
  });

  it('imports 200 users from an .xlsx with 3 bad rows and shows each row error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luxgrid-import-'));
    const file = join(dir, `users-${RUN}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.addRow(['登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态']);
    const bad = new Map<number, (string | number)[]>([
      [50, ['x', '名字太短的账号', '', '', '男', '正常']], // account of one character
      [120, [`imp${RUN}b120`, '邮箱不对', 'not-a-mail', '', '女', '正常']], // malformed email
      [180, [`imp${RUN}_3`, '重复账号', '', '', '男', '正常']], // the account of row 4 again
    ]);
    for (let i = 1; i <= 200; i += 1) {
      sheet.addRow(
        bad.get(i) ?? [`imp${RUN}_${i}`, `导入用户${i}`, `imp${RUN}_${i}@example.com`, '', i % 2 ? '男' : '女', '正常'],
      );
    }
    await workbook.xlsx.writeFile(file);

    const { context, page } = await freshPage();
    await signInAs(page, 'admin');
    await page.goto('/web/system/user');
    await page.getByTestId('user-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('user-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText(`users-${RUN}.xlsx`).waitFor();
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const result = dialog.getByTestId('import-result');
    await result.waitFor({ timeout: 30_000 });
    await expect(result.innerText()).resolves.toContain('成功 197 行');
    // each added account has its own drawn password, shown this once with copy and download
    const drawn = result.getByTestId('import-passwords');
    await drawn.getByTestId('import-passwords-download').waitFor();
    await expect(drawn.locator('.ant-pagination-item').count()).resolves.toBeGreaterThan(1);
    const firstPassword = (await drawn.getByTestId('initial-password').first().innerText()).trim();
    expect(firstPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const errors = result.getByTestId('import-errors').locator('.ant-table-row');
    await expect.poll(() => errors.count()).toBe(3);
    // sheet rows count the header: data row n is sheet row n + 1
    const texts = await errors.allInnerTexts();
    expect(texts[0]).toMatch(/^51\s+x\s+第 51 行/);
    expect(texts[1]).toMatch(/^121\s+/);
    expect(texts[1]).toContain('第 121 行');
    expect(texts[2]).toMatch(/^181\s+/);
    expect(texts[2]).toContain(`imp${RUN}_3`);

    // the import record keeps the counts and the failed rows
    await dialog.getByRole('tab', { name: '导入记录' }).click();
    const record = dialog.getByTestId('import-records').locator('.ant-table-row', { hasText: `users-${RUN}.xlsx` });
    await record.waitFor();
    await expect(record.innerText()).resolves.toMatch(/200\s+197\s+3/);
    await record.getByRole('button', { name: '查看失败' }).click();
    await expect.poll(() => page.getByTestId('import-record-dialog').locator('.ant-table-row').count()).toBe(3);
    await context.close();
    rmSync(dir, { recursive: true, force: true });

    // the imported accounts are there
    const check = await freshPage();
    await signInAs(check.page, 'admin');
    await check.page.goto('/web/system/user');
    const search = check.page.locator('.lx-search-bar');
    await search.getByPlaceholder('请输入用户名称').fill(`imp${RUN}_`);
    await search.getByTestId('table-search').click();
    await check.page.locator('.ant-pagination-total-text', { hasText: '197' }).waitFor();
    // a delete asks first
    await check.page.getByTestId(`user-delete-imp${RUN}_200`).click();
    await check.page.locator('.ant-modal-confirm', { hasText: `imp${RUN}_200` }).waitFor();
    await confirmPopup(check.page);
    await check.page.locator('.ant-pagination-total-text', { hasText: '196' }).waitFor();
    await check.page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await check.page.screenshot({ path: `${SHOTS}/system-users-zh-CN.png` });
    await check.context.close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`opens every admin screen with data and no console errors (${lang})`, async () => {
      const { context, page } = await freshPage(lang);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !/favicon\.ico/.test(message.location().url)) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await signInAs(page, 'admin');

      if (lang === 'zh-CN') {
        // the customer's administrator writes a notice in the rich-text editor, then reads it
        const writer = await freshPage();
        await signInAs(writer.page, 'demo_admin');
        await writer.page.goto('/web/system/notice');
        await writer.page.getByTestId('notice-add').click();
        const dialog = writer.page.getByTestId('notice-dialog');
        await dialog.getByTestId('notice-title').fill(`路灯巡检通知${RUN}`);
        await dialog.locator('.ql-editor').click();
        await writer.page.keyboard.type('今晚 22:00 起巡检延庆城区路灯。');
        await dialog.locator('.ql-header .ql-picker-label').click();
        await dialog.locator('.ql-header .ql-picker-item[data-value="2"]').click();
        await expect(dialog.locator('.ql-editor h2').count()).resolves.toBe(1);
        await confirmIn(dialog).click();
        const row = writer.page
          .getByTestId('notice-table')
          .locator('.ant-table-row', { hasText: `路灯巡检通知${RUN}` });
        await row.getByText('未读').waitFor();
        await row.getByRole('button', { name: '查看' }).click();
        await writer.page.getByTestId('notice-view').locator('h2', { hasText: '今晚 22:00' }).waitFor();
        await writer.page
          .getByTestId('notice-view')
          .getByRole('button', { name: /Close|关闭/ })
          .click();
        await row.getByText('已读').waitFor();
        await writer.context.close();
      }

      for (const screen of ADMIN_SCREENS) {
        await page.goto(screen.path);
        await page.getByTestId(screen.testId).waitFor();
        expect(new URL(page.url()).pathname, screen.path).toBe(screen.path);
        const table = page.getByTestId(screen.table);
        if ('mayBeEmpty' in screen) {
          await table.locator('.ant-table-row, [data-testid="empty-state"]').first().waitFor();
        } else {
          await table.locator('.ant-table-row').first().waitFor();
        }
        if (lang === 'en-US') {
          // the screen's own texts (search bar, toolbar, column heads) are English; data may be Chinese
          const chrome = await page.evaluate((id) => {
            const root = document.querySelector(`[data-testid="${id}"]`);
            const parts = [
              ...(root?.querySelectorAll('.lx-search-bar label, .lx-toolbar button, .ant-table-thead th') ?? []),
            ];
            return parts.map((node) => node.textContent ?? '').join('\n');
          }, screen.testId);
          expect(
            chrome.split('\n').filter((line) => HAN.test(line)),
            screen.path,
          ).toEqual([]);
        }
      }

      if (lang === 'en-US') {
        await page.goto('/web/system/role');
        await page.getByTestId('role-more-operator').click();
        await page.getByTestId('role-data-scope-operator').click();
        const dialog = page.getByTestId('data-scope-dialog');
        await dialog.getByTestId('data-scope-select').click();
        await page.locator('.ant-select-item-option', { hasText: 'Custom departments' }).click();
        await treeNodes(dialog.getByTestId('data-scope-tree')).first().waitFor();
        await page.screenshot({ path: `${SHOTS}/role-data-scope-en-US.png` });
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
