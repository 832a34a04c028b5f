import type { HubDevice } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

const CONCENTRATORS = 200;
const LAMPS_EACH = 50;

/**
 * 10,000 lamps behind 200 concentrators go dark at once (one sweep of the hub): 200 alarms are
 * raised and pushed, the 10,000 lamp alarms are inhibited by them, and all recover together.
 */
describe('alarm flood control at city scale', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  const ccus: HubDevice[] = [];
  const lamps: HubDevice[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    const ccuRows = await t.deps.database.query<{ device_id: number; uid: string }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type)
       select $1, $2, 'FL-CCU-' || g, 'concentrator ' || g, 'CCU' from generate_series(1, $3) g
       returning device_id, uid`,
      [d.clientId, d.projectId, CONCENTRATORS],
    );
    await t.deps.database.query('update lt_device set gateway_id = device_id where uid like $1', ['FL-CCU-%']);
    const lampRows = await t.deps.database.query<{ device_id: number; uid: string }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type, parent_id, gateway_id)
       select $1, $2, c.uid || '-L' || g, 'lamp ' || g, 'RTU', c.device_id, c.device_id
         from lt_device c cross join generate_series(1, $3) g
        where c.uid like 'FL-CCU-%' and c.client_id = $1
       returning device_id, uid`,
      [d.clientId, d.projectId, LAMPS_EACH],
    );
    const device = (r: { device_id: number; uid: string }, deviceType: string): HubDevice => ({
      deviceId: r.device_id,
      clientId: d.clientId,
      projectId: d.projectId,
      uid: r.uid,
      deviceType,
    });
    ccus.push(...ccuRows.map((r) => device(r, 'CCU')));
    lamps.push(...lampRows.map((r) => device(r, 'RTU')));
  }, 120_000);
  afterAll(async () => t?.close());

  it('records and pushes 200 parent alarms and inhibits 10,000 lamp alarms', async () => {
    expect(lamps).toHaveLength(CONCENTRATORS * LAMPS_EACH);
    const original = t.deps.ws.publish.bind(t.deps.ws);
    const publish = vi.spyOn(t.deps.ws, 'publish');
    let pushedAt = 0;
    publish.mockImplementation(async (scope, message) => {
      if (message.type === 'alarm.update') pushedAt = performance.now();
      return original(scope, message);
    });
    const ts = t.clock.now();
    // as the hub's sweep emits them: every silent device of the sweep in one batch, in table order
    const events: HubEvent[] = [...lamps, ...ccus]
      .sort((a, b) => a.deviceId - b.deviceId)
      .map((device) => ({
        type: 'offline',
        payload: { device, ts, carried: device.deviceType === 'RTU' },
      }));
    const started = performance.now();
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
    const ms = performance.now() - started;
    const [counts] = await t.deps.database.query<{ parents: number; inhibited: number; orphans: number }>(
      `select count(*) filter (where inhibited_by is null and alarm_config_type = 'CcuOffline')::int as parents,
              count(*) filter (where inhibited_by is not null)::int as inhibited,
              count(*) filter (where inhibited_by is null and alarm_config_type = 'RtuOffline')::int as orphans
         from lt_alarm where project_id = $1 and state = 'NEW'`,
      [d.projectId],
    );
    expect(counts).toEqual({ parents: CONCENTRATORS, inhibited: CONCENTRATORS * LAMPS_EACH, orphans: 0 });
    const pushed = publish.mock.calls
      .map(([, m]) => m)
      .filter((m) => m.type === 'alarm.update')
      .flatMap((m) => (m.type === 'alarm.update' ? m.items : []));
    expect(pushed).toHaveLength(CONCENTRATORS);
    console.info(
      `flood: ${CONCENTRATORS} parent alarms recorded and pushed after ${Math.round(pushedAt - started)} ms; ` +
        `all ${lamps.length} lamp alarms inhibited after ${Math.round(ms)} ms`,
    );

    const back = performance.now();
    t.deps.devices.emit(
      ccus.map((device) => ({ type: 'online', payload: { device, ts: ts + 60_000, carried: false } })),
    );
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
    const [left] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from lt_alarm where project_id = $1 and state = 'NEW'",
      [d.projectId],
    );
    expect(left!.n).toBe(0);
    console.info(
      `recovery: ${CONCENTRATORS + lamps.length} alarms recovered together in ${Math.round(performance.now() - back)} ms`,
    );
  }, 120_000);
});
