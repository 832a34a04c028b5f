import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiAs,
  hasChromium,
  launch,
  openPage,
  openSignedIn,
  policyViolations,
  type Session,
  sessionOf,
  signIn,
} from './browser';

const SHOTS = 'docs/screenshots';
const HAN = /[\u4e00-\u9fff]/;
const DEVICE_PAGE = '/web/lighting/device';
const MAP_PAGE = '/web/lighting-runtime/monitor-map';
const CCU_UID = 'E2E-CCU-01';
const LAMPS = 500;
const lampUid = (n: number) => `E2E-RTU-${String(n).padStart(4, '0')}`;
const OK = /确\s*定|^OK$/;
/** every lighting screen (issue #6) and what it shows its rows in */
const SCREENS = [
  { path: DEVICE_PAGE, testId: 'device-page' },
  { path: '/web/lighting/box', testId: 'box-page' },
  { path: '/web/lighting/branch', testId: 'branch-page' },
  { path: '/web/lighting/location', testId: 'location-page' },
  { path: '/web/lighting/model', testId: 'model-page' },
  { path: '/web/lighting/group', testId: 'group-page' },
  { path: '/web/lighting/tag', testId: 'tag-page' },
  { path: '/web/lighting/server', testId: 'server-page' },
  { path: '/web/lighting-task/task-log', testId: 'task-log-page' },
  { path: '/web/lighting-runtime/runtime-data', testId: 'runtime-data-page' },
  { path: '/web/lighting-runtime/runtime-log', testId: 'runtime-log-page' },
  { path: '/web/lighting-runtime/terminal-config', testId: 'terminal-config-page' },
  { path: '/web/lighting-runtime/batch-query', testId: 'batch-query-page' },
] as const;

/** the signed-in session and where its project lies */
interface Placed extends Session {
  longitude: number;
  latitude: number;
}

describe.skipIf(!hasChromium)('lighting journeys (issue #6)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Placed;
  let mqttUrl: string;
  let device: MqttClient | null = null;
  const work = mkdtempSync(join(tmpdir(), 'luxgrid-lighting-e2e-'));
  const commands: { action: string; commands: { id: string; uid: string }[] }[] = [];

  const api = apiAs(() => session, 'zh-CN');

  beforeAll(async () => {
    browser = await launch();
    // the embedded broker listens on the MQTT_PORT the global setup chose; /health names it
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    mqttUrl = health.mqtt.url;
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'zh-CN',
      at: DEVICE_PAGE,
      waitFor: 'device-page',
    }));
    const place = await page.evaluate(() => JSON.parse(localStorage.getItem('currentProject') ?? 'null'));
    session = {
      ...(await sessionOf(page)),
      longitude: Number(place?.longitude ?? 115.97),
      latitude: Number(place?.latitude ?? 40.46),
    };
    expect(session.projectId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
    // the map and the rest of the built web run under the server's Content-Security-Policy without a refusal
    expect(policyViolations).toEqual([]);
  });

  it('registers a concentrator in the form and shows its secret once', async () => {
    await page.getByTestId('device-add').click();
    const form = page.getByTestId('device-form');
    await form.waitFor();
    // a mesh concentrator: the channel must lie within 11–27
    await form.getByTestId('form-uid').fill(CCU_UID);
    await form.getByTestId('form-name').fill('E2E 集中控制器');
    await form.locator('#channel').fill('30');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('不在11-27范围内，请重新输入').waitFor();
    await form.locator('#channel').fill('15');
    await form.locator('#panid').fill('4660');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const secret = page.getByTestId('secret-dialog');
    await secret.waitFor();
    await expect(secret.getByTestId('secret-username').textContent()).resolves.toBe(`${session.projectId}-${CCU_UID}`);
    await expect(secret.getByTestId('secret-value').textContent()).resolves.toMatch(/\S{16,}/);
    await secret.getByTestId('secret-close').click();
    await secret.waitFor({ state: 'hidden' });
  });

  it('imports 500 lamp controllers from an .xlsx built on the template, with progress and records', async () => {
    // the template's columns, in English, decide the workbook's header row
    const template = await fetch(`${baseURL}/lighting/import/template?deviceType=RTU`, {
      headers: { access_token: session.token, clientId: session.clientId, 'Accept-Language': 'en-US' },
    });
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await template.arrayBuffer()) as ArrayBuffer);
    const headers: string[] = [];
    book.worksheets[0]!.getRow(1).eachCell((cell) => {
      headers.push(String(cell.value));
    });
    expect(headers).toContain('*UID');
    const key = (header: string) => header.replace(/^\*/, '');
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('RTU');
    sheet.addRow(headers);
    for (let n = 1; n <= LAMPS; n++) {
      const values: Record<string, unknown> = {
        UID: lampUid(n),
        Name: `E2E 路灯 ${String(n).padStart(4, '0')}`,
        'Parent UID': CCU_UID,
        Connection: 'NON_DIRECT',
        // a street of lamps 30 m apart, east of the project's centre
        Longitude: Number((session.longitude + 0.0004 * (n % 50)).toFixed(6)),
        Latitude: Number((session.latitude + 0.0006 * Math.floor(n / 50)).toFixed(6)),
      };
      sheet.addRow(headers.map((header) => values[key(header)] ?? null));
    }
    const file = join(work, 'lamps.xlsx');
    await out.xlsx.writeFile(file);

    await page.getByTestId('device-import').click();
    const dialog = page.getByTestId('device-import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '单灯控制器' }).click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByTestId('import-submit').click();
    const progress = dialog.locator('[data-testid="import-progress"][data-status="DONE"]');
    await progress.waitFor({ timeout: 60_000 });
    await expect(dialog.getByTestId('import-success-count').textContent()).resolves.toContain(String(LAMPS));
    await expect(dialog.getByTestId('import-fail-count').textContent()).resolves.toContain('0');

    // the record and its row details
    await dialog.getByTestId('import-view-details').click();
    const details = dialog.getByTestId('import-details');
    await details.locator('.ant-table-row').first().waitFor();
    await expect(details.getByText(`共 ${LAMPS} 条`).count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: '返回记录' }).click();
    await dialog.getByTestId('import-records').locator('.ant-table-row', { hasText: 'lamps.xlsx' }).first().waitFor();
    await dialog.getByTestId('import-close').click();
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);

  it('finds the imported lamps in the lazy device tree', async () => {
    const tree = page.getByTestId('device-tree');
    const ccuNode = tree.getByTestId(`tree-node-${CCU_UID}`);
    await ccuNode.waitFor();
    await expect(ccuNode.textContent()).resolves.toContain(`(${LAMPS})`);
    // expanding loads the concentrator's children (one request, 500 nodes)
    await tree
      .locator('.ant-tree-treenode', { has: page.getByTestId(`tree-node-${CCU_UID}`) })
      .locator('.ant-tree-switcher')
      .click();
    await tree.getByTestId(`tree-node-${lampUid(1)}`).waitFor();
    // choosing the concentrator lists its children
    await ccuNode.click();
    await page.getByTestId('device-scope').waitFor();
    await page.getByTestId('device-table').getByText(`共 ${LAMPS} 条`).waitFor();
    // the tree's search finds a lamp anywhere in the project
    await tree.getByTestId('tree-search').fill(lampUid(437));
    await tree.getByTestId(`tree-node-${lampUid(437)}`).waitFor();
    await tree.getByTestId('tree-search').fill('');
    await tree.getByTestId(`tree-node-${lampUid(1)}`).waitFor();
  });

  it('follows a lamp live in the detail drawer and switches it on', async () => {
    const tree = page.getByTestId('device-tree');
    await tree.getByTestId(`tree-node-${lampUid(1)}`).click();
    const drawer = page.getByTestId('device-drawer');
    await drawer.getByTestId('drawer-live').waitFor();
    await expect(drawer.getByTestId('drawer-comm').getAttribute('data-state')).resolves.toBe('INIT');

    // the concentrator's credentials, re-issued for this test, and a plain MQTT client acting as it
    const list = await api<{ rows: { deviceId: number }[] }>('GET', `/lighting/device/list?keyword=${CCU_UID}`);
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [list.rows[0]!.deviceId] },
    );
    const { mqttUserName, secret } = creds.data[0]!;
    const topic = `luxgrid/v1/${session.projectId}/${CCU_UID}`;
    device = await mqtt.connectAsync(mqttUrl, {
      username: mqttUserName,
      password: secret,
      clientId: `e2e-${Date.now()}`,
      reconnectPeriod: 0,
    });
    device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
    await device.subscribeAsync(`${topic}/down/command`, { qos: 1 });
    const children = Array.from({ length: LAMPS }, (_, i) => lampUid(i + 1));
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ firmware: '2.3.1', children }), { qos: 1 });
    await device.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({
        items: [
          {
            uid: lampUid(1),
            values: { voltage: 231.4, current: 0.42, power: 97.2, dimLevel: 80, lampState: 'OFF', temperature: 38.5 },
          },
        ],
      }),
      { qos: 1 },
    );

    // the drawer changes without a reload: device.state over the WebSocket
    await drawer.locator('[data-testid="drawer-comm"][data-state="ON"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => drawer.getByTestId('live-voltage').textContent(), { timeout: 20_000 }).toBe('231.4 V');
    await expect(drawer.getByTestId('live-lampState').textContent()).resolves.toBe('灭灯');

    // LIGHT_ON: confirm, the device receives it, acknowledges and succeeds; the result arrives
    await drawer.getByTestId('control-LIGHT_ON').click();
    const confirm = page.getByTestId('control-dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => commands.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = commands[0]!;
    expect(sent.action).toBe('LIGHT_ON');
    const id = sent.commands.find((c) => c.uid === lampUid(1))!.id;
    await drawer.locator('[data-testid="command-status"]').first().waitFor();
    await device.publishAsync(`${topic}/up/ack`, JSON.stringify({ id }), { qos: 1 });
    await device.publishAsync(
      `${topic}/up/result`,
      JSON.stringify({ id, status: 'SUCCESS', data: { lampState: 'ON' } }),
      {
        qos: 1,
      },
    );
    await device.publishAsync(
      `${topic}/up/telemetry`,
      JSON.stringify({ items: [{ uid: lampUid(1), values: { lampState: 'ON', dimLevel: 100, power: 121.5 } }] }),
      { qos: 1 },
    );
    await drawer.locator('[data-testid="command-status"][data-status="SUCCESS"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => drawer.getByTestId('live-lampState').textContent(), { timeout: 20_000 }).toBe('亮灯');
    await page.locator('.ant-message-notice').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/lighting-devices-zh-CN.png` });
  }, 90_000);

  it('keeps tags, groups, location points, models and servers in their dialogs', async () => {
    const dialogOf = async (name: string) => {
      const dialog = page.getByTestId(`${name}-dialog`);
      await dialog.waitFor();
      return dialog;
    };
    const rowOf = (name: string, text: string) =>
      page.getByTestId(`${name}-table`).locator('.ant-table-row', { hasText: text });

    // tags: three of them; the same name twice is refused with the spec's message (the first
    // tag's name: the web itself holds back an identical post within a second of the last)
    await page.goto('/web/lighting/tag');
    await page.getByTestId('tag-page').waitFor();
    for (const name of ['主干道', '学校路段', '夜景']) {
      await page.getByTestId('tag-add').click();
      const dialog = await dialogOf('tag');
      await dialog.getByTestId('tag-name').fill(name);
      await dialog.getByRole('button', { name: OK }).click();
      await dialog.waitFor({ state: 'hidden' });
      await rowOf('tag', name).waitFor();
    }
    await page.getByTestId('tag-add').click();
    let dialog = await dialogOf('tag');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('标签名称不能为空').waitFor();
    await dialog.getByTestId('tag-name').fill('主干道');
    await dialog.getByRole('button', { name: OK }).click();
    await page.getByText("名称'主干道'已存在").waitFor();
    await dialog.getByTestId('tag-name').fill('夜景亮化');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    // the edit dialog opens with the row and renames it
    await rowOf('tag', '夜景亮化').getByRole('button', { name: '修改' }).click();
    dialog = await dialogOf('tag');
    await expect.poll(() => dialog.getByTestId('tag-name').inputValue()).toBe('夜景亮化');
    await dialog.getByTestId('tag-name').fill('景观照明');
    await dialog.getByRole('button', { name: OK }).click();
    await rowOf('tag', '景观照明').waitFor();
    // a non-direct lamp takes at most two tags
    await page.goto(DEVICE_PAGE);
    await page.getByTestId('device-table').locator('.ant-table').waitFor();
    await page.getByTestId('device-table').locator('#keyword').fill(lampUid(1));
    await page.getByTestId('device-table').getByTestId('table-search').click();
    await page.getByTestId('device-table').getByText('共 1 条').waitFor();
    await page.getByTestId(`more-${lampUid(1)}`).click();
    await page.getByTestId(`more-${lampUid(1)}-tags`).click();
    dialog = await dialogOf('tags');
    await dialog.getByText('非直连终端最多2个标签').waitFor();
    await dialog.locator('.ant-select').click();
    for (const name of ['主干道', '学校路段', '景观照明']) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    }
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('标签数量已达上限（非直连终端最多2个）').waitFor();
    await dialog
      .locator('.ant-select-selection-item', { hasText: '景观照明' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto('/web/lighting/tag');
    await expect.poll(() => rowOf('tag', '主干道').innerText(), { timeout: 10_000 }).toMatch(/主干道\t1(\t|$)/);
    // deleting asks first, naming the tag
    await rowOf('tag', '景观照明').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '景观照明' }).getByRole('button', { name: OK }).click();
    await rowOf('tag', '景观照明').waitFor({ state: 'detached' });

    // a group (Enter saves, as in every dialog) gathers lamps picked by UID; its member count follows
    await page.goto('/web/lighting/group');
    await page.getByTestId('group-add').click();
    dialog = await dialogOf('group');
    await dialog.getByTestId('group-name').fill('东区一组');
    await dialog.getByTestId('group-name').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('group', '东区一组').getByRole('button', { name: '成员' }).click();
    const members = page.getByTestId('group-members');
    await members.waitFor();
    await members.getByTestId('group-member-select').click();
    await page.keyboard.type('E2E-RTU-000');
    for (const n of [1, 2, 3]) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lampUid(n) }).click();
    }
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await members.getByTestId('group-member-add').click();
    await members.locator('.ant-table-row', { hasText: lampUid(3) }).waitFor();
    await members.locator('.ant-modal-close').click();
    await expect
      .poll(() => rowOf('group', '东区一组').innerText(), { timeout: 10_000 })
      .toMatch(/东区一组\t[^\t]*\t\s*3\s*\t/);

    // a location point is placed by both coordinates or by none
    await page.goto('/web/lighting/location');
    await page.getByTestId('location-add').click();
    dialog = await dialogOf('location');
    await dialog.getByTestId('location-name').fill('东区 1 号配电柜');
    await dialog.locator('#longitude').fill(String(session.longitude));
    await dialog.getByRole('button', { name: OK }).click();
    await page.getByText('经度和纬度需同时填写或同时清空').waitFor();
    await dialog.locator('#latitude').fill(String(session.latitude));
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('location', '东区 1 号配电柜').getByText('已定位').waitFor();
    // the export writes what the list shows, as an .xlsx named and headed in Chinese
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('location-export').click()]);
    expect(file.suggestedFilename()).toMatch(/^位置点_\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe('位置点名称');
    expect(sheet.getRow(2).getCell(1).text).toBe('东区 1 号配电柜');
    expect(sheet.getRow(2).getCell(2).text).toBe('配电柜');

    // a model and a server of the customer's own
    await page.goto('/web/lighting/model');
    await page.getByTestId('model-add').click();
    dialog = await dialogOf('model');
    await dialog.getByTestId('model-name').fill('E2E-RTU-双头');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('model', 'E2E-RTU-双头').waitFor();
    await page.goto('/web/lighting/server');
    await page.getByTestId('server-add').click();
    dialog = await dialogOf('server');
    await dialog.locator('#name').fill('东区接入');
    await dialog.locator('#host').fill('mqtt.east.example');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('server', '东区接入').getByText('mqtt://mqtt.east.example:1883').waitFor();
  }, 120_000);

  it('opens every lighting screen in English with no console errors', async () => {
    const { context: en, page: screen } = await openPage(browser, { lang: 'en-US' });
    const problems: string[] = [];
    screen.on('console', (message) => {
      if (message.type() === 'error' && !/favicon\.ico/.test(message.location().url)) problems.push(message.text());
    });
    screen.on('pageerror', (error) => problems.push(error.message));
    await screen.goto(`/login?redirect=${encodeURIComponent(DEVICE_PAGE)}`);
    await signIn(screen, 'admin');
    await screen.getByTestId('device-page').waitFor();
    for (const { path, testId } of SCREENS) {
      await screen.goto(path);
      await screen.getByTestId(testId).waitFor();
      expect(new URL(screen.url()).pathname, path).toBe(path);
      // the screen's own words are English (the rows may hold Chinese names)
      const heads = screen.locator('.ant-table-thead, .ant-form-item-label, .lx-toolbar');
      await heads.first().waitFor();
      const words = await heads.allInnerTexts();
      expect(words.join(' ').match(HAN), path).toBeNull();
    }
    expect(problems).toEqual([]);
    await en.close();
  }, 120_000);

  it('shows the devices on the offline map in English', async () => {
    const { context: en, page: map } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: MAP_PAGE,
      waitFor: 'monitor-map-page',
    });
    await expect(map.getByTestId('map-unsupported').count()).resolves.toBe(0);
    // every lamp is drawn: the legend counts them; the concentrator's hello brought its lamps online
    const count = async (status: string) => Number(await map.getByTestId(`map-count-${status}`).textContent());
    await expect
      .poll(
        async () => (await count('online')) + (await count('offline')) + (await count('init')) + (await count('fault')),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(LAMPS);
    expect(await count('online')).toBeGreaterThan(0);
    // a fault reported while the map is open turns its lamp red
    await device!.publishAsync(
      `luxgrid/v1/${session.projectId}/${CCU_UID}/up/event`,
      JSON.stringify({ uid: lampUid(3), type: 'RtuTilt', level: 'urgent' }),
      { qos: 1 },
    );
    await expect.poll(() => count('fault'), { timeout: 20_000 }).toBeGreaterThan(0);
    await map.locator('.lt-map-cluster').first().waitFor();
    const legend = await map.getByTestId('map-legend').innerText();
    expect(legend.split('\n').filter((line) => HAN.test(line))).toEqual([]);
    await map.waitForTimeout(500);
    await map.screenshot({ path: `${SHOTS}/lighting-map-en-US.png` });
    await en.close();
  }, 90_000);
});
