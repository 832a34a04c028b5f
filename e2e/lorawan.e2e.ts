import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn } from './browser';

const SHOTS = 'docs/screenshots';
const OK = /^(确\s*定|Confirm)$/;
/** the machine's Mosquitto stands for the ChirpStack installation's broker */
const BROKER = 'mqtt://127.0.0.1:1883';

/**
 * A LoRaWAN project's ChirpStack connection in the project dialog: the fields appear for a
 * LoRaWAN project, a wrong broker address is refused in the user's language, the saved
 * connection comes back with its connector's state and without its password.
 */
describe.skipIf(!hasChromium)('LoRaWAN project: ChirpStack connection', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let token = '';
  let projectId = 0;
  const name = `LoRaWAN E2E ${randomUUID().slice(0, 6)}`;
  const applicationId = randomUUID();

  const api = apiAs(() => ({ token }), 'en-US');

  beforeAll(async () => {
    browser = await launch();
    const signedIn = await fetch(`${baseURL}/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
    }).then((res) => res.json() as Promise<{ token: string }>);
    token = signedIn.token;
    const clients = await api<{ rows: { clientId: number }[] }>('GET', '/sysclient/client/list?code=DEMO');
    const created = await api<{ code: number; data: { projectId: number } }>('POST', '/sysclient/project', {
      belongClient: clients.rows[0]!.clientId,
      projectName: name,
      projectCode: `LW${Date.now() % 1_000_000}`,
      longitude: 114.3,
      latitude: 30.6,
      commType: '4',
      bandStandard: 'CN470',
    });
    expect(created.code).toBe(200);
    projectId = created.data.projectId;
  });
  afterAll(async () => {
    if (projectId) {
      await api('DELETE', `/lorawan/settings/${projectId}`).catch(() => undefined);
      await api('DELETE', `/sysclient/project/${projectId}`).catch(() => undefined);
    }
    await browser?.close();
  });

  it('saves the connection from the project dialog and shows it connected', async () => {
    const { context, page } = await openSignedIn(browser, {
      user: 'admin',
      at: '/web/sysclient/project',
      waitFor: 'project-page',
    });
    const row = page.getByTestId('project-table').locator('.ant-table-row', { hasText: name });
    const openEdit = async () => {
      await row.getByRole('button', { name: /修\s*改|Edit/ }).click();
      const dialog = page.getByTestId('project-dialog');
      await dialog.getByTestId('lorawan-section').waitFor();
      return dialog;
    };
    await row.waitFor();

    let dialog = await openEdit();
    await dialog.getByTestId('lorawan-broker').fill('http://chirpstack.local');
    await dialog.getByTestId('lorawan-application').fill(applicationId);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog
      .getByText('须以 mqtt://、mqtts://、ws:// 或 wss:// 开头，并写明主机（用户名和密码请填在下方）')
      .waitFor();
    await dialog.getByTestId('lorawan-broker').fill(BROKER);
    await dialog.getByTestId('lorawan-application').fill('');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('地址和应用 ID 须同时填写').waitFor();
    await dialog.getByTestId('lorawan-application').fill(applicationId);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });

    const stored = await api<{ data: { brokerUrl: string; applicationId: string; bandStandard: string } }>(
      'GET',
      `/lorawan/settings/${projectId}`,
    );
    expect(stored.data).toMatchObject({ brokerUrl: BROKER, applicationId, bandStandard: 'CN470' });

    // opened again: the connection as stored, its connector connected to the broker
    dialog = await openEdit();
    await expect.poll(() => dialog.getByTestId('lorawan-broker').inputValue()).toBe(BROKER);
    await expect.poll(() => dialog.getByTestId('lorawan-application').inputValue()).toBe(applicationId);
    await expect(dialog.getByTestId('lorawan-state').innerText()).resolves.toBe('已连接');
    await dialog.getByTestId('lorawan-enabled').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: `${SHOTS}/lorawan-project-zh-CN.png` });
    await page.keyboard.press('Escape');
    await context.close();
  });
});
