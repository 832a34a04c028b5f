import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations, type Session, sessionOf } from './browser';

const DURATION_PAGE = '/web/lighting-stats/lighting-duration';
const LIGHTING_RATE_PAGE = '/web/lighting-stats/lighting-rate';
const ONLINE_RATE_PAGE = '/web/statistics/online-rate';
const CCU_UID = `E2E-LS-CCU-${Date.now().toString(36)}`;
const RTU_UID = `${CCU_UID}-L1`;

/**
 * Lighting statistics in the browser: a lamp lit over MQTT shows in the lighting duration screen
 * (chart, by-lamp table, Excel export); the lighting rate and the statistics subsystem's online
 * rate show the 10-minute samples and export them. Other journeys share the server: only this
 * journey's lamp is asserted by name, the samples by their presence.
 */
describe.skipIf(!hasChromium)('lighting statistics journeys (issue #13 item 6)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  let device: MqttClient | undefined;

  const api = apiAs(() => session, 'en-US');

  async function exported(testId: string): Promise<ExcelJS.Worksheet> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  }

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      acceptDownloads: true,
      at: DURATION_PAGE,
      waitFor: 'lighting-duration-page',
    }));
    session = await sessionOf(page);
    expect(session.projectId).toBeGreaterThan(0);

    // a concentrator and its lamp, which reports itself lit over MQTT
    const ccu = await api<{ code: number; data: { deviceId: number } }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: CCU_UID,
      name: 'Statistics concentrator',
      deviceType: 'CCU',
    });
    expect(ccu.code).toBe(200);
    const lamp = await api<{ code: number }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: RTU_UID,
      name: 'Statistics lamp',
      deviceType: 'RTU',
      parentId: ccu.data.deviceId,
    });
    expect(lamp.code).toBe(200);
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [ccu.data.deviceId] },
    );
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-lstats-${Date.now()}`,
      reconnectPeriod: 0,
    });
    const topic = `luxgrid/v1/${session.projectId}/${CCU_UID}`;
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ children: [RTU_UID] }), { qos: 1 });
    const report = (lampState: 'ON' | 'OFF') =>
      device!.publishAsync(
        `${topic}/up/telemetry`,
        JSON.stringify({ items: [{ uid: RTU_UID, values: { voltage: 229.8, current: 0.42, lampState } }] }),
        { qos: 1 },
      );
    await report('ON');
    await page.waitForTimeout(3000);
    await report('OFF');
    await report('ON');

    // the samples are taken every 10 minutes, the first within a minute of the server's start
    const samples = async () =>
      (
        await api<{ data?: { rows: unknown[] } }>(
          'GET',
          `/lighting/statistics/online-rate?projectId=${session.projectId}&period=sample`,
        )
      ).data?.rows.length ?? 0;
    const until = Date.now() + 100_000;
    while ((await samples()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 2000));
    expect(await samples()).toBeGreaterThan(0);
  }, 150_000);

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('shows the lamp lit over MQTT in the lighting duration screen and exports it by lamp', async () => {
    await page.goto(DURATION_PAGE);
    await page.getByTestId('lighting-duration-page').waitFor();
    await page.getByTestId('lighting-duration-search').click();
    const table = page.getByTestId('lighting-duration-lamp');
    // most hours first: this journey's lamp was lit seconds ago, so look for it page by page through the API's total
    await expect
      .poll(
        async () => {
          const rows = await api<{ rows: { uid: string }[] }>(
            'GET',
            `/lighting/statistics/duration/lamps?projectId=${session.projectId}&pageSize=500`,
          );
          return rows.rows.some((r) => r.uid === RTU_UID);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await table.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('lighting-duration-chart').locator('canvas').first().waitFor({ timeout: 10_000 });
    const sheet = await exported('lighting-duration-lamp-export');
    expect(sheet.getRow(1).getCell(2).text).toBe('Lamp');
    const uids: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) uids.push(sheet.getRow(r).getCell(1).text);
    expect(uids).toContain(RTU_UID);
    const series = await exported('lighting-duration-series-export');
    expect(series.getRow(1).getCell(2).text).toBe('Lit hours');
    expect(series.rowCount).toBeGreaterThan(1);
  }, 60_000);

  it('shows the lighting rate samples and exports them', async () => {
    await page.goto(LIGHTING_RATE_PAGE);
    await page.getByTestId('lighting-rate-page').waitFor();
    await page.getByTestId('lighting-rate-chart').locator('canvas').first().waitFor({ timeout: 10_000 });
    await page.getByTestId('lighting-rate-table').locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
    const sheet = await exported('lighting-rate-export');
    expect(sheet.getRow(1).getCell(2).text).toBe('Lamps expected lit');
    expect(sheet.rowCount).toBeGreaterThan(1);
  }, 60_000);

  it('shows the online rate in the statistics subsystem per sample and exports it', async () => {
    await page.goto(ONLINE_RATE_PAGE);
    await page.getByTestId('online-rate-page').waitFor();
    await page.getByTestId('online-rate-by').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Every 10 minutes' }).click();
    await page.getByTestId('online-rate-search').click();
    const rows = page.getByTestId('online-rate-table').locator('.ant-table-row');
    await rows.first().waitFor({ timeout: 10_000 });
    await expect(rows.first().innerText()).resolves.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d0/);
    await expect(page.getByTestId('online-rate-overall').innerText()).resolves.toMatch(/%|—/);
    const sheet = await exported('online-rate-export');
    expect(sheet.getRow(1).getCell(4).text).toBe('Online rate (%)');
    expect(sheet.rowCount).toBeGreaterThan(1);
  }, 60_000);
});
