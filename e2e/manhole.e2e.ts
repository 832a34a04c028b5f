import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations } from './browser';

const ROOT = resolve(import.meta.dirname, '..');
const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;
const SEED = 31;
const PREFIX = `SIM${SEED}-MH-`;
/** 200 lamps: the demo city's twenty covers */
const COVERS = 20;

/** Waits for a condition (hooks cannot use expect.poll); the failure tells what the simulator said. */
async function until(check: () => boolean | Promise<boolean>, ms: number, tell: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not in time; the simulator said:\n${tell()}`);
}

/**
 * Smart manhole covers in a browser: the simulated city's covers register and report over MQTT,
 * lids are lifted now and then; a user finds them on the map and in the list, filters, opens a
 * cover and its chart, sends it a command, sees the alarms and the statistics, in both languages.
 */
describe.skipIf(!hasChromium)('smart manhole covers (issue #11)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let simulator: ChildProcess | null = null;
  let output = '';
  let token = '';
  let projectId = 0;

  const api = apiAs(() => ({ token, projectId }), 'en-US');
  async function newPage(lang: 'zh-CN' | 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    return openSignedIn(browser, {
      user: 'demo_admin',
      lang,
      acceptDownloads: true,
      at: '/web/manhole/map',
      waitFor: 'manhole-map-page',
    });
  }

  beforeAll(async () => {
    browser = await launch();
    const login = (await (
      await fetch(`${baseURL}/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_admin', password: 'admin123' }),
      })
    ).json()) as { token: string };
    token = login.token;
    const clients = await api<{ data: { id: number }[] }>('GET', '/info/clients');
    const projects = await api<{ data: { projectId: number }[] }>('GET', `/info/${clients.data[0]!.id}/projects`);
    projectId = projects.data[0]!.projectId;
    // the city runs while the user looks: lids are lifted often, so that alarms come during the journey
    simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/simulator/src/main.ts',
        `--url=${baseURL}`,
        `--project=${projectId}`,
        '--lamps=200',
        `--seed=${SEED}`,
        '--rate=2',
        '--cover-event-rate=0.3',
        '--duration=150',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    simulator.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    simulator.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until(
      () => new RegExp(`${COVERS} manhole covers online`).test(output),
      90_000,
      () => output,
    );
    // some lid is lifted and some alarm recorded before the user looks
    await until(
      async () =>
        (await api<{ total: number }>('GET', `/manhole/alarm/list?projectId=${projectId}&keyword=${PREFIX}&pageSize=1`))
          .total > 0,
      60_000,
      () => output,
    );
  }, 180_000);

  afterAll(async () => {
    simulator?.kill('SIGTERM');
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('shows the covers on the map, coloured by their live state', async () => {
    const { context, page } = await newPage('zh-CN');
    await expect(page.getByTestId('map-unsupported').count()).resolves.toBe(0);
    const count = async (status: string) => Number(await page.getByTestId(`manhole-count-${status}`).textContent());
    const all = async () =>
      (await count('open')) + (await count('alarm')) + (await count('online')) + (await count('offline'));
    await expect.poll(all, { timeout: 30_000 }).toBeGreaterThanOrEqual(COVERS);
    // the city keeps lifting lids: the map follows without a reload
    await expect.poll(() => count('open'), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('manhole-map-legend').innerText()).toContain('井盖开启');
    await page.screenshot({ path: `${SHOTS}/manhole-map-zh-CN.png` });
    await context.close();
  }, 120_000);

  it('lists the covers with live readings; a filter narrows them; a cover opens with its chart and takes a command', async () => {
    const { context, page } = await newPage('zh-CN');
    await page.goto('/web/manhole/device');
    const table = page.getByTestId('cover-table');
    await table.locator('.ant-table-row').first().waitFor();
    await page.locator('#keyword').fill(`${PREFIX}000`);
    await page.locator('#keyword').press('Enter');
    // MH-0001 … MH-0009
    await expect.poll(() => table.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(9);
    const header = await table.locator('.ant-table-thead').innerText();
    for (const name of ['井盖状态', '倾角', '水位', '电量', '信号强度']) expect(header).toContain(name);
    await expect.poll(async () => (await table.locator('.ant-table-row').first().innerText()).includes('%')).toBe(true);

    await table.getByTestId('cover-open').first().click();
    const drawer = page.getByTestId('cover-drawer');
    await drawer.getByTestId('cover-values').waitFor();
    await expect.poll(() => drawer.getByTestId('cover-value-battery').innerText()).toMatch(/\d+ %/);
    await drawer.getByText('水位').first().click();
    await drawer.getByTestId('cover-chart').locator('canvas').first().waitFor();
    await drawer.getByTestId('cover-command-calling').click();
    await page.getByText('指令已发送').first().waitFor();
    await expect
      .poll(() => drawer.getByTestId('cover-commands').innerText(), { timeout: 20_000 })
      .toMatch(/召测[\s\S]*成功/);
    // new thresholds, within the ranges the thing model declares
    await drawer.getByTestId('cover-command-setThresholds').click();
    const dialog = page.getByTestId('cover-command-dialog');
    await dialog.getByTestId('cover-param-tiltThreshold').fill('20');
    await dialog.getByTestId('cover-param-waterThreshold').fill('180');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => drawer.getByTestId('cover-commands').innerText(), { timeout: 20_000 })
      .toContain('设置告警阈值');
    await page.screenshot({ path: `${SHOTS}/manhole-drawer-zh-CN.png` });
    await context.close();
  }, 120_000);

  it('shows the alarms with grade, time and cover, filters and exports them', async () => {
    const { context, page } = await newPage('zh-CN');
    await page.goto('/web/manhole/alarm');
    const table = page.getByTestId('manhole-alarm-table');
    await table.locator('.ant-table-row').first().waitFor();
    await page.locator('#keyword').fill(PREFIX);
    await page.locator('.ant-form-item', { hasText: '告警类型' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '井盖开启' }).click();
    await page.getByTestId('table-search').click();
    await expect
      .poll(
        async () =>
          new Set((await table.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts()).map((s) => s.trim())),
      )
      .toEqual(new Set(['井盖开启']));
    const first = await table.locator('.ant-table-row').first().innerText();
    expect(first).toContain('紧急');
    expect(first).toContain(PREFIX);
    expect(first).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('manhole-alarm-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).text).toBe('告警等级');
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(1).text).toBe('井盖开启');
    await context.close();
  }, 90_000);

  it('counts the covers by state, alarms per day and battery bands — in English too', async () => {
    const { context, page } = await newPage('en-US');
    await page.goto('/web/manhole/statistics');
    await page.getByTestId('manhole-statistics-page').waitFor();
    await expect
      .poll(async () => Number((await page.getByTestId('stat-total').innerText()).replace(/\D+/g, '')))
      .toBeGreaterThanOrEqual(COVERS);
    await page.getByTestId('stat-per-day').locator('canvas').first().waitFor();
    await page.getByTestId('stat-battery').locator('canvas').first().waitFor();
    const text = await page.getByTestId('manhole-statistics-page').innerText();
    expect(text).toContain('Lid open');
    expect(text.match(HAN)).toBeNull();
    await page.screenshot({ path: `${SHOTS}/manhole-statistics-en-US.png` });

    await page.goto('/web/manhole/device');
    await page.getByTestId('cover-table').locator('.ant-table-row').first().waitFor();
    const heads = await page.locator('.ant-table-thead, .ant-form-item-label').allInnerTexts();
    expect(heads.join(' ')).toContain('Water level');
    expect(heads.join(' ').match(HAN)).toBeNull();
    await context.close();
  }, 90_000);
});
