import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, sessionOf } from './browser';

const MAP_SCREEN = '/web/mapScreen';
const OPERATE_PWD = 'Lamp2468';
const stamp = Date.now() % 1_000_000;
const CCU_UID = `MAP-CCU-${stamp}`;
const LAMP_UID = `MAP-RTU-${stamp}`;

/**
 * The map screen (issue #15): open it full screen, filter to one lamp, click it on the map, switch
 * it on with the project's operation password and watch it turn lit live. The journey works in a
 * project of its own (others share the server and its demo project).
 */
describe.skipIf(!hasChromium)('map screen journey (issue #15)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let clientId = '';
  let projectId = 0;
  let device: MqttClient | null = null;
  const commands: { action: string; commands: { id: string; uid: string }[] }[] = [];

  /** the journey's own project is sent once it is created */
  const api = apiAs(() => ({ token, clientId, projectId }), 'en-US');

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: MAP_SCREEN,
      waitFor: 'map-screen',
    }));
    ({ token, clientId } = await sessionOf(page));
    expect(clientId).not.toBe('');

    // a project of its own with an operation password, a concentrator and one lamp on a street
    const code = `MAP${stamp}`;
    const created = await api<{ code: number; msg: string }>('POST', '/sysclient/project', {
      belongClient: Number(clientId),
      projectName: `Map street ${stamp}`,
      projectCode: code,
      longitude: 116.3975,
      latitude: 39.9087,
      mapType: 'gaode',
      operatePwd: OPERATE_PWD,
    });
    expect(created.code, created.msg).toBe(200);
    const projects = await api<{ data: { id: number; projectCode?: string; code?: string; name?: string }[] }>(
      'GET',
      `/info/${clientId}/projects`,
    );
    const mine = projects.data.find((p) => (p.projectCode ?? p.code) === code || p.name === `Map street ${stamp}`)!;
    expect(mine).toBeTruthy();
    projectId = Number(mine.id);
    const add = async (body: Record<string, unknown>) => {
      const res = await api<{ code: number; msg: string; data: { deviceId: number } }>('POST', '/lighting/device', {
        projectId,
        ...body,
      });
      expect(res.code, res.msg).toBe(200);
      return res.data.deviceId;
    };
    const ccu = await add({ uid: CCU_UID, name: 'Map concentrator', deviceType: 'CCU', channel: 15, panid: 4660 });
    await add({
      uid: LAMP_UID,
      name: 'Chang an lamp',
      deviceType: 'RTU',
      parentId: ccu,
      longitude: 116.3976,
      latitude: 39.9088,
    });
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [ccu] },
    );
    const topic = `luxgrid/v1/${projectId}/${CCU_UID}`;
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-map-${stamp}`,
      reconnectPeriod: 0,
    });
    device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
    await device.subscribeAsync(`${topic}/down/command`, { qos: 1 });
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ firmware: '2.3.1', children: [LAMP_UID] }), {
      qos: 1,
    });
    await device.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({ items: [{ uid: LAMP_UID, values: { lampState: 'OFF', dimLevel: 0, voltage: 230.2 } }] }),
      { qos: 1 },
    );
    // the lamp's first report reached the server: one lamp off
    const off = async () =>
      (await api<{ data: { lamps: Record<string, number> } }>('GET', `/lighting/map/summary?projectId=${projectId}`))
        .data.lamps.off;
    for (let tries = 0; tries < 80 && (await off()) !== 1; tries++) await new Promise((r) => setTimeout(r, 250));
    expect(await off()).toBe(1);
    // the screen works in the chosen project
    await page.evaluate((project) => localStorage.setItem('currentProject', JSON.stringify(project)), mine);
    await page.reload();
    await page.getByTestId('map-screen-canvas').waitFor();
  }, 120_000);

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
  });

  it('opens full screen with the legend counting the lamps of the project', async () => {
    // no menu, no navbar: the map fills the window
    await expect(page.locator('.ant-layout-sider').count()).resolves.toBe(0);
    await expect.poll(() => page.getByTestId('map-count-off').textContent(), { timeout: 20_000 }).toBe('1');
    await expect(page.getByTestId('map-count-on').textContent()).resolves.toBe('0');
    // no street tiles admitted on this server: the offline background, said so
    await page.getByTestId('map-offline').waitFor();
    // the device tree and the map device filter together: the tree above the filter (spec §4)
    await page.getByTestId('map-tree-toggle').click();
    const zTree = await page.getByTestId('map-tree').evaluate((el) => getComputedStyle(el).zIndex);
    const zFilter = await page.getByTestId('map-filter').evaluate((el) => getComputedStyle(el).zIndex);
    expect([zTree, zFilter]).toEqual(['1003', '1002']);
    await page.getByTestId('map-tree-toggle').click();
  });

  it('filters to the lamp, opens its card from the map and switches it on with the operation password', async () => {
    await page
      .locator('[data-testid="map-filter-keyword"] input, input[data-testid="map-filter-keyword"]')
      .first()
      .fill(LAMP_UID);
    await page.getByTestId('map-filter-apply').click();
    const canvas = page.getByTestId('map-screen-canvas');
    await expect.poll(() => canvas.getAttribute('data-viewport'), { timeout: 20_000 }).toBe('points');
    await page.waitForTimeout(600);
    // the search brought the lamp to the middle of the map: click it there
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const card = page.getByTestId('map-card');
    await card.waitFor({ timeout: 10_000 });
    await expect(card.getByTestId('map-card-state').getAttribute('data-state')).resolves.toBe('off');

    await card.getByTestId('map-card-on').click();
    const dialog = page.getByTestId('control-dialog');
    await dialog.waitFor();
    await dialog
      .locator('input[data-testid="control-operate-pwd"], [data-testid="control-operate-pwd"] input')
      .first()
      .fill(OPERATE_PWD);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => commands.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = commands[0]!;
    expect(sent.action).toBe('LIGHT_ON');
    const id = sent.commands.find((c) => c.uid === LAMP_UID)!.id;
    const topic = `luxgrid/v1/${projectId}/${CCU_UID}`;
    await device!.publishAsync(`${topic}/up/ack`, JSON.stringify({ id }), { qos: 1 });
    await device!.publishAsync(
      `${topic}/up/result`,
      JSON.stringify({ id, status: 'SUCCESS', data: { lampState: 'ON' } }),
      {
        qos: 1,
      },
    );
    await device!.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({ items: [{ uid: LAMP_UID, values: { lampState: 'ON', dimLevel: 100, power: 98.5 } }] }),
      { qos: 1 },
    );
    // live: the card and the legend say lit without reloading the page
    await expect
      .poll(() => card.getByTestId('map-card-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('on');
    await expect.poll(() => page.getByTestId('map-count-on').textContent(), { timeout: 20_000 }).toBe('1');
    await page.screenshot({ path: 'docs/screenshots/map-screen-en-US.png' });
  }, 90_000);
});
