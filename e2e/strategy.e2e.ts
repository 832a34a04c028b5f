import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations, type Session, sessionOf } from './browser';

const STRATEGY_PAGE = '/web/lighting-task/strategy';
const VIRTUAL_PAGE = '/web/lighting-task/virtual-dimming';
const NAME = 'E2E street night';

describe.skipIf(!hasChromium)('strategy journeys (issue #13)', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: Session;
  let groupName: string;
  let groupId: number;
  let controller: MqttClient | undefined;

  const api = apiAs(() => session, 'en-US');

  /** An antd InputNumber / Input by its test id, wherever antd put the id. */
  const field = (testId: string) =>
    page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

  async function choose(testId: string, option: string | RegExp) {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  }

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: STRATEGY_PAGE,
      waitFor: 'strategy-page',
    }));
    session = await sessionOf(page);
    expect(session.projectId).toBeGreaterThan(0);
    groupName = `E2E main street ${Date.now() % 100000}`;
    const group = await api<{ code: number; data: { groupId: number } }>('POST', '/lighting/group', {
      projectId: session.projectId,
      name: groupName,
    });
    expect(group.code).toBe(200);
    groupId = group.data.groupId;
    // the pickers read the project's groups when the screen opens
    await page.reload();
    await page.getByTestId('strategy-page').waitFor();
  });

  afterAll(async () => {
    controller?.end(true);
    await context?.close();
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('shows the astronomical clock in the top bar', async () => {
    const sun = page.getByTestId('sun-times');
    await page.locator('[data-testid="sun-times"][data-computed="true"]').waitFor();
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
    );
    const answer = await api<{ data: { sunrise: string; sunset: string }[] }>(
      'GET',
      `/lighting/strategy/sun?projectId=${session.projectId}&from=${today}&to=${today}`,
    );
    const text = (await sun.textContent()) ?? '';
    // the top bar shows the clock's minute (rounded): within a minute of the answer's seconds
    const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    const shown = text.match(/\d{2}:\d{2}/g) ?? [];
    expect(shown).toHaveLength(2);
    expect(Math.abs(minute(shown[0]!) - minute(answer.data[0]!.sunrise))).toBeLessThanOrEqual(1);
    expect(Math.abs(minute(shown[1]!) - minute(answer.data[0]!.sunset))).toBeLessThanOrEqual(1);
  });

  it('creates a strategy at sunset +10 / sunrise −10 with a 50 % dim at 23:00, with its validation messages', async () => {
    await page.getByTestId('strategy-add').click();
    const dialog = page.getByTestId('strategy-dialog');
    await dialog.waitFor();
    await field('strategy-name').fill(NAME);
    // the new strategy comes with on at sunset and off at sunrise: an empty offset is refused
    await field('entry-0-offset').fill('');
    await dialog.getByRole('button', { name: /^(Confirm|OK)$/ }).click();
    await dialog.getByText('Time, offset empty not allowed').first().waitFor();
    await field('entry-0-offset').fill('10');
    await field('entry-1-offset').fill('10');
    // a 50 % dim at 23:00
    await page.getByTestId('strategy-add-entry').click();
    await field('entry-2-time').fill('23:00');
    await choose('entry-2-action', 'Dim');
    await field('entry-2-level').fill('50');
    // no target yet: the spec's message
    await dialog.getByRole('button', { name: /^(Confirm|OK)$/ }).click();
    await page.getByText('object count not 0 or empty').first().waitFor();
    await choose('strategy-groups', groupName);
    await page.keyboard.press('Escape');

    // the year, before anything is saved or issued
    await page.getByTestId('strategy-check').click();
    const draft = page.getByTestId('strategy-draft');
    await draft.waitFor();
    const days = Number(await draft.getAttribute('data-days'));
    expect(days).toBeGreaterThanOrEqual(365);
    await draft.getByText('No seasonal traps').waitFor();
    await draft.locator('canvas').first().waitFor();
    await expect(draft.getByTestId('strategy-draft-summary').textContent()).resolves.toMatch(
      /\d{2}:\d{2} Off, \d{2}:\d{2} On, 23:00 Dim 50%/,
    );

    await dialog.getByRole('button', { name: /^(Confirm|OK)$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('strategy-table').locator('.ant-table-row', { hasText: NAME });
    await row.waitFor();

    // what the platform stored compiles to the same day
    const list = await api<{ rows: { strategyId: number; name: string; issueState: string }[] }>(
      'GET',
      `/lighting/strategy/list?projectId=${session.projectId}&name=${encodeURIComponent(NAME)}`,
    );
    expect(list.rows[0]).toMatchObject({ name: NAME, issueState: 'UN_PUSH' });
    const id = list.rows[0]!.strategyId;
    // the new strategy is valid for the current year
    const midsummer = `${new Date().getFullYear()}-06-21`;
    const june = await api<{
      data: { steps: { time: string; action: string; level: number }[]; sunrise: string; sunset: string }[];
    }>('GET', `/lighting/strategy/${id}/preview?from=${midsummer}&to=${midsummer}`);
    const day = june.data[0]!;
    const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    expect(day.steps.map((s) => s.action)).toEqual(['OFF', 'ON', 'DIM']);
    expect(m(day.sunrise) - m(day.steps[0]!.time)).toBe(10);
    expect(m(day.steps[1]!.time) - m(day.sunset)).toBe(10);
    expect(day.steps[2]).toMatchObject({ time: '23:00', level: 50 });

    // the saved strategy's year
    await page.getByTestId(`strategy-year-${id}`).click();
    const year = page.getByTestId('strategy-year-dialog');
    await year.waitFor();
    await year.locator('[data-testid="strategy-preview"][data-days="365"]').waitFor();
    await year.getByText(/Lit \d+ hours over the year/).waitFor();
    await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await year.waitFor({ state: 'hidden' });

    // a copy starts unissued under a new name
    await page.getByTestId(`strategy-copy-${id}`).click();
    const copy = page.getByTestId('strategy-table').locator('.ant-table-row', { hasText: `${NAME} (2)` });
    await copy.waitFor();

    // a fixed 06:00 switch-on lands after the summer sunrises: the check says so before saving
    await copy.getByRole('button', { name: /Edit/ }).click();
    await dialog.waitFor();
    await field('strategy-name').waitFor();
    await expect(field('strategy-name').inputValue()).resolves.toBe(`${NAME} (2)`);
    await choose('entry-1-mode', 'Fixed time');
    await field('entry-1-time').fill('06:00');
    await choose('entry-1-action', 'On');
    await page.getByTestId('strategy-check').click();
    await dialog.getByText(/Entry 2: the fixed 06:00 switch-on falls after sunrise on \d+ days/).waitFor();
    await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('issues the strategy to the street group and watches the progress reach PUSHED', async () => {
    // the street: a concentrator carrying two lamp controllers, both in the group, answering over MQTT
    const suffix = Date.now() % 1_000_000;
    const ccuUid = `E2E-SCH-CCU-${suffix}`;
    const ccu = await api<{ code: number; data: { deviceId: number } }>('POST', '/lighting/device', {
      projectId: session.projectId,
      uid: ccuUid,
      name: 'Street concentrator',
      deviceType: 'CCU',
    });
    expect(ccu.code).toBe(200);
    const lamps: number[] = [];
    for (const n of [1, 2]) {
      const lamp = await api<{ code: number; data: { deviceId: number } }>('POST', '/lighting/device', {
        projectId: session.projectId,
        uid: `${ccuUid}-L${n}`,
        name: `Street lamp ${n}`,
        deviceType: 'RTU',
        parentId: ccu.data.deviceId,
      });
      expect(lamp.code).toBe(200);
      lamps.push(lamp.data.deviceId);
    }
    expect((await api<{ code: number }>('POST', `/lighting/group/${groupId}/members`, { deviceIds: lamps })).code).toBe(
      200,
    );
    const creds = await api<{ data: { mqttUserName: string; secret: string }[] }>(
      'POST',
      '/lighting/device/credentials',
      { deviceIds: [ccu.data.deviceId] },
    );
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    controller = await mqtt.connectAsync(health.mqtt.url, {
      username: creds.data[0]!.mqttUserName,
      password: creds.data[0]!.secret,
      clientId: `e2e-schedule-${suffix}`,
      reconnectPeriod: 0,
    });
    const topic = `luxgrid/v1/${session.projectId}/${ccuUid}`;
    const held: unknown[] = [];
    controller.on('message', (_t, payload) => {
      const msg = JSON.parse(payload.toString());
      const items = msg.commands.map((c: { id: string }) => {
        if (msg.action !== 'schedule') return { id: c.id, status: 'SUCCESS', data: { clock: msg.ts } };
        held.push(msg.params);
        return { id: c.id, status: 'SUCCESS', data: { version: msg.params.version } };
      });
      void controller!.publishAsync(`${topic}/up/result`, JSON.stringify({ items }), { qos: 1 }).catch(() => undefined);
    });
    await controller.subscribeAsync(`${topic}/down/command`, { qos: 1 });
    await controller.publishAsync(
      `${topic}/up/hello`,
      JSON.stringify({ children: [`${ccuUid}-L1`, `${ccuUid}-L2`], schedules: [] }),
      { qos: 1 },
    );

    await page.goto(STRATEGY_PAGE);
    await page.getByTestId('strategy-page').waitFor();
    const list = await api<{ rows: { strategyId: number; name: string }[] }>(
      'GET',
      `/lighting/strategy/list?projectId=${session.projectId}&name=${encodeURIComponent(NAME)}`,
    );
    const id = list.rows.find((r) => r.name === NAME)!.strategyId;
    await page.getByTestId(`strategy-issue-${id}`).click();
    const dialog = page.getByTestId('issue-dialog');
    await dialog.waitFor();
    // pushed live: the bar fills once the concentrator answers with the version it holds
    await dialog
      .locator('[data-testid="issue-progress"][data-pushed="1"][data-total="1"]')
      .waitFor({ timeout: 20_000 });
    await dialog.getByTestId(`issue-state-${ccuUid}`).getByText('Issued').waitFor();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ kind: 'STRATEGY', planId: id, lamps: [`${ccuUid}-L1`, `${ccuUid}-L2`] });
    await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('strategy-table').locator(`.ant-table-row[data-row-key="${id}"]`);
    await row.getByText('Issued').first().waitFor({ timeout: 10_000 });
  });

  it('caps the power of a street per time band on the virtual dimming screen', async () => {
    await page.goto(VIRTUAL_PAGE);
    await page.getByTestId('virtual-dimming-page').waitFor();
    await page.getByTestId('virtual-add').click();
    const dialog = page.getByTestId('virtual-dialog');
    await dialog.waitFor();
    await field('virtual-name').fill('E2E night cap');
    await field('band-0-cap').fill('60');
    await page.getByTestId('virtual-add-band').click();
    await field('band-1-start').fill('01:00');
    await field('band-1-end').fill('03:00');
    await choose('strategy-groups', groupName);
    await page.keyboard.press('Escape');
    // 01:00–03:00 lies inside 23:00–05:00: the server refuses it
    await dialog.getByRole('button', { name: /^(Confirm|OK)$/ }).click();
    await page.getByText('Time band 1 overlaps time band 2').first().waitFor();
    await field('band-1-start').fill('05:00');
    await field('band-1-end').fill('06:30');
    await dialog.getByRole('button', { name: /^(Confirm|OK)$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('virtual-table').locator('.ant-table-row', { hasText: 'E2E night cap' });
    await row.waitFor();
    await row.getByText('23:00–05:00 cap 60%').waitFor();
  });
});
