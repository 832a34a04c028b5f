import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations, type Session, sessionOf } from './browser';

/** A 1×1 PNG: the photo the phone's camera hands over. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
  rows: T[];
}

/**
 * A fault from the dispatcher to a verified fix on a phone: the dispatcher opens and dispatches an
 * order; the crew member, on a phone-sized screen, accepts it, loses the signal, takes a photo and
 * resolves it offline, gets the signal back (the queued steps are sent by themselves); the
 * dispatcher approves it.
 */
describe.skipIf(!hasChromium)('work orders from the dispatcher to the crew phone and back', () => {
  let browser: Browser;
  let session: Session;
  const api = apiAs(() => session, 'en-US');
  const title = `Lamp dark at Gate ${Date.now() % 100000}`;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    expect(policyViolations).toEqual([]);
  });

  it('crew accepts, works offline, comes back online; the dispatcher approves', async () => {
    const { context: desk, page: dispatcher } = await openSignedIn(browser, {
      user: 'demo_admin',
      lang: 'en-US',
      at: '/web/ops/work-order',
      waitFor: 'work-order-page',
    });
    session = await sessionOf(dispatcher);
    expect(session.projectId).toBeGreaterThan(0);

    const users = await api<Answer<{ userId: number; userName: string }[]>>('GET', '/ops/team/users');
    const crewId = users.data.find((u) => u.userName === 'demo_operator')!.userId;
    const created = await api<Answer<{ orderId: number }>>('POST', '/ops/work-order', {
      projectId: session.projectId,
      title,
      source: 'CITIZEN',
      priority: 'serious',
      address: 'North gate, Guishui Street',
      longitude: 115.97,
      latitude: 40.46,
    });
    expect(created.code, created.msg).toBe(200);
    const orderId = created.data.orderId;
    const dispatched = await api<Answer>('PUT', `/ops/work-order/${orderId}/dispatch`, { assigneeId: crewId });
    expect(dispatched.code, dispatched.msg).toBe(200);

    // the crew member's phone
    const { context: phone, page: crew } = await openSignedIn(browser, {
      user: 'demo_operator',
      lang: 'en-US',
      viewport: { width: 390, height: 844 },
      at: '/web/ops/my-order',
      waitFor: 'my-order-page',
    });
    const card = crew.getByTestId('my-order-card').filter({ hasText: title });
    await card.click();
    const detail = crew.getByTestId('my-order-detail');
    await detail.getByTestId('order-map-link').waitFor();
    await detail.getByTestId('my-order-accept').click();
    await expect
      .poll(() => detail.getByTestId('order-state').first().textContent(), { timeout: 15_000 })
      .toContain('Accepted');
    await expect
      .poll(async () => (await api<Answer<{ state: string }>>('GET', `/ops/work-order/${orderId}`)).data.state, {
        timeout: 15_000,
      })
      .toBe('ACCEPTED');

    // the signal drops: a photo and the resolution wait on the phone
    await phone.setOffline(true);
    await crew.getByTestId('my-order-offline').waitFor();
    await detail.getByTestId('photo-after').click();
    await detail
      .getByTestId('my-order-camera')
      .setInputFiles({ name: 'lamp-after.png', mimeType: 'image/png', buffer: PHOTO });
    await expect
      .poll(() => crew.getByTestId('my-order-pending').textContent(), { timeout: 15_000 })
      .toContain('1 steps');
    await detail.getByTestId('my-order-resolution').fill('Replaced the LED driver; lamp lit');
    await detail.getByTestId('my-order-resolve').click();
    await expect
      .poll(() => crew.getByTestId('my-order-pending').textContent(), { timeout: 15_000 })
      .toContain('2 steps');
    await expect.poll(() => detail.getByTestId('order-state').first().textContent()).toContain('Resolved');
    // nothing reached the server meanwhile
    expect((await api<Answer<{ state: string }>>('GET', `/ops/work-order/${orderId}`)).data.state).toBe('ACCEPTED');

    // the signal returns: the queue is sent by itself
    await phone.setOffline(false);
    await crew.getByTestId('my-order-pending').waitFor({ state: 'hidden', timeout: 30_000 });
    const resolved = await api<Answer<{ state: string; resolution: string; photos: { kind: string; url: string }[] }>>(
      'GET',
      `/ops/work-order/${orderId}`,
    );
    expect(resolved.data).toMatchObject({ state: 'RESOLVED', resolution: 'Replaced the LED driver; lamp lit' });
    expect(resolved.data.photos).toMatchObject([{ kind: 'AFTER' }]);
    await crew.screenshot({ path: 'docs/screenshots/ops-my-order-phone.png' }).catch(() => undefined);
    await phone.close();

    // the dispatcher approves it
    await dispatcher.reload();
    await dispatcher.getByTestId('work-order-page').waitFor();
    const row = dispatcher.getByTestId('work-order-table').locator('tr', { hasText: title });
    await row.getByTestId('order-open').click();
    const drawer = dispatcher.getByTestId('order-drawer');
    await drawer.getByRole('tab', { name: /Photos \(1\)/ }).click();
    await drawer.getByTestId('order-photo').waitFor();
    await drawer.getByTestId('order-approve').click();
    const dialog = dispatcher.getByTestId('order-step-dialog');
    await dialog.getByTestId('order-step-comment').fill('Checked the photo');
    await dialog.getByRole('button', { name: /OK|Confirm/ }).click();
    await expect
      .poll(() => drawer.getByTestId('order-state').first().textContent(), { timeout: 15_000 })
      .toContain('Approved');
    const approved = await api<Answer<{ state: string; history: { action: string; operBy: string }[] }>>(
      'GET',
      `/ops/work-order/${orderId}`,
    );
    expect(approved.data.state).toBe('APPROVED');
    expect(
      approved.data.history.map((h) => h.action),
      JSON.stringify(approved.data.history),
    ).toEqual(['CREATED', 'DISPATCHED', 'ACCEPTED', 'PHOTO', 'RESOLVED', 'APPROVED']);

    // the customer's SLA clocks, and the teams screen
    await dispatcher.keyboard.press('Escape');
    await dispatcher.getByTestId('sla-open').click();
    const sla = dispatcher.getByTestId('sla-dialog');
    await expect.poll(() => sla.locator('input').first().inputValue(), { timeout: 10_000 }).not.toBe('');
    await sla.getByRole('button', { name: /Cancel/ }).click();
    await dispatcher.goto('/web/ops/team');
    await dispatcher.getByTestId('team-page').waitFor();
    await dispatcher.getByTestId('team-table').waitFor();
    await desk.close();
  });
});
