import { addDays, localParts, sunDays } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedStates } from '../../src/modules/lighting/strategy/expectation.ts';
import { PlatformScheduler } from '../../src/modules/lighting/strategy/scheduler.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

/**
 * The light-sensor trigger of a strategy on a lamp whose schedule the platform runs: around dusk
 * the luxometer's readings switch the lamp (each switch sent once), the clock's step in that
 * window is left out, the clock's level comes back at the window's end; the expectation (lighting
 * rate, branch alarms) follows the same readings. The clock and the readings are the test's.
 */
let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
const ZONE = 'Asia/Shanghai';
const PLACE = { latitude: 31.23, longitude: 121.47 };
const ids: Record<string, number> = {};
let sunset = 0;
let scheduler: PlatformScheduler;

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: d.token, body, lang: 'en-US' });
async function created(url: string, body: Record<string, unknown>, key: string) {
  const res = await call('POST', url, { projectId: d.projectId, ...body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data[key] as number;
}
const MIN = 60_000;
/** Moves the test clock to `ms` (forward only) and lets the scheduler look. */
async function at(ms: number) {
  t.clock.advance(ms - t.clock.now());
  await scheduler.tick();
}
const reading = (ms: number, lux: number) =>
  t.deps.database.query(
    `insert into lt_telemetry (device_id, client_id, project_id, ts, data) values ($1, $2, $3, to_timestamp($4 / 1000.0), $5)`,
    [ids.lux, d.clientId, d.projectId, ms, JSON.stringify({ lux })],
  );
/** The lamp commands the platform sent for the lamp, in order. */
const sent = async () =>
  (
    await t.deps.database.query<{ action: string }>(
      "select action from lt_command where device_id = $1 and oper_name = 'scheduler' order by create_time, command_id",
      [ids.lamp],
    )
  ).map((r) => r.action);

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  await t.deps.database.query(
    'update biz_project set latitude = $2, longitude = $3, iana_time_zone = $4 where project_id = $1',
    [d.projectId, PLACE.latitude, PLACE.longitude, ZONE],
  );
  const nbModel = await created(
    '/lighting/model',
    { name: 'NB-IoT lamp controller (sensor)', deviceType: 'RTU', commType: 2, directiveScheme: 'RTU_IOT' },
    'modelId',
  );
  ids.lamp = await created(
    '/lighting/device',
    { uid: 'SNS-NB-1', name: 'Riverside lamp', deviceType: 'RTU', connection: 'DIRECT', modelId: nbModel },
    'deviceId',
  );
  ids.lux = await created(
    '/lighting/device',
    { uid: 'SNS-LUX', name: 'Riverside luxometer', deviceType: 'LUXOMETER' },
    'deviceId',
  );
  // a day ahead of the test clock, so that the clock only moves forward
  const day = addDays(localParts(t.clock.now(), ZONE).date, 2);
  sunset = sunDays(day, day, PLACE.latitude, PLACE.longitude, ZONE)[0]!.sunset!.at;
  ids.strategy = await created(
    '/lighting/strategy',
    {
      name: 'Riverside by the light',
      startDate: addDays(day, -10),
      endDate: addDays(day, 10),
      weekDays: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
      entries: [
        { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
        { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
      ],
      sensor: { deviceId: ids.lux, luxOn: 30, luxOff: 60, windowMinutes: 60, minBurnMinutes: 15 },
      targets: { deviceIds: [ids.lamp] },
    },
    'strategyId',
  );
  const issued = await call('POST', `/lighting/strategy/${ids.strategy}/issue`, {});
  expect(issued.body, JSON.stringify(issued.body)).toMatchObject({ code: 200, data: { platform: 1 } });
  scheduler = new PlatformScheduler(t.deps);
});
afterAll(async () => {
  scheduler?.stop();
  await t?.close();
});

describe('a strategy with a light sensor, run by the platform', () => {
  it('the preview says the windows in which the sensor decides', async () => {
    const day = localParts(sunset, ZONE).date;
    const res = await call('GET', `/lighting/strategy/${ids.strategy}/preview?from=${day}&to=${day}`);
    expect(res.body.code).toBe(200);
    const [preview] = res.body.data as {
      sensorWindows: { kind: string; from: string; to: string }[];
      sunset: string;
    }[];
    expect(preview!.sensorWindows.map((w) => w.kind)).toEqual(['DAWN', 'DUSK']);
    const dusk = preview!.sensorWindows[1]!;
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    expect(minutes(dusk.to) - minutes(dusk.from)).toBe(120);
    expect(Math.abs(minutes(dusk.from) + 60 - minutes(preview!.sunset))).toBeLessThanOrEqual(1);
  });
  it('switches on when a dark dusk falls below the threshold, before the clock would, and sends it once', async () => {
    await at(sunset - 70 * MIN);
    expect(await sent()).toEqual([]);
    await reading(sunset - 40 * MIN, 200);
    await at(sunset - 39 * MIN);
    expect(await sent()).toEqual([]);
    await reading(sunset - 35 * MIN, 12);
    await at(sunset - 34 * MIN);
    expect(await sent()).toEqual(['LIGHT_ON']);
    expect((await expectedStates(t.deps.database, d.projectId, 'LAMP', t.clock.now())).get(ids.lamp!)).toBe(100);
    // later passes, in this process or another, do not send it again
    await at(sunset - 30 * MIN);
    await scheduler.tick();
    expect(await new PlatformScheduler(t.deps).tick().then(sent)).toEqual(['LIGHT_ON']);
  });

  it('leaves out the clock step in the window the sensor spoke in; a bright spell after the minimum burn switches off', async () => {
    await at(sunset + 10 * MIN + 500);
    expect(await sent()).toEqual(['LIGHT_ON']);
    await reading(sunset + 15 * MIN, 150);
    await at(sunset + 16 * MIN);
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_OFF']);
    // the clock alone says on here; the expectation follows the sensor
    expect((await expectedStates(t.deps.database, d.projectId, 'LAMP', t.clock.now())).get(ids.lamp!)).toBe(0);
  });

  it("gives the lamps back to the clock at the window's end", async () => {
    await at(sunset + 60 * MIN + 1000);
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_ON']);
    expect((await expectedStates(t.deps.database, d.projectId, 'LAMP', t.clock.now())).get(ids.lamp!)).toBe(100);
    await at(sunset + 62 * MIN);
    expect(await sent()).toEqual(['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_ON']);
  });
});
