import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch, openSignedIn } from './browser';

describe.skipIf(!hasChromium)('home figures open the device list', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the fault and online-rate figures open the list filtered the way they count', async () => {
    const { context, page } = await openSignedIn(browser, { user: 'demo_admin' });
    await page.goto('/');
    await page.getByTestId('device-figures').waitFor();

    // what the card says and what the list finds are the same set
    const faultFigure = (await page.getByTestId('figure-faults').innerText())
      .replace(/\D+/g, ' ')
      .trim()
      .split(' ')
      .at(-1);
    const listed = page.waitForResponse(
      (res) => res.url().includes('/lighting/device/list') && res.url().includes('fault=true'),
    );
    await page.getByTestId('figure-faults').click();
    await page.waitForURL(/\/web\/lighting\/device\?fault=true$/);
    await page.getByTestId('device-home-filter').waitFor();
    const body = (await (await listed).json()) as { total: number; rows: { fault: boolean }[] };
    expect(body.rows.every((row) => row.fault)).toBe(true);
    expect(String(body.total)).toBe(faultFigure);

    await page.goto('/');
    await page.getByTestId('figure-online').click();
    await page.waitForURL(/commStates=OFF%2CINIT|commStates=OFF,INIT/);
    await page.getByTestId('device-home-filter').waitFor();
    // clearing the filter shows every device again
    await page.getByTestId('device-home-filter').getByRole('button').click();
    await page.waitForURL(/\/web\/lighting\/device$/);
    // the address changes before the list renders again: wait for the filter to leave
    await page.getByTestId('device-home-filter').waitFor({ state: 'detached', timeout: 5_000 });
    await expect(page.getByTestId('device-home-filter').count()).resolves.toBe(0);
    await context.close();
  });
});
