import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, policyViolations } from './browser';

/**
 * The warehouse in a browser: a storekeeper stocks in a consumable, requests it out against a
 * work-order number, approves the request, and sees the level drop and the movement traced to the
 * work order.
 */
describe.skipIf(!hasChromium)('warehouse: stock in, stock out to a work order, level and movement', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  const api = apiAs(() => ({ token }), 'en-US');
  const tag = Date.now().toString(36).toUpperCase();
  const code = `LH-${tag}`;
  const warehouse = `WH-${tag}`;
  const workOrder = 70000 + Math.floor(Math.random() * 9999);

  const pick = async (testId: string, text: string) => {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  };

  beforeAll(async () => {
    browser = await launch();
    const login = (await (
      await fetch(`${baseURL}/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_admin', password: 'admin123' }),
      })
    ).json()) as { token: string };
    token = login.token;
    const w = await api<{ code: number }>('POST', '/ops/warehouse', { code: warehouse, name: `Depot ${tag}` });
    expect(w.code).toBe(200);
    const c = await api<{ code: number }>('POST', '/ops/consumable', {
      code,
      name: `Lamp head ${tag}`,
      category: 'LAMP_HEAD',
      unit: 'pcs',
      minStock: 8,
    });
    expect(c.code).toBe(200);
    ({ context, page } = await openSignedIn(browser, {
      user: 'demo_admin',
      lang: 'en-US',
      at: '/web/warehouse/stock-in',
      waitFor: 'stock-in-page',
    }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('stocks a consumable in', async () => {
    await page.getByTestId('stock-in-add').click();
    const dialog = page.getByTestId('stock-in-dialog');
    await dialog.waitFor();
    await pick('stock-in-warehouse', warehouse);
    await page.getByTestId('stock-in-line-0-consumable').click();
    await page.keyboard.type(code);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first().click();
    await page.getByTestId('stock-in-line-0-quantity').fill('10');
    await dialog
      .getByRole('button', { name: 'OK' })
      .or(dialog.getByRole('button', { name: 'Confirm' }))
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('stock-in-table').textContent(), { timeout: 10_000 })
      .toContain(`Depot ${tag}`);
  });

  it('requests it out against a work-order number and approves the request', async () => {
    await page.goto('/web/warehouse/stock-out');
    await page.getByTestId('stock-out-page').waitFor();
    await page.getByTestId('stock-out-add').click();
    const dialog = page.getByTestId('stock-out-dialog');
    await dialog.waitFor();
    await pick('stock-out-warehouse', warehouse);
    await page.getByTestId('stock-out-work-order').fill(String(workOrder));
    await page.getByTestId('stock-out-line-0-consumable').click();
    await page.keyboard.type(code);
    // the choice tells what is on the shelf
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first();
    await expect.poll(() => option.textContent()).toContain('10 on hand');
    await option.click();
    await page.getByTestId('stock-out-line-0-quantity').fill('4');
    await dialog
      .getByRole('button', { name: 'OK' })
      .or(dialog.getByRole('button', { name: 'Confirm' }))
      .first()
      .click();
    const table = page.getByTestId('stock-out-table');
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain(String(workOrder));
    const row = table.locator('tr', { hasText: String(workOrder) });
    await expect.poll(() => row.textContent()).toContain('Pending');
    await row.locator('[data-testid^="stock-out-approve-"]').click();
    await page.getByTestId('stock-out-approve').click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Approved');
  });

  it('shows the level dropped below the minimum and the movement traced to the work order', async () => {
    await page.goto('/web/warehouse/stock');
    await page.getByTestId('stock-page').waitFor();
    await expect
      .poll(() => page.getByTestId(`stock-quantity-${code}`).textContent(), { timeout: 10_000 })
      .toBe('6 pcs');
    // 6 of a minimum of 8: flagged, and named in the notice
    const levelRow = page.getByTestId('stock-table').locator('tr', { hasText: code });
    await expect.poll(() => levelRow.textContent()).toContain('Below minimum');
    await expect.poll(() => page.getByTestId('low-stock-notice').textContent()).toContain(`Lamp head ${tag}`);

    await page.getByRole('tab', { name: 'Movements' }).click();
    const moves = page.getByTestId('movement-table');
    await moves.waitFor();
    const out = moves.locator('tr', { hasText: String(workOrder) });
    await expect.poll(() => out.textContent(), { timeout: 10_000 }).toContain('−4 pcs');
    await expect.poll(() => out.textContent()).toContain('Work order');
    const inRow = moves.locator('tr', { hasText: `Lamp head ${tag}` }).filter({ hasText: '+10 pcs' });
    await expect.poll(() => inRow.count()).toBe(1);
    expect(policyViolations).toEqual([]);
  });
});
