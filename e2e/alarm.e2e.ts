import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCity } from '../apps/simulator/src/city.ts';
import { Concentrator } from '../apps/simulator/src/device.ts';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations, type Session, sessionOf } from './browser';

const ALARM_PAGE = '/web/lighting-alarm/alarm';
const CONFIG_PAGE = '/web/lighting-alarm/alarm-config';
const CCU_UID = `E2E-AL-CCU-${Date.now().toString(36)}`;
const RTU_UID = `${CCU_UID}-L1`;

/**
 * The operator's alarm journey: a lamp controller reports a tilt over MQTT; the navbar bell counts
 * it at once (pushed over /ws); the operator opens the alarm list, the alarm's drawer with its
 * readings chart and history, acknowledges it with a comment, and sees it recover when the device
 * says so. Then the project's alarm settings: 33 types, one threshold changed; then the alarm and
 * fault statistics with that tilt among their figures, in both languages.
 */
describe.skipIf(!hasChromium)('alarms (issue #14)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let device: MqttClient | null = null;
  let simulated: Concentrator | null = null;
  let session: Session;

  const api = apiAs(() => session, 'zh-CN');
  /** the bell's count (antd writes it in the badge's title; no badge = none) */
  const badge = async () => {
    const sup = page.getByTestId('alarm-badge-count').locator('sup.ant-badge-count');
    if (!(await sup.count())) return 0;
    return Number((await sup.first().getAttribute('title')) ?? 0);
  };

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'zh-CN',
      at: ALARM_PAGE,
      waitFor: 'alarm-page',
    }));
    session = await sessionOf(page);
    expect(session.projectId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    device?.end(true);
    await simulated?.stop();
    await context?.close();
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('counts a reported tilt on the bell, opens it with its chart and history, acknowledges it, and sees it recover', async () => {
    const added = await api<{ code: number; data: { deviceId: number } }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: CCU_UID,
      name: '告警演示集中器',
      deviceType: 'CCU',
    });
    expect(added.code).toBe(200);
    const lamp = await api<{ code: number }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: RTU_UID,
      name: '告警演示单灯',
      deviceType: 'RTU',
      parentId: added.data.deviceId,
    });
    expect(lamp.code).toBe(200);
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [added.data.deviceId] },
    );
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-alarm-${Date.now()}`,
      reconnectPeriod: 0,
    });
    const topic = `luxgrid/v1/${session.projectId}/${CCU_UID}`;
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ children: [RTU_UID] }), { qos: 1 });
    await device.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({
        items: [{ uid: RTU_UID, values: { voltage: 229.6, current: 0.41, tilt: 2, lampState: 'ON' } }],
      }),
      { qos: 1 },
    );
    await page.waitForTimeout(1500);
    const before = await badge();

    await device.publishAsync(
      `${topic}/up/event`,
      JSON.stringify({ uid: RTU_UID, type: 'RtuTilt', level: 'serious', data: { tilt: 31 } }),
      { qos: 1 },
    );
    // pushed: the bell counts it and the list shows it without a reload
    await expect.poll(badge, { timeout: 20_000 }).toBe(before + 1);
    const row = page.getByTestId('alarm-table').locator('tr', { hasText: RTU_UID });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.textContent()).resolves.toContain('未恢复');

    await row.getByTestId('alarm-open').click();
    const drawer = page.getByTestId('alarm-drawer');
    await drawer.getByTestId('alarm-history').waitFor();
    await expect(drawer.getByTestId('alarm-drawer-type').textContent()).resolves.toBe('单灯倾斜');
    await expect(drawer.getByTestId('alarm-history').textContent()).resolves.toContain('产生');
    await drawer.getByTestId('alarm-chart').locator('[role="img"]').waitFor({ timeout: 10_000 });
    // the lamp goes under maintenance for a few hours: its next alarms are shelved
    await drawer.getByTestId('alarm-maintenance-set').click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await row.getByTestId('alarm-ack').click();
    const dialog = page.getByTestId('alarm-handle-dialog');
    await dialog.getByTestId('alarm-comment').fill('已派维修班组');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已确认');
    await expect.poll(badge, { timeout: 10_000 }).toBe(before);

    await device.publishAsync(
      `${topic}/up/event`,
      JSON.stringify({ uid: RTU_UID, type: 'RECOVER', level: 'ordinary', data: { type: 'RtuTilt' } }),
      { qos: 1 },
    );
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('已恢复');
    await row.getByTestId('alarm-open').click();
    await expect
      .poll(() => drawer.getByTestId('alarm-history').textContent(), { timeout: 10_000 })
      .toMatch(/产生[\s\S]*确认[\s\S]*已派维修班组[\s\S]*恢复/);
    await page.keyboard.press('Escape');
  });

  it('counts a branch over-voltage the simulator trips on the bell, acknowledges it, and sees it clear when the simulator recovers it', async () => {
    const city = buildCity({
      seed: 23,
      lamps: 2,
      lng: 121.47,
      lat: 31.23,
      prefix: `E2E-TRIP-${Date.now().toString(36)}`,
    });
    const box = city.boxes[0]!;
    const branch = box.branches[0]!;
    // a short hold time for the project's branch over-voltage, so that the trip and its recovery are quick
    const setting = (holdSeconds: number) =>
      api<{ code: number; msg: string }>('PUT', '/lighting/alarm-config', {
        projectId: session.projectId,
        alarmConfigType: 'BranchOverVoltage',
        enabled: true,
        grade: 'urgent',
        threshold: 250,
        holdSeconds,
        push: true,
        sound: false,
        notify: false,
        workOrder: false,
      });
    expect((await setting(2)).code).toBe(200);
    try {
      const ids: Record<string, number> = {};
      const add = async (uid: string, deviceType: string, parent?: string) => {
        const res = await api<{ code: number; msg: string; data: { deviceId: number } }>('POST', '/lighting/device', {
          projectId: session.projectId,
          uid,
          name: uid,
          deviceType,
          // the box's cabinet site: the alarm's drawer shows it on a small map
          longitude: box.lng,
          latitude: box.lat,
          ...(parent ? { parentId: ids[parent] } : {}),
        });
        expect(res.code, res.msg).toBe(200);
        ids[uid] = res.data.deviceId;
      };
      await add(box.uid, 'BOX');
      await add(box.ccuUid, 'CCU_IN_BOX', box.uid);
      for (const b of box.branches) await add(b, 'BRANCH', box.ccuUid);
      for (const lamp of box.lamps) await add(lamp.rtuUid, 'RTU', lamp.branchUid);
      const creds = await api<{ data: { secret: string }[] }>('POST', '/lighting/device/credentials', {
        deviceIds: [ids[box.ccuUid]],
      });
      const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
      simulated = new Concentrator({
        box,
        projectId: session.projectId,
        root: 'luxgrid',
        brokerUrl: health.mqtt.url,
        secret: creds.data[0]!.secret,
        // reports when the journey asks; the fault is raised by hand, not by chance
        rateMs: 3_600_000,
        heartbeatMs: 60_000,
        failRate: 0,
        faultsPerHour: 0,
        seed: 5,
      });
      await simulated.start();

      await page.goto(ALARM_PAGE);
      await page.getByTestId('alarm-page').waitFor();
      simulated.report();
      await page.waitForTimeout(1500);
      const before = await badge();

      // the simulator trips the branch: its supply rises above 250 V and stays there
      simulated.raise({ kind: 'branchOverVoltage', uid: branch });
      simulated.report();
      await expect.poll(badge, { timeout: 30_000 }).toBe(before + 1);
      const row = page.getByTestId('alarm-table').locator('tr', { hasText: branch });
      await row.waitFor({ timeout: 20_000 });
      await expect(row.textContent()).resolves.toContain('未恢复');

      await row.getByTestId('alarm-open').click();
      const drawer = page.getByTestId('alarm-drawer');
      await drawer.getByTestId('alarm-history').waitFor();
      await expect(drawer.getByTestId('alarm-drawer-type').textContent()).resolves.toBe('支路过压');
      // the branch's place on a small map (MapLibre, or its flat fallback without WebGL), captioned with the device
      const map = drawer.getByTestId('alarm-map').getByTestId('map-picker');
      await expect.poll(() => map.getAttribute('data-map-mode'), { timeout: 10_000 }).not.toBe('loading');
      await expect(map.textContent()).resolves.toContain(branch);
      await drawer.getByTestId('alarm-chart').locator('[role="img"]').waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await row.getByTestId('alarm-ack').click();
      const dialog = page.getByTestId('alarm-handle-dialog');
      await dialog.getByTestId('alarm-comment').fill('供电局已调压');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已确认');
      await expect.poll(badge, { timeout: 10_000 }).toBe(before);

      // the supply steadies: back in range for the hold time, the alarm clears by itself
      await simulated.recover({ kind: 'branchOverVoltage', uid: branch });
      simulated.report();
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('已恢复');
      await row.getByTestId('alarm-open').click();
      await expect
        .poll(() => drawer.getByTestId('alarm-history').textContent(), { timeout: 10_000 })
        .toMatch(/产生[\s\S]*确认[\s\S]*供电局已调压[\s\S]*恢复/);
      await page.keyboard.press('Escape');
    } finally {
      await simulated?.stop();
      simulated = null;
      await api('POST', '/lighting/alarm-config/reset', {
        projectId: session.projectId,
        alarmConfigTypes: ['BranchOverVoltage'],
      });
    }
  });

  it('lists the tilted lamp among the devices under maintenance, with who set it, and ends it now', async () => {
    await page.goto(ALARM_PAGE);
    await page.getByTestId('alarm-page').waitFor();
    await page.getByRole('tab', { name: '维护中的设备' }).click();
    const row = page.getByTestId('maintenance-table').locator('tr', { hasText: RTU_UID });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.textContent()).resolves.toContain('admin');
    await row.getByTestId('maintenance-end').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    const left = await api<{ rows: { uid: string }[] }>(
      'GET',
      `/lighting/alarm/maintenance/list?projectId=${session.projectId}&keyword=${encodeURIComponent(RTU_UID)}`,
    );
    expect(left.rows).toEqual([]);
  });

  it('shows the 33 alarm types and the covers’ alarm kinds of the project and saves a threshold', async () => {
    await page.goto(CONFIG_PAGE);
    const table = page.getByTestId('alarm-config-table');
    await table.locator('tr[data-row-key="RtuOverVoltage"]').waitFor();
    // the 33 types of smart lighting, then the manhole covers' four, named as their thing model names them
    await expect(table.locator('tbody tr[data-row-key]').count()).resolves.toBe(37);
    await expect(table.locator('tr[data-row-key="COVER_OPENED"]').textContent()).resolves.toContain('井盖开启');
    await table.getByTestId('alarm-config-edit-RtuOverVoltage').click();
    const dialog = page.getByTestId('alarm-config-dialog');
    await dialog
      .locator('input[data-testid="alarm-config-threshold"], [data-testid="alarm-config-threshold"] input')
      .first()
      .fill('270');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => table.locator('tr[data-row-key="RtuOverVoltage"]').textContent(), { timeout: 10_000 })
      .toContain('270 V');
    const saved = await api<{ rows: { alarmConfigType: string; threshold: number; custom: boolean }[] }>(
      'GET',
      `/lighting/alarm-config/list?projectId=${session.projectId}`,
    );
    expect(saved.rows.find((r) => r.alarmConfigType === 'RtuOverVoltage')).toMatchObject({
      threshold: 270,
      custom: true,
    });
  });

  it('adds a webhook in the outward notification tab, sends a test message and sees it delivered in the log', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(`${req.headers['x-luxgrid-signature'] ?? ''} ${body}`);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/street-alarms`;
      await page.goto(CONFIG_PAGE);
      await page.getByRole('tab', { name: '外部通知' }).click();
      await page.getByTestId('alarm-notify-add').click();
      const dialog = page.getByTestId('alarm-notify-dialog');
      await dialog.locator('#name').fill('E2E control room');
      await dialog.locator('#url').fill(url);
      await dialog.locator('#secret').fill('e2e-secret');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      const channels = page.getByTestId('alarm-notify-channels');
      const row = channels.locator('tbody tr', { hasText: 'E2E control room' });
      await row.waitFor();
      await row.getByRole('button', { name: '发送测试' }).click();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(received[0]).toMatch(/^sha256=[0-9a-f]{64} \{.*"action":"TEST"/);
      const log = page.getByTestId('alarm-notify-deliveries');
      await expect
        .poll(() => log.locator('tbody tr', { hasText: 'E2E control room' }).first().textContent(), { timeout: 10_000 })
        .toContain('已送达');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('shows the tilt in the alarm and fault statistics, in both languages', async () => {
    await page.goto('/web/statistics/alarm');
    const stats = page.getByTestId('alarm-statistics-page');
    await stats.waitFor();
    // other journeys raise alarms on the same server: the screen's top ten is the API's, and the tilted lamp is counted
    const summary = await api<{ data: { topDevices: { uid: string }[]; byType: { key: string }[] } }>(
      'GET',
      '/statistics/alarm/summary',
    );
    expect(summary.data.byType.map((r) => r.key)).toContain('RtuTilt');
    const top = summary.data.topDevices.map((r) => r.uid);
    expect(top.length).toBeGreaterThan(0);
    await expect
      .poll(() => stats.getByTestId('alarm-stats-top').locator('tbody tr.ant-table-row').first().textContent(), {
        timeout: 15_000,
      })
      .toContain(top[0]!);
    await expect(stats.getByTestId('alarm-stats-type').textContent()).resolves.toContain('单灯倾斜');
    await expect(stats.getByTestId('alarm-stats-mttr-table').textContent()).resolves.toContain('单灯倾斜');
    await stats.getByTestId('alarm-stats-per-day').locator('canvas').first().waitFor({ timeout: 10_000 });
    await expect(stats.textContent()).resolves.toContain('告警最多的十台设备');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.goto('/web/statistics/fault');
    const faults = page.getByTestId('fault-statistics-page');
    await faults.waitFor();
    await expect.poll(() => faults.getByTestId('fault-stats-type').textContent(), { timeout: 15_000 }).toMatch(/tilt/i);
    await expect(faults.textContent()).resolves.toContain('Faults per day (by type)');
    await faults.getByTestId('fault-stats-by-type').locator('canvas').first().waitFor({ timeout: 10_000 });
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  });
});
