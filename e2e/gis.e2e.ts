import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, hasChromium, launch, openSignedIn, sessionOf } from './browser';

const RUN = Date.now().toString(36).toUpperCase();
const IMPORTED = `E2E Riverside ${RUN}`;
const DRAWN = `E2E Station Rd ${RUN}`;

interface GisMapData {
  center: [number, number];
  roads: { roadId: number; name: string; line: [number, number][] }[];
}

/**
 * Roads of the asset register in a browser: an operator imports a street from GeoJSON, draws
 * another on the base map, sees both with their lamps in the list and on the asset map, which
 * draws them on the offline base map (no tile host is admitted here).
 */
describe.skipIf(!hasChromium)('asset information: roads drawn and imported, seen on the asset map', () => {
  let browser: Browser;
  let session = { token: '', projectId: 0 };
  const api = apiAs(() => session, 'en-US');

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    if (session.token) {
      const map = await api<{ data: GisMapData }>('GET', `/gis/map?projectId=${session.projectId}`);
      const ours = map.data.roads.filter((r) => r.name.endsWith(RUN)).map((r) => r.roadId);
      if (ours.length) await api('DELETE', `/gis/road/${ours.join(',')}`);
    }
    await browser?.close();
  });

  it('imports a GeoJSON street, draws one on the map, and shows both on the asset map', async () => {
    const { context, page } = await openSignedIn(browser, {
      user: 'demo_admin',
      lang: 'en-US',
      at: '/web/gis/road',
      waitFor: 'gis-road-page',
    });
    session = await sessionOf(page);
    const { data } = await api<{ data: GisMapData }>('GET', `/gis/map?projectId=${session.projectId}`);
    const [lng, lat] = data.center;

    // import: one LineString feature written in WGS-84
    const dir = mkdtempSync(join(tmpdir(), 'gis-e2e-'));
    const file = join(dir, 'roads.geojson');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: IMPORTED, lightingClass: 'M4', width: 9 },
            geometry: {
              type: 'LineString',
              coordinates: [
                [lng - 0.004, lat + 0.001],
                [lng + 0.004, lat + 0.001],
              ],
            },
          },
        ],
      }),
    );
    await page.getByTestId('gis-road-import').click();
    const dialog = page.getByTestId('gis-road-import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('roads.geojson').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).last().click();
    await dialog.getByTestId('gis-road-import-dialog-result').getByText('1 of 1 imported').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('gis-road-table').getByText(IMPORTED).waitFor();

    // draw: two clicks on the base map make the line; the length shows as it is drawn
    await page.getByTestId('gis-road-add').click();
    const form = page.getByTestId('gis-road-dialog');
    await form.getByTestId('gis-road-name').fill(DRAWN);
    const map = form.getByTestId('road-line-map');
    await map.locator('canvas').waitFor();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
    await expect.poll(async () => (await form.getByTestId('road-line-text').inputValue()).split(';').length).toBe(2);
    const length = Number((await form.getByTestId('road-line-length').innerText()).replace(/\D+/g, ''));
    expect(length).toBeGreaterThan(10);
    await form.getByRole('button', { name: /^(OK|Confirm|确\s*定)$/ }).click();
    await page.getByTestId('gis-road-table').getByText(DRAWN).waitFor();

    // the drawn road is stored in WGS-84 with the length the screen showed (the demo project's map type converts)
    const roads = await api<{ rows: { name: string; length: number; line: [number, number][] }[] }>(
      'GET',
      `/gis/road/list?projectId=${session.projectId}&name=${encodeURIComponent(RUN)}`,
    );
    const drawn = roads.rows.find((r) => r.name === DRAWN)!;
    expect(drawn.line).toHaveLength(2);
    expect(Math.abs(drawn.length - length)).toBeLessThan(2);

    // the asset map draws both on the offline base map
    await page.goto('/web/gis/map');
    await page.getByTestId('gis-map-legend').waitFor();
    await page.getByTestId('offline-base-map').waitFor();
    const legend = await page.getByTestId('gis-map-layers').innerText();
    const count = Number(/Roads \((\d+)\)/.exec(legend)?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: 'docs/screenshots/gis-asset-map.png' });
    await context.close();
  });
});
