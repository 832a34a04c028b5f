import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, type Lang, launch, openSignedIn } from './browser';

const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;
const OK = /确\s*定/;

describe.skipIf(!hasChromium)('monitoring and tools journeys', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signedIn = (lang: Lang = 'zh-CN') => openSignedIn(browser, { user: 'admin', lang });

  /** Clicks the confirm button of the open confirmation dialog. */
  async function confirm(page: Page): Promise<void> {
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  }

  /** A chart has drawn when its container holds a canvas. */
  async function drawn(chart: Locator): Promise<void> {
    await chart.locator('canvas').first().waitFor();
  }

  it('creates a job on a registered handler, runs it once and reads its log', async () => {
    const { context, page } = await signedIn();
    const name = `e2e 心跳 ${Date.now()}`;
    await page.getByTestId('sidebar').getByText('系统监控').click();
    await page.getByTestId('sidebar').getByText('定时任务').click();
    await page.getByTestId('job-page').waitFor();

    await page.getByTestId('job-add').click();
    const dialog = page.getByTestId('job-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('job-handler').click();
    await page.locator('.ant-select-item-option', { hasText: 'platform.heartbeat' }).click();
    await dialog.locator('#jobName').fill(name);

    // the expression is checked as it is typed: a wrong one is refused with the server's reason
    await dialog.getByTestId('cron-expression').fill('0 0 3');
    await dialog.getByText('Cron表达式须为6或7个字段').waitFor();
    await dialog.getByTestId('cron-expression').fill('0 0 3 * * ?');
    const times = dialog.getByTestId('cron-next-times').locator('li');
    await expect.poll(() => times.count(), { timeout: 10_000 }).toBe(5);
    expect(await times.first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2} 03:00:00$/);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('job-table').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('platform.heartbeat');
    const more = row.locator('[data-testid^="job-more-"]');
    const jobId = (await more.getAttribute('data-testid'))?.replace('job-more-', '');
    await more.click();
    await page.getByRole('menuitem', { name: '执行一次' }).click();
    await confirm(page);
    await page.getByTestId('job-run-log').click();
    await page.waitForURL(`**/web/monitor/job-log/index/${jobId}`);
    await page.getByTestId('job-log-page').waitFor();
    // the title names the job once its record has loaded (until then it shows the job's number)
    await expect.poll(() => page.getByTestId('job-log-title').innerText(), { timeout: 10_000 }).toContain(name);

    // the run writes its line when it ends: search again until it is there
    const lines = page.getByTestId('job-log-table').locator('tbody tr.ant-table-row');
    await expect
      .poll(
        async () => {
          await page.getByTestId('table-search').click();
          await page.waitForTimeout(300);
          return lines.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await lines.first().innerText()).toContain('手动执行');
    expect(await lines.first().innerText()).toContain('成功');
    await lines.first().locator('[data-testid^="job-log-detail-"]').click();
    const detail = page.getByTestId('job-log-dialog');
    await detail.waitFor();
    expect(await detail.getByTestId('job-log-message').innerText()).toMatch(/^心跳正常：数据库ok（[\d.]+ ms）/);
    await page.screenshot({ path: `${SHOTS}/monitor-job-log-zh-CN.png` });
    await context.close();
  });

  it('shows real figures in the cache, server and database monitors', async () => {
    const { context, page } = await signedIn();
    // the job screen reads its dictionaries, which puts keys into the dict: namespace
    await page.goto('/web/monitor/job');
    await page.getByTestId('job-table').locator('.ant-table').waitFor();
    await page.waitForLoadState('networkidle');

    await page.goto('/web/monitor/cache');
    await page.getByTestId('cache-page').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('cache-db-size').innerText()), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await drawn(page.getByTestId('cache-keys-chart'));
    await page.getByTestId('cache-ns-dict').click();
    const key = page.getByTestId('cache-keys').locator('tbody tr.ant-table-row').first();
    await key.waitFor();
    await key.click();
    const value = page.getByTestId('cache-value');
    await value.waitFor();
    expect(await value.locator('textarea').inputValue()).toContain('dictValue');
    await page.screenshot({ path: `${SHOTS}/monitor-cache-zh-CN.png` });
    // clearing a key asks first, then the key leaves the list and its value closes
    // the list shows one page of keys: follow the cleared key by its name, not by the row count
    const keyName = (await key.locator('td').first().innerText()).trim();
    await key.getByRole('button', { name: '删除该键' }).click();
    await confirm(page);
    await page.getByText('已清除 1 个缓存键').waitFor();
    await expect
      .poll(
        () =>
          page
            .getByTestId('cache-keys')
            .locator('tbody tr.ant-table-row td:first-child', {
              hasText: new RegExp(`^${keyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
            })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(0);
    await value.waitFor({ state: 'detached' });

    await page.goto('/web/monitor/server');
    await page.getByTestId('server-page').waitFor();
    const runtime = page.getByTestId('server-node');
    await runtime.waitFor();
    expect(await runtime.innerText()).toMatch(/v\d+\.\d+\.\d+/);
    expect(await page.getByTestId('server-uptime').innerText()).toMatch(/\d+ (秒|分钟|小时|天)/);
    for (const gauge of ['cpu', 'memory', 'heap', 'disk']) await drawn(page.getByTestId(`server-gauge-${gauge}`));
    expect(await page.getByTestId('server-disks').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    // auto-refresh every 5 s: a second sample draws the trend; pausing stops it
    await drawn(page.getByTestId('server-trend'));
    await page.getByTestId('server-pause').click();
    await page.getByText('已暂停自动刷新').waitFor();

    await page.goto('/web/monitor/druid');
    await page.getByTestId('druid-page').waitFor();
    await page.getByTestId('druid-version').waitFor();
    expect(await page.getByTestId('druid-version').innerText()).toContain('PostgreSQL');
    expect(await page.getByTestId('druid-size').innerText()).toMatch(/\d+(\.\d+)? (KB|MB|GB)/);
    await drawn(page.getByTestId('druid-tables-chart'));
    expect(await page.getByTestId('druid-statements').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: '数据表' }).click();
    await page.getByTestId('druid-tables').getByText('sys_user', { exact: true }).waitFor();
    await context.close();
  });

  it('imports a table into the code generator and previews its code', async () => {
    const { context, page } = await signedIn();
    await page.goto('/web/tool/gen');
    await page.getByTestId('gen-page').waitFor();
    await page.getByTestId('gen-import').click();
    const dialog = page.getByTestId('gen-import-dialog');
    await dialog.waitFor();
    await dialog.locator('input#tableName').fill('sys_notice');
    await dialog.getByTestId('table-search').click();
    const candidate = dialog.locator('tr[data-row-key="sys_notice"]');
    await candidate.waitFor();
    await candidate.locator('input[type="checkbox"]').check();
    await dialog.getByRole('button', { name: /导入（1）/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page
      .getByTestId('gen-table')
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText('sys_notice', { exact: true }) });
    await row.waitFor();
    await row.locator('[data-testid^="gen-preview-"]').click();
    const preview = page.getByTestId('gen-preview-dialog');
    await preview.getByTestId('gen-preview-code').first().waitFor();
    const tabs = await preview.locator('.ant-tabs-tab').allInnerTexts();
    expect(tabs).toEqual(expect.arrayContaining(['notice.table.ts', 'notice.routes.ts', 'index.tsx']));
    expect(await preview.getByTestId('gen-preview-code').first().innerText()).toContain("pgTable('sys_notice'");
    await preview.getByRole('tab', { name: 'index.tsx' }).click();
    const visibleCode = preview.locator('[data-testid="gen-preview-code"]:visible');
    await expect.poll(async () => visibleCode.innerText(), { timeout: 10_000 }).toContain('<ProTable');
    await preview.locator('.ant-modal-footer .ant-btn-primary').click();

    // the API docs open inside the main area, with a way out to a tab of their own
    await page.goto('/web/tool/doc');
    await page.getByTestId('swagger-page').waitFor();
    expect(await page.getByTestId('swagger-open').getAttribute('href')).toBe('/doc.html');
    await page.frameLocator('[data-testid="swagger-frame"]').locator('.swagger-ui').first().waitFor();
    await context.close();
  });

  it('forces a signed-in operator out from the online users screen; the operator is sent to /login', async () => {
    // the operator is signed in on another device too: both sessions are listed and forced out
    const elsewhere = await fetch(`${baseURL}/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_operator', password: 'admin123' }),
    });
    expect(((await elsewhere.json()) as { code: number }).code).toBe(200);
    const { context: operatorContext, page: operator } = await openSignedIn(browser, { user: 'demo_operator' });

    const { context, page } = await signedIn();
    await page.goto('/web/monitor/online');
    const operatorRows = page.getByTestId('online-page').locator('tr', { hasText: 'demo_operator' });
    await operatorRows.first().waitFor();
    // every session of the operator (earlier journeys may have left more) is forced out one by one
    const sessions = await operatorRows.count();
    expect(sessions).toBeGreaterThanOrEqual(2);
    for (let left = sessions; left > 0; left--) {
      await operatorRows
        .first()
        .getByRole('button', { name: /强\s*退/ })
        .click();
      await confirm(page);
      await expect.poll(() => operatorRows.count(), { timeout: 15_000 }).toBe(left - 1);
    }

    await operator.reload();
    await operator.waitForURL(/\/login/, { timeout: 20_000 });
    await operator.getByTestId('login-username').waitFor();
    await operatorContext.close();
    await context.close();
  });

  it('shows the server monitor in English without Chinese texts', async () => {
    const { context, page } = await signedIn('en-US');
    await page.goto('/web/monitor/server');
    await page.getByTestId('server-node').waitFor();
    for (const gauge of ['cpu', 'memory', 'heap', 'disk']) await drawn(page.getByTestId(`server-gauge-${gauge}`));
    await page.getByText('Refreshes every 5 s').waitFor();
    await drawn(page.getByTestId('server-trend'));
    // innerText on purpose: only what is rendered visibly counts
    const text = await page.getByTestId('server-page').innerText();
    expect(text.split('\n').filter((line) => HAN.test(line))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/monitor-server-en-US.png` });
    await context.close();
  });
});
