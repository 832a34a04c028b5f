import { addDays, localInstant, localParts } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * BranchAbnormalTurnOn / BranchAbnormalTurnOff: a branch's breaker against what its strategy
 * expects, held for the type's hold time on the injected clock; recovered once it matches again.
 */
describe('branches against their strategy', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let zone: string;
  let day: string;
  const ids: Record<string, number> = {};

  const moveTo = (date: string, hhmm: string, seconds = 0) => {
    const target = localInstant(date, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60 + seconds, zone);
    expect(target).toBeGreaterThanOrEqual(t.clock.now());
    t.clock.advance(target - t.clock.now());
  };
  const breaker = async (uid: string, state: 'OPEN' | 'CLOSE', online = true) => {
    await t.deps.database.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, data) values ($1, $2, $3, $4, jsonb_build_object('breaker', $5::text))
       on conflict (device_id) do update set data = excluded.data, online = excluded.online`,
      [ids[uid], d.clientId, d.projectId, online, state],
    );
    await t.deps.database.query('update lt_device set comm_state = $2 where device_id = $1', [
      ids[uid],
      online ? 'ON' : 'OFF',
    ]);
  };
  const tick = () => alarmDetection(t.deps).branches.tick();
  const alarms = (uid: string) =>
    t.deps.database.query<{ type: string; state: string; detail: Record<string, unknown> | null }>(
      `select a.alarm_config_type as type, a.state, a.detail from lt_alarm a where a.device_id = $1 order by a.alarm_id`,
      [ids[uid]],
    );

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    const [p] = await t.deps.database.query<{ zone: string }>(
      'select iana_time_zone as zone from biz_project where project_id = $1',
      [d.projectId],
    );
    zone = p!.zone;
    day = addDays(localParts(t.clock.now(), zone).date, 2);
    const add = async (uid: string, deviceType: string, parentId?: number) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid, name: `${uid} name`, deviceType, ...(parentId ? { parentId } : {}) },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      ids[uid] = res.body.data.deviceId;
    };
    await add('BA-BOX', 'BOX');
    await add('BA-BR-1', 'BRANCH', ids['BA-BOX']);
    await add('BA-BR-2', 'BRANCH', ids['BA-BOX']);
    await add('BA-BR-3', 'BRANCH', ids['BA-BOX']);
    const strategy = await t.call('POST', '/lighting/strategy', {
      token: d.token,
      body: {
        projectId: d.projectId,
        name: 'Box nights',
        startDate: addDays(day, -10),
        endDate: addDays(day, 30),
        weekDays: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
        entries: [
          { timeMode: 'FIXED', time: '18:00', action: 'ON', applyTo: 'BRANCH' },
          { timeMode: 'FIXED', time: '06:00', action: 'OFF', applyTo: 'BRANCH' },
        ],
        targets: { boxIds: [ids['BA-BOX']] },
      },
    });
    expect(strategy.body.code, JSON.stringify(strategy.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('raises TurnOn for a branch closed in daytime after the hold time, and recovers it once opened', async () => {
    await breaker('BA-BR-1', 'CLOSE');
    await breaker('BA-BR-2', 'OPEN');
    // offline: not judged, whatever its last breaker reading
    await breaker('BA-BR-3', 'CLOSE', false);
    moveTo(day, '12:00');
    await tick();
    expect(await alarms('BA-BR-1')).toEqual([]);
    moveTo(day, '12:04', 59);
    await tick();
    expect(await alarms('BA-BR-1')).toEqual([]);
    // the platform default hold time: 300 s
    moveTo(day, '12:05');
    await tick();
    expect(await alarms('BA-BR-1')).toMatchObject([
      { type: 'BranchAbnormalTurnOn', state: 'NEW', detail: { breaker: 'CLOSE', expectedLevel: 0 } },
    ]);
    expect(await alarms('BA-BR-2')).toEqual([]);
    expect(await alarms('BA-BR-3')).toEqual([]);
    // a repeat check raises nothing more
    moveTo(day, '12:06');
    await tick();
    expect(await alarms('BA-BR-1')).toHaveLength(1);
    await breaker('BA-BR-1', 'OPEN');
    moveTo(day, '12:07');
    await tick();
    expect(await alarms('BA-BR-1')).toMatchObject([{ type: 'BranchAbnormalTurnOn', state: 'RECOVERED' }]);
  });

  it('raises TurnOff for a branch open at night with the project’s own hold time, and recovers it once closed', async () => {
    const token = await t.login('demo_admin');
    const setting = await t.call('PUT', '/lighting/alarm-config', {
      token,
      body: {
        projectId: d.projectId,
        alarmConfigType: 'BranchAbnormalTurnOff',
        enabled: true,
        grade: 'serious',
        holdSeconds: 60,
        push: true,
        sound: true,
        notify: false,
        workOrder: false,
      },
    });
    expect(setting.body.code, JSON.stringify(setting.body)).toBe(200);
    alarmDetection(t.deps).forget(d.projectId);
    // 20:00: the strategy wants the branches on; branch 2 is open, branch 1 closed (as expected)
    await breaker('BA-BR-1', 'CLOSE');
    moveTo(day, '20:00');
    await tick();
    moveTo(day, '20:00', 59);
    await tick();
    expect(await alarms('BA-BR-2')).toEqual([]);
    moveTo(day, '20:01');
    await tick();
    expect(await alarms('BA-BR-2')).toMatchObject([
      { type: 'BranchAbnormalTurnOff', state: 'NEW', detail: { breaker: 'OPEN', expectedLevel: 100, holdSeconds: 60 } },
    ]);
    expect(await alarms('BA-BR-1')).toHaveLength(1);
    // a short mismatch that ends before the hold time raises nothing
    await breaker('BA-BR-1', 'OPEN');
    moveTo(day, '20:01', 30);
    await tick();
    await breaker('BA-BR-1', 'CLOSE');
    moveTo(day, '20:03');
    await tick();
    expect(await alarms('BA-BR-1')).toHaveLength(1);
    await breaker('BA-BR-2', 'CLOSE');
    moveTo(day, '20:04');
    await tick();
    expect(await alarms('BA-BR-2')).toMatchObject([{ type: 'BranchAbnormalTurnOff', state: 'RECOVERED' }]);
  });
});
