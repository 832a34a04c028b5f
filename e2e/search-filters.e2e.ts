import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Api, apiAs, hasChromium, launch, openSignedIn, type Session, sessionOf } from './browser';

const HAN = /[\u4e00-\u9fff]/;
/** one suffix per run keeps names unique when the journeys run twice against the same server */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const CCU = `FLT${RUN}-CCU`;
const LAMPS = [1, 2, 3].map((n) => `FLT${RUN}-RTU-${n}`);
const POST_CODE = `flt${RUN}`.toLowerCase();
const PAST: [string, string] = ['2020-01-01 00:00:00', '2020-01-02 23:59:59'];

/**
 * The search bars of the list screens, as an operator uses them: a dropdown, a text and a date
 * range narrow the rows shown, and reset brings them all back (issue #10, item 7).
 */
describe.skipIf(!hasChromium)('search bars filter the rows', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  let device: MqttClient | null = null;
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  /** the journey's own calls, each of which must succeed */
  const succeeding =
    (call: Api): Api =>
    async <T>(method: string, path: string, body?: unknown) => {
      const json = await call<T & { code: number; msg?: string }>(method, path, body);
      expect(json.code, `${method} ${path}: ${json.msg}`).toBe(200);
      return json;
    };
  const api = succeeding(apiAs(() => session, 'zh-CN'));

  /** the operation log, signed in as `user`; wide, so every column of the log fits */
  const openLog = (user: string) =>
    openSignedIn(browser, {
      user,
      lang: 'zh-CN',
      viewport: { width: 1600, height: 900 },
      at: '/web/system/log/operlog',
      waitFor: 'operlog-page',
    });

  /** The number the pager shows ("共 12 条" / "Total 12"); an empty table shows no pager. */
  async function total(table: Locator): Promise<number> {
    const pager = table.locator('.ant-pagination-total-text');
    if ((await pager.count()) === 0) {
      const empty = (await table.locator('.ant-table-placeholder').count()) > 0;
      return empty && (await table.locator('.ant-table-row').count()) === 0 ? 0 : Number.NaN;
    }
    const text = await pager.innerText();
    return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
  }

  /** Waits until the table shows the given number of rows in all. */
  async function expectTotal(table: Locator, count: number | ((n: number) => boolean)) {
    await expect
      .poll(async () => {
        const n = await total(table);
        return typeof count === 'number' ? n === count : count(n);
      })
      .toBe(true);
  }

  /** The texts of one column of the rows shown, the column found by its header. */
  async function column(table: Locator, header: string): Promise<string[]> {
    const heads = (await table.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
    const index = heads.indexOf(header);
    expect(index, `column ${header} in ${heads.join('|')}`).toBeGreaterThanOrEqual(0);
    return table
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll(
        (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
        index,
      );
  }

  function field(table: Locator, label: string): Locator {
    return table.locator('.lx-search-bar .ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
  }

  async function choose(table: Locator, label: string, option: string) {
    await field(table, label).locator('.ant-select').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  }

  async function range(table: Locator, label: string, [from, to]: [string, string]) {
    const inputs = field(table, label).locator('.ant-picker-input input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(from);
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(to);
    await inputs.nth(1).press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  }

  const search = (table: Locator) => table.getByTestId('table-search').click();
  const reset = (table: Locator) => table.getByTestId('table-reset').click();

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openLog('admin'));
    session = await sessionOf(page);
    expect(session.projectId).toBeGreaterThan(0);
    page.setDefaultTimeout(15_000);

    // a concentrator with three lamps, answering as a real one does: the first lamp does not answer
    const ccu = await api<{ data: { deviceId: number } }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: CCU,
      name: `筛选集中器${RUN}`,
      deviceType: 'CCU',
      channel: 15,
      panid: 4660,
    });
    const lampIds: number[] = [];
    for (const uid of LAMPS) {
      const lamp = await api<{ data: { deviceId: number } }>('POST', '/lighting/device', {
        projectId: session.projectId,
        uid,
        name: `筛选路灯${uid.slice(-1)}`,
        deviceType: 'RTU',
        parentId: ccu.data.deviceId,
        connection: 'NON_DIRECT',
      });
      lampIds.push(lamp.data.deviceId);
    }
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [ccu.data.deviceId] },
    );
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    const topic = `luxgrid/v1/${session.projectId}/${CCU}`;
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-filter-${RUN}`,
      reconnectPeriod: 0,
    });
    const answered = new Promise<void>((done) => {
      device!.on('message', (_topic, payload) => {
        const message = JSON.parse(payload.toString()) as { commands: { id: string; uid: string }[] };
        void (async () => {
          await device!.publishAsync(`${topic}/up/ack`, JSON.stringify({ items: message.commands }), { qos: 1 });
          const items = message.commands.map((command) =>
            command.uid === LAMPS[0]
              ? { id: command.id, status: 'FAILED', error: 'NO_RESPONSE: no answer from the terminal over PLC' }
              : { id: command.id, status: 'SUCCESS', data: { lampState: 'ON' } },
          );
          await device!.publishAsync(`${topic}/up/result`, JSON.stringify({ items }), { qos: 1 });
          done();
        })();
      });
    });
    await device.subscribeAsync(`${topic}/down/command`, { qos: 1 });
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ firmware: '2.3.1', children: LAMPS }), {
      qos: 1,
    });
    await device.publishAsync(
      `${topic}/up/event`,
      JSON.stringify({ uid: LAMPS[1], type: 'LampFault', level: 'serious', data: { hours: 12 } }),
      { qos: 1 },
    );
    await api('POST', '/lighting/device/control', { action: 'LIGHT_ON', deviceIds: lampIds });
    await answered;
    // the results are written with the next flush of the gateway
    const failedCommands = () =>
      api<{ total: number }>('GET', `/lighting/command/list?projectId=${session.projectId}&status=FAILED`);
    for (let tries = 0; (await failedCommands()).total === 0 && tries < 40; tries++)
      await new Promise((r) => setTimeout(r, 500));
  }, 120_000);

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
  });

  it('narrows the operation log by a dropdown, a text and a date range; reset brings every row back', async () => {
    // the demo customer's administrator: an added and an edited post are operation log rows of two kinds
    const { context: own, page: admin } = await openLog('demo_admin');
    const token = await admin.evaluate(() => localStorage.getItem('access_token') ?? '');
    const as = succeeding(apiAs({ token }, 'zh-CN'));

    await as('POST', '/system/post', { postCode: POST_CODE, postName: `筛选岗位${RUN}`, postSort: 9, status: '0' });
    const posts = await as<{ rows: { postId: number; postCode: string }[] }>(
      'GET',
      `/system/post/list?postCode=${POST_CODE}`,
    );
    const post = posts.rows.find((row) => row.postCode === POST_CODE)!;
    await as('PUT', '/system/post', { ...post, postName: `筛选岗位${RUN}改`, postSort: 10, status: '0' });

    const main = page;
    page = admin;
    page.setDefaultTimeout(15_000);
    try {
      await page.goto('/web/system/log/operlog');
      const table = page.getByTestId('operlog-table');
      await table.locator('.ant-table-row').first().waitFor();
      const all = await total(table);
      const edits = await as<{ total: number }>('GET', '/monitor/operlog/list?businessType=2');
      expect(edits.total).toBeGreaterThan(0);
      expect(edits.total).toBeLessThan(all);

      await choose(table, '操作类型', '修改');
      await search(table);
      await expectTotal(table, edits.total);
      expect(new Set(await column(table, '操作类型'))).toEqual(new Set(['修改']));

      // other users of the customer may have edited something too (earlier journeys): count demo_admin's own
      const ownEdits = await as<{ total: number }>('GET', '/monitor/operlog/list?businessType=2&operName=demo_admin');
      expect(ownEdits.total).toBeGreaterThan(0);
      await table.locator('#operName').fill('demo_admin');
      await search(table);
      await expectTotal(table, ownEdits.total);
      expect(new Set(await column(table, '操作人员'))).toEqual(new Set(['demo_admin']));

      await range(table, '操作日期', PAST);
      await search(table);
      await expectTotal(table, 0);
      await range(table, '操作日期', [`${day} 00:00:00`, `${day} 23:59:59`]);
      await search(table);
      await expectTotal(table, ownEdits.total);

      await reset(table);
      await expectTotal(table, (n) => n >= all);
    } finally {
      page = main;
      await own.close();
    }
  }, 60_000);

  it('narrows the device list by device type and text; reset brings every device back', async () => {
    await page.goto('/web/lighting/device');
    const table = page.getByTestId('device-table');
    await table.locator('.ant-table-row').first().waitFor();
    const all = await total(table);
    await table.locator('#keyword').fill(`FLT${RUN}`);
    await search(table);
    await expectTotal(table, 4);
    await choose(table, '设备类型', '单灯控制器');
    await search(table);
    await expectTotal(table, 3);
    expect(new Set(await column(table, '设备类型'))).toEqual(new Set(['单灯控制器']));
    await reset(table);
    await expectTotal(table, all);
  }, 60_000);

  it('narrows the task log by state and the runtime log by event, with the reasons in words', async () => {
    await page.goto('/web/lighting-task/task-log');
    let table = page.getByTestId('task-log-table');
    await table.locator('.ant-table-row').first().waitFor();
    const all = await total(table);
    await choose(table, '状态', '失败');
    await search(table);
    await expectTotal(table, (n) => n > 0 && n < all);
    expect(new Set(await column(table, '状态'))).toEqual(new Set(['失败']));
    const failed = table.locator('.ant-table-row', { hasText: LAMPS[0]! });
    await expect.poll(() => failed.getByTestId('command-result').innerText()).toBe('终端无应答');
    await failed.getByTestId('command-result-raw').click();
    await page.getByText('no answer from the terminal over PLC').waitFor();
    await page.keyboard.press('Escape');
    await reset(table);
    await expectTotal(table, all);

    await page.goto('/web/lighting-runtime/runtime-log');
    table = page.getByTestId('runtime-log-table');
    await table.locator('.ant-table-row').first().waitFor();
    const events = await total(table);
    await choose(table, '事件', '灯具故障');
    await search(table);
    await expectTotal(table, (n) => n > 0 && n < events);
    expect(new Set(await column(table, '事件'))).toEqual(new Set(['灯具故障']));
    await expect(
      table.locator('.ant-table-row', { hasText: LAMPS[1]! }).getByTestId('event-data').innerText(),
    ).resolves.toBe('累计亮灯时长 12 h');
    await reset(table);
    await expectTotal(table, events);
  }, 60_000);

  it('narrows the device operation log by status, text and date range; actions and routes in words', async () => {
    await page.goto('/web/system/log/devicelog');
    const table = page.getByTestId('devicelog-table');
    await table.locator('.ant-table-row').first().waitFor();
    const all = await total(table);
    await table.locator('#deviceUid').fill(`FLT${RUN}-RTU`);
    await search(table);
    await expectTotal(table, 3);
    expect(new Set(await column(table, '操作'))).toEqual(new Set(['开灯']));
    expect(new Set(await column(table, '请求方法'))).toEqual(new Set([`经 ${CCU} 下发（MQTT）`]));
    await choose(table, '状态', '失败');
    await search(table);
    await expectTotal(table, 1);
    expect(await column(table, '设备UID')).toEqual([LAMPS[0]]);
    await range(table, '请求时间', PAST);
    await search(table);
    await expectTotal(table, 0);
    await reset(table);
    await expectTotal(table, (n) => n >= all);
  }, 60_000);

  it('speaks English on the home sub-system cards, which enter their sub-system, and in the lighting logs', async () => {
    // signed in in Chinese, then switched to English: the stored sub-systems follow the language
    await page.goto('/');
    await page.getByTestId('lang-select').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'English' }).click();
    await page.getByTestId('subsystem-launcher').waitFor();
    await expect.poll(() => page.getByTestId('subsystem-launcher').innerText()).toContain('Smart Lighting');
    expect((await page.getByTestId('subsystem-launcher').innerText()).match(HAN)).toBeNull();
    await page.getByTestId('subsystem-lighting').click();
    await page.waitForURL('**/web/lighting/device');
    await page.getByTestId('device-page').waitFor();

    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    for (const [path, testId] of [
      ['/web/lighting-task/task-log', 'task-log-table'],
      ['/web/lighting-runtime/runtime-log', 'runtime-log-table'],
      ['/web/system/log/devicelog', 'devicelog-table'],
    ] as const) {
      await page.goto(path);
      const table = page.getByTestId(testId);
      await table.locator('.ant-table-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      // the columns that held codes, topics and JSON read English for the rows of this run
      const rows = table.locator('.ant-table-row', { hasText: `FLT${RUN}` });
      await rows.first().waitFor();
      for (const text of await rows.allInnerTexts()) {
        const words = text.replace(/筛选\S*/g, '');
        expect(words.match(HAN), `${path}: ${text}`).toBeNull();
      }
    }
    const taskLog = page.getByTestId('devicelog-table');
    await expect(taskLog.locator('.ant-table-row', { hasText: LAMPS[0]! }).innerText()).resolves.toContain(
      `Sent over MQTT through ${CCU}`,
    );
    await page.goto('/web/lighting-task/task-log');
    const failed = page.getByTestId('task-log-table').locator('.ant-table-row', { hasText: LAMPS[0]! });
    await expect.poll(() => failed.getByTestId('command-result').innerText()).toBe('No answer from the terminal');
    expect(problems).toEqual([]);
  }, 90_000);
});
