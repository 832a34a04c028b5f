import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, sessionOf } from './browser';

const GROUP_APPLY_PAGE = '/web/lighting-task/group-apply';
const TASK_LOG_PAGE = '/web/lighting-task/task-log';
const LAMPS = 4;
const OPERATE_PWD = 'Night@2026';

/**
 * A group switched off by hand in a project with an operation password (a project of its own, so
 * no other journey is asked for it), a concentrator played by a plain MQTT client, and the task
 * log filtered and exported.
 */
describe.skipIf(!hasChromium)('control task journeys (issue #13)', () => {
  const baseURL = inject('baseURL');
  const run = Date.now() % 100000;
  const ccuUid = `E2E-CT-CCU-${run}`;
  const groupName = `E2E control street ${run}`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let clientId = '';
  let projectId = 0;
  let device: MqttClient | null = null;

  /** the journey's own project is sent once it is created */
  const api = apiAs(() => ({ token, clientId, projectId }), 'en-US');

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openSignedIn(browser, {
      user: 'admin',
      lang: 'en-US',
      at: GROUP_APPLY_PAGE,
      waitFor: 'group-apply-page',
    }));
    ({ token, clientId } = await sessionOf(page));
    // a project of this journey's own, with an operation password
    const project = await api<{ code: number; data: { projectId: number } }>('POST', '/sysclient/project', {
      belongClient: Number(clientId),
      projectName: `E2E control ${run}`,
      projectCode: `E2ECT${run}`,
      longitude: 116.4,
      latitude: 39.9,
      operatePwd: OPERATE_PWD,
    });
    expect(project.code, JSON.stringify(project)).toBe(200);
    projectId = project.data.projectId;
    const add = async (body: Record<string, unknown>) => {
      const res = await api<{ code: number; data: { deviceId: number; mqttUserName: string; secret: string } }>(
        'POST',
        '/lighting/device',
        { projectId, ...body },
      );
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data;
    };
    const ccu = await add({ uid: ccuUid, name: 'E2E concentrator', deviceType: 'CCU' });
    const lamps: number[] = [];
    const uids = Array.from({ length: LAMPS }, (_, i) => `${ccuUid}-L${i + 1}`);
    for (const uid of uids)
      lamps.push((await add({ uid, name: uid, deviceType: 'RTU', parentId: ccu.deviceId })).deviceId);
    const group = await api<{ code: number; data: { groupId: number } }>('POST', '/lighting/group', {
      projectId,
      name: groupName,
    });
    expect(group.code).toBe(200);
    await api('POST', `/lighting/group/${group.data.groupId}/members`, { deviceIds: lamps });

    // the concentrator: answers every command with a SUCCESS per lamp
    const health = (await (await fetch(`${baseURL}/health`)).json()) as { mqtt: { url: string } };
    const topic = `luxgrid/v1/${projectId}/${ccuUid}`;
    device = await mqtt.connectAsync(health.mqtt.url, {
      username: ccu.mqttUserName,
      password: ccu.secret,
      clientId: `e2e-ct-${run}`,
      reconnectPeriod: 0,
    });
    device.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString()) as { action: string; commands: { id: string }[] };
      if (body.action === 'cancel') return;
      const items = body.commands.map((c) => ({ id: c.id, status: 'SUCCESS', data: { lampState: 'OFF' } }));
      setTimeout(() => device?.publish(`${topic}/up/result`, JSON.stringify({ items }), { qos: 1 }), 300);
    });
    await device.subscribeAsync(`${topic}/down/command`, { qos: 1 });
    await device.publishAsync(`${topic}/up/hello`, JSON.stringify({ children: uids }), { qos: 1 });

    // the screen works in the new project: chosen as the current one, then reloaded
    await page.evaluate((id) => localStorage.setItem('currentProject', JSON.stringify({ id })), projectId);
    await page.reload();
    await page.getByTestId('group-apply-page').waitFor();
  });

  afterAll(async () => {
    device?.end(true);
    await context?.close();
    await browser?.close();
  });

  it('switches a group off by hand with the operation password and watches the progress reach 100 %', async () => {
    await page.getByTestId('apply-target').click();
    await page.keyboard.type(groupName.slice(0, 12));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: groupName }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('apply-LIGHT_OFF').click();
    const dialog = page.getByTestId('control-dialog');
    await dialog.waitFor();
    await dialog.getByText(groupName).waitFor();
    // the wrong password keeps the dialog open with the reason; the right one sends the task
    await page.getByTestId('control-operate-pwd').fill('wrong-pass');
    await dialog.getByRole('button', { name: /OK|Confirm/ }).click();
    await page.getByText('The operation password is wrong').first().waitFor();
    await page.getByTestId('control-operate-pwd').fill(OPERATE_PWD);
    await dialog.getByRole('button', { name: /OK|Confirm/ }).click();
    const progress = page.getByTestId('task-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getAttribute('data-percent'), { timeout: 30_000 }).toBe('100');
    await expect(page.getByTestId('task-count-SUCCESS').textContent()).resolves.toContain(String(LAMPS));
    await expect
      .poll(
        () => page.getByTestId('task-results').locator('[data-testid="command-status"][data-status="SUCCESS"]').count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(LAMPS);
  });

  it('filters the task log and exports it', async () => {
    await page.goto(TASK_LOG_PAGE);
    await page.getByTestId('task-log-page').waitFor();
    const table = page.getByTestId('task-log-table');
    const rowsOfLamps = () => table.locator('.ant-table-row', { hasText: `${ccuUid}-L` }).count();
    await expect.poll(rowsOfLamps, { timeout: 20_000 }).toBe(LAMPS);
    const field = (label: string) =>
      table.locator('.lx-search-bar .ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
    const choose = async (label: string, option: string) => {
      await field(label).locator('.ant-select').click();
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    // by source and operator: the manual task's lamps; another source: none of them
    await choose('Source', 'Manual control');
    await table.locator('#operName').fill('admin');
    await table.getByTestId('table-search').click();
    await expect.poll(rowsOfLamps, { timeout: 20_000 }).toBe(LAMPS);
    await choose('Source', 'Batch query');
    await table.getByTestId('table-search').click();
    await expect.poll(rowsOfLamps, { timeout: 20_000 }).toBe(0);
    await choose('Source', 'Manual control');
    await table.getByTestId('table-search').click();
    await expect.poll(rowsOfLamps, { timeout: 20_000 }).toBe(LAMPS);
    const download = page.waitForEvent('download');
    await page.getByTestId('task-log-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^task-log_\d+\.xlsx$/);
    expect((await file.failure()) ?? null).toBeNull();
  });
});
