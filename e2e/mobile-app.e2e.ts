import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn } from './browser';

/**
 * The mobile app's messages in a browser: the office pushes a message to a crew member, whose open
 * screen shows it at once (over /ws) and keeps it in the inbox; the crew member sends feedback,
 * which the office then finds.
 */
describe.skipIf(!hasChromium)('mobile app: push messages and feedback', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const office = { token: '', clientId: '' };
  const api = apiAs(() => office, 'en-US');
  const title = `Storm tonight ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launch();
    const login = (await (
      await fetch(`${baseURL}/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
      })
    ).json()) as { token: string };
    office.token = login.token;
    const clients = await api<{ data: { id: number; code?: string }[] }>('GET', '/info/clients');
    office.clientId = String(clients.data.find((c) => c.code === 'DEMO')?.id ?? clients.data[0]!.id);
    ({ context, page } = await openSignedIn(browser, { user: 'demo_operator', lang: 'en-US' }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("shows a pushed message on the crew member's screen at once, and keeps it in the inbox", async () => {
    const users = await api<{ rows: { userId: number; userName: string }[] }>(
      'GET',
      '/system/user/list?userName=demo_operator',
    );
    const operator = users.rows.find((u) => u.userName === 'demo_operator')!;
    const sent = await api<{ code: number; data: { recipients: number } }>('POST', '/app/push', {
      title,
      content: 'Crews on standby from 20:00',
      target: 'USER',
      targetIds: [operator.userId],
      send: true,
    });
    expect(sent.code).toBe(200);
    expect(sent.data.recipients).toBe(1);
    await expect
      .poll(() => page.getByTestId('push-notice').first().textContent(), { timeout: 15_000 })
      .toContain('Crews on standby');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: /Messages and feedback/ }).click();
    const center = page.getByTestId('crew-center');
    await expect.poll(() => center.textContent()).toContain(title);
  });

  it('sends feedback from the crew member to the office', async () => {
    const center = page.getByTestId('crew-center');
    await center.getByRole('tab', { name: 'My feedback' }).click();
    await center.locator('textarea').first().fill('The map is blank when the signal drops');
    await center.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => center.textContent(), { timeout: 10_000 }).toContain('The map is blank');
    const list = await api<{ rows: { content: string; userName: string; state: string }[] }>(
      'GET',
      '/app/feedback/list?state=PENDING',
    );
    expect(list.rows.find((r) => r.content.startsWith('The map is blank'))).toMatchObject({
      userName: 'demo_operator',
      state: 'PENDING',
    });
  });
});
