import { addDays, localInstant, localParts } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformScheduler } from '../../src/modules/lighting/strategy/scheduler.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

/**
 * Two enabled strategies on one lamp whose schedule the platform runs: the one the overlap
 * warning names as winner (higher priority; on equal priority the one saved last) is the one
 * whose steps switch the lamp; the other's steps leave it alone while the winner says something.
 */
let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
const ZONE = 'Asia/Shanghai';
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const ids: Record<string, number> = {};
let day = '';
let scheduler: PlatformScheduler;

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: d.token, body, lang: 'en-US' });
async function created(url: string, body: Record<string, unknown>, key: string) {
  const res = await call('POST', url, { projectId: d.projectId, ...body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data as Record<string, unknown> & { warnings?: string[] } & Record<typeof key, number>;
}
async function at(hhmm: string) {
  const ms = localInstant(day, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60, ZONE) + 500;
  t.clock.advance(ms - t.clock.now());
  await scheduler.tick();
}
const sent = async () =>
  (
    await t.deps.database.query<{ action: string; value: number | null }>(
      "select action, value from lt_command where device_id = $1 and oper_name = 'scheduler' order by create_time, command_id",
      [ids.lamp],
    )
  ).map((r) => (r.value === null ? r.action : `${r.action} ${r.value}`));

const strategy = (name: string, priority: number, entries: unknown[]) => ({
  name,
  priority,
  startDate: addDays(day, -10),
  endDate: addDays(day, 10),
  weekDays: ALL_DAYS,
  entries,
  targets: { deviceIds: [ids.lamp] },
});

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  await t.deps.database.query(
    'update biz_project set latitude = 31.23, longitude = 121.47, iana_time_zone = $2 where project_id = $1',
    [d.projectId, ZONE],
  );
  const model = (
    await created(
      '/lighting/model',
      { name: 'NB-IoT lamp controller (overlap)', deviceType: 'RTU', commType: 2, directiveScheme: 'RTU_IOT' },
      'modelId',
    )
  ).modelId;
  ids.lamp = (
    await created(
      '/lighting/device',
      { uid: 'PRI-NB-1', name: 'Square lamp', deviceType: 'RTU', connection: 'DIRECT', modelId: model },
      'deviceId',
    )
  ).deviceId as number;
  day = addDays(localParts(t.clock.now(), ZONE).date, 2);
  const everyday = await created(
    '/lighting/strategy',
    strategy('Everyday', 1, [
      { timeMode: 'FIXED', time: '20:00', action: 'OFF' },
      { timeMode: 'FIXED', time: '21:00', action: 'DIM', level: 50 },
      { timeMode: 'FIXED', time: '23:30', action: 'ON' },
    ]),
    'strategyId',
  );
  ids.everyday = everyday.strategyId as number;
  const festival = await created(
    '/lighting/strategy',
    strategy('Festival', 5, [
      { timeMode: 'FIXED', time: '20:00', action: 'ON' },
      { timeMode: 'FIXED', time: '22:00', action: 'DIM', level: 30 },
    ]),
    'strategyId',
  );
  ids.festival = festival.strategyId as number;
  // the warning says which one wins
  expect(festival.warnings?.join(' ')).toContain('the higher priority wins');
  for (const id of [ids.everyday, ids.festival]) {
    const res = await call('POST', `/lighting/strategy/${id}/issue`, {});
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { platform: 1 } });
  }
  scheduler = new PlatformScheduler(t.deps);
});
afterAll(async () => {
  scheduler?.stop();
  await t?.close();
});

describe('overlapping platform-run strategies on one lamp', () => {
  it('runs the higher priority one: same-time steps and the lower one’s steps while the winner holds the lamp', async () => {
    await at('20:00');
    expect(await sent()).toEqual(['LIGHT_ON']);
    await at('21:00');
    expect(await sent()).toEqual(['LIGHT_ON']);
    await at('22:00');
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_DIMMING 30']);
    // the festival holds the lamp all night (its last level carries over): everyday's 23:30 is left out too
    await at('23:30');
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_DIMMING 30']);
  });

  it('gives the lamp to the other once the winner is disabled', async () => {
    await t.deps.database.query("update lt_strategy set status = '1' where strategy_id = $1", [ids.festival]);
    day = addDays(day, 1);
    await at('00:00');
    await at('20:00');
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_DIMMING 30', 'LIGHT_OFF']);
  });
});
