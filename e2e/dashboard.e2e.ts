import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations, type Session, sessionOf } from './browser';

const CCU_UID = `E2E-DB-CCU-${Date.now().toString(36)}`;
const RTU_UID = `${CCU_UID}-L1`;

/**
 * A city's wall screen and the operations monitor in a browser: a concentrator and its lamp
 * report over MQTT; the overview dashboard shows the lamp dimmed with the home page's numbers,
 * scales its 1920×1080 canvas to the window and lists a tilt alarm the moment it is raised
 * (pushed over /ws, no reload). Then the platform administrator sees the services up and the
 * concentrator among the communication links, carrying its lamp.
 */
describe.skipIf(!hasChromium)('dashboards and operations monitor', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let device: MqttClient | null = null;
  let session: Session;
  const api = apiAs(() => session, 'en-US');

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'demo_admin',
      lang: 'en-US',
      at: '/web/dashboard/overview',
      waitFor: 'dashboard-overview',
    }));
    session = await sessionOf(page);
    expect(session.projectId).toBeGreaterThan(0);
    // the wall screen reads its figures every 10 s (the shortest interval the settings allow)
    const saved = await api<{ code: number }>('PUT', '/dashboard/config', {
      title: 'Demo city lights',
      panels: ['devices', 'lamps', 'lightingRate', 'alarmGrades', 'latestAlarms', 'energy', 'map'],
      refreshSeconds: 10,
    });
    expect(saved.code).toBe(200);
    await page.reload();
    await page.getByTestId('wall-title').filter({ hasText: 'Demo city lights' }).waitFor();
  });

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('shows the lamps and figures of the home page, scaled to the window, with alarms live', async () => {
    const ccu = await api<{ code: number; data: { deviceId: number } }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: CCU_UID,
      name: 'Dashboard concentrator',
      deviceType: 'CCU',
    });
    expect(ccu.code).toBe(200);
    const lamp = await api<{ code: number; msg: string }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: RTU_UID,
      name: 'Dashboard lamp',
      deviceType: 'RTU',
      parentId: ccu.data.deviceId,
      longitude: 115.97,
      latitude: 40.46,
    });
    expect(lamp.code, lamp.msg).toBe(200);
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [ccu.data.deviceId] },
    );
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-dashboard-${Date.now()}`,
      reconnectPeriod: 0,
    });
    const topic = `luxgrid/v1/${session.projectId}/${CCU_UID}`;
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ children: [RTU_UID] }), { qos: 1 });
    await device.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({ items: [{ uid: RTU_UID, values: { lampState: 'ON', dimLevel: 40, energy: 12.5 } }] }),
      { qos: 1 },
    );

    // the screen reads the figures again at the customer's refresh interval: the lamp is dimmed,
    // and every number is the home page's
    await expect
      .poll(
        () =>
          page
            .getByTestId('figure-lamps-dimmed')
            .innerText({ timeout: 5_000 })
            .catch(() => ''),
        {
          timeout: 45_000,
          interval: 1_000,
        },
      )
      .toBe('1');
    const home = await api<{
      data: { figures: { devices: { total: number; online: number }; lamps: { on: number } } };
    }>('GET', '/sysclient/home/summary');
    await expect(page.getByTestId('figure-devices-total').innerText()).resolves.toBe(
      String(home.data.figures.devices.total),
    );
    await expect(page.getByTestId('figure-devices-online').innerText()).resolves.toBe(
      String(home.data.figures.devices.online),
    );
    await expect(page.getByTestId('figure-lamps-on').innerText()).resolves.toBe(String(home.data.figures.lamps.on));
    await page.getByTestId('panel-map').locator('[role="img"]').waitFor();
    await page.getByTestId('panel-energy').locator('[role="img"]').waitFor();

    // the 1920×1080 canvas fits the window whole
    const wall = await page.getByTestId('dashboard-overview').boundingBox();
    const canvas = await page.locator('.lx-wall-canvas').boundingBox();
    expect(canvas!.width).toBeLessThanOrEqual(wall!.width + 1);
    expect(canvas!.height).toBeLessThanOrEqual(wall!.height + 1);
    expect(canvas!.width / canvas!.height).toBeCloseTo(1920 / 1080, 1);
    // in the middle of the screen, whatever side the proportions leave over
    const spare = [wall!.width - canvas!.width, wall!.height - canvas!.height];
    expect(Math.abs(canvas!.x - wall!.x - spare[0]! / 2)).toBeLessThan(2);
    expect(Math.abs(canvas!.y - wall!.y - spare[1]! / 2)).toBeLessThan(2);

    // a tilt is raised: pushed, listed without a reload
    await device.publishAsync(
      `${topic}/up/event`,
      JSON.stringify({ uid: RTU_UID, type: 'RtuTilt', level: 'serious', data: { tilt: 31 } }),
      { qos: 1 },
    );
    await page.getByTestId('latest-alarm').filter({ hasText: 'Dashboard lamp' }).first().waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('figure-alarms-open').innerText()).resolves.not.toBe('0');
  }, 120_000);

  it('shows the platform administrator the services up and the concentrator carrying its lamp', async () => {
    const admin = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: '/web/sys/service',
      waitFor: 'sys-service-page',
    });
    try {
      for (const name of ['database', 'broker', 'cache', 'disk']) {
        await expect
          .poll(() => admin.page.getByTestId(`service-${name}`).getAttribute('data-ok'), { timeout: 15_000 })
          .toBe('1');
      }
      await admin.page.goto('/web/sys/link');
      await admin.page.getByTestId('sys-link-page').waitFor();
      const search = admin.page.getByPlaceholder('UID or name');
      await search.fill(CCU_UID);
      await search.press('Enter');
      const row = admin.page.getByTestId('link-table').locator('tr', { hasText: CCU_UID });
      await row.waitFor({ timeout: 10_000 });
      await expect(row.innerText()).resolves.toContain('1 / 1');
      await expect(row.innerText()).resolves.toContain('Online');
    } finally {
      await admin.context.close();
    }
  }, 120_000);
});
