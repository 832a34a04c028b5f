import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCity } from '../../../simulator/src/city.ts';
import { Concentrator } from '../../../simulator/src/device.ts';
import { FaultSchedule, pickFault, type SimFault } from '../../../simulator/src/faults.ts';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from '../lighting/helpers.ts';

/**
 * The demo city's faults (apps/simulator/src/faults.ts) driven on a real simulated concentrator
 * against the real device hub: each is turned into the right alarm by the alarm area alone and
 * recovered when the simulator recovers it. Hold times and the heartbeat timeout are short; the
 * injected clock moves them on.
 */
describe('the simulator raises realistic faults and recovers them', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let ccu: Concentrator;
  const city = buildCity({ seed: 7, lamps: 2, lng: 121.47, lat: 31.23, prefix: 'FLT' });
  const box = city.boxes[0]!;
  const ids: Record<string, number> = {};

  const alarms = (uid: string, type: string) =>
    t.deps.database.query<{ state: string; inhibited_by: number | null; alarm_id: number }>(
      `select a.alarm_id, a.state, a.inhibited_by from lt_alarm a join lt_device d on d.device_id = a.device_id
        where d.uid = $1 and a.alarm_config_type = $2 order by a.alarm_id`,
      [uid, type],
    );
  const settled = async () => {
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
  };
  /** waits until the hub has taken what the concentrator sent, then lets the hold time pass */
  const seen = async (uid: string, field: string, check: (v: unknown) => boolean) => {
    await until(async () => {
      await settled();
      await gw.deviceHub.flush();
      const [row] = await t.deps.database.query<{ v: unknown }>(
        `select s.data -> $2 as v from lt_device_state s join lt_device d on d.device_id = s.device_id where d.uid = $1`,
        [uid, field],
      );
      return check(row?.v);
    });
  };
  const stateOf = async (uid: string, type: string, state: string) =>
    until(async () => {
      await settled();
      await alarmDetection(t.deps).tick();
      await settled();
      return (await alarms(uid, type)).at(-1)?.state === state;
    });
  const holdPasses = async () => {
    t.clock.advance(6_000);
    await alarmDetection(t.deps).tick();
    await settled();
  };
  const setting = async (alarmConfigType: string, threshold: number) => {
    const res = await t.call('PUT', '/lighting/alarm-config', {
      token: d.token,
      body: {
        projectId: d.projectId,
        alarmConfigType,
        enabled: true,
        grade: 'urgent',
        threshold,
        holdSeconds: 5,
        push: true,
        sound: false,
        notify: false,
        workOrder: false,
      },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 20_000 });
    const add = async (uid: string, deviceType: string, parent?: string, extra: Record<string, unknown> = {}) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: {
          projectId: d.projectId,
          uid,
          name: uid,
          deviceType,
          ...(parent ? { parentId: ids[parent] } : {}),
          ...extra,
        },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      ids[uid] = res.body.data.deviceId;
      return res.body.data as { deviceId: number; secret: string };
    };
    await add(box.uid, 'BOX');
    const session = await add(box.ccuUid, 'CCU_IN_BOX', box.uid);
    for (const branch of box.branches) await add(branch, 'BRANCH', box.ccuUid);
    for (const lamp of box.lamps) await add(lamp.rtuUid, 'RTU', lamp.branchUid);
    // the platform defaults (250 V over-voltage, 50 V mains lost) with hold times of 5 s
    await setting('BranchOverVoltage', 250);
    await setting('PowerDown', 50);
    ccu = new Concentrator({
      box,
      projectId: d.projectId,
      root: gw.root,
      brokerUrl: gw.url,
      secret: session.secret,
      // reports only when the test asks for them
      rateMs: 3_600_000,
      heartbeatMs: 3_600_000,
      failRate: 0,
      faultsPerHour: 0,
      seed: 11,
    });
    await ccu.start();
    await until(
      async () =>
        (
          await t.deps.database.query("select 1 from lt_device where device_id = $1 and comm_state = 'ON'", [
            ids[box.uid],
          ])
        ).length === 1,
    );
  });
  afterAll(async () => {
    await ccu?.stop();
    await gw?.stop();
    await t?.close();
  });

  it('a lamp failure raises LampFault and the repair recovers it', async () => {
    const fault: SimFault = { kind: 'lampFailure', uid: box.lamps[0]!.rtuUid };
    ccu.raise(fault);
    ccu.report();
    await stateOf(fault.uid, 'LampFault', 'NEW');
    await seen(fault.uid, 'lampState', (v) => v === 'OFF');
    await ccu.recover(fault);
    ccu.report();
    await stateOf(fault.uid, 'LampFault', 'RECOVERED');
    expect(await alarms(fault.uid, 'LampFault')).toHaveLength(1);
  });

  it('over-voltage on a branch held beyond the hold time raises BranchOverVoltage; back in range recovers it', async () => {
    const fault: SimFault = { kind: 'branchOverVoltage', uid: box.branches[0]! };
    ccu.raise(fault);
    ccu.report();
    await seen(fault.uid, 'voltageA', (v) => Number(v) > 250);
    expect(await alarms(fault.uid, 'BranchOverVoltage')).toHaveLength(0);
    await holdPasses();
    await stateOf(fault.uid, 'BranchOverVoltage', 'NEW');
    await ccu.recover(fault);
    ccu.report();
    await seen(fault.uid, 'voltageA', (v) => Number(v) < 250);
    expect((await alarms(fault.uid, 'BranchOverVoltage')).at(-1)?.state).toBe('NEW');
    await holdPasses();
    await stateOf(fault.uid, 'BranchOverVoltage', 'RECOVERED');
  });

  it('mains failure at the box raises one PowerDown; mains back recovers it', async () => {
    const fault: SimFault = { kind: 'mainsFailure' };
    ccu.raise(fault);
    ccu.report();
    await stateOf(box.uid, 'PowerDown', 'NEW');
    await seen(box.uid, 'voltageA', (v) => v === 0);
    await holdPasses();
    await ccu.recover(fault);
    ccu.report();
    await stateOf(box.uid, 'PowerDown', 'RECOVERED');
    expect(await alarms(box.uid, 'PowerDown')).toHaveLength(1);
    // the lamps behind it were unpowered, not under-voltage: no alarms of their own
    for (const lamp of box.lamps) expect(await alarms(lamp.rtuUid, 'RtuUnderVoltage')).toHaveLength(0);
  });

  it('a concentrator dropping off takes its box dark: one parent alarm, children inhibited, all recovered on reconnect', async () => {
    const fault: SimFault = { kind: 'dropOff' };
    ccu.raise(fault);
    t.clock.advance(21_000);
    await gw.deviceHub.sweep();
    await settled();
    const [parent] = await alarms(box.uid, 'BoxOffline');
    expect(parent).toMatchObject({ state: 'NEW', inhibited_by: null });
    const children = [
      ...(await alarms(box.ccuUid, 'CcuInBoxOffline')),
      ...(await Promise.all(box.lamps.map((l) => alarms(l.rtuUid, 'RtuOffline')))).flat(),
    ];
    expect(children.length).toBeGreaterThanOrEqual(1);
    for (const child of children) expect(child).toMatchObject({ state: 'NEW', inhibited_by: parent!.alarm_id });
    const open = await t.call('GET', `/lighting/alarm/list?projectId=${d.projectId}&state=NEW&pageSize=100`, {
      token: d.token,
    });
    expect(
      open.body.rows.filter((r: { alarmConfigType: string }) => r.alarmConfigType.endsWith('Offline')),
    ).toHaveLength(1);
    await ccu.recover(fault);
    await stateOf(box.uid, 'BoxOffline', 'RECOVERED');
    for (const child of [
      ...(await alarms(box.ccuUid, 'CcuInBoxOffline')),
      ...(await Promise.all(box.lamps.map((l) => alarms(l.rtuUid, 'RtuOffline')))).flat(),
    ])
      expect(child.state).toBe('RECOVERED');
  });

  it('the schedule raises faults at the configured rate, one at a time, and recovers each after its time', () => {
    const happened: string[] = [];
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const schedule = new FaultSchedule({
      box,
      perHour: 6,
      random,
      target: {
        raise: (f) => happened.push(`raise ${f.kind}`),
        recover: (f) => void happened.push(`recover ${f.kind}`),
      },
    });
    // a week of reports every 5 s
    for (let now = 0; now < 7 * 24 * 3_600_000; now += 5_000) schedule.step(now, 5_000);
    const raised = happened.filter((h) => h.startsWith('raise')).length;
    // about 6 an hour while none runs: fewer than the 1008 of a free run, more than none
    expect(raised).toBeGreaterThan(100);
    expect(raised).toBeLessThan(1008);
    for (let i = 0; i + 1 < happened.length; i += 2)
      expect(happened[i + 1]).toBe(happened[i]!.replace('raise', 'recover'));
    const kinds = new Set(Array.from({ length: 200 }, () => pickFault(box, random).kind));
    expect([...kinds].sort()).toEqual(['branchOverVoltage', 'dropOff', 'lampFailure', 'mainsFailure']);
  });
  it('the demo city at its default rate stays far below an alarm flood (ISA-18.2: more than 10 in 10 minutes)', () => {
    // the demo city: 200 lamps in 4 boxes reporting every 30 s, 4 faults an hour across the city (main.ts's default)
    const demoCity = buildCity({ seed: 1, lamps: 200, lng: 115.97, lat: 40.46 });
    let seed = 42;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const raised: number[] = [];
    let now = 0;
    const schedules = demoCity.boxes.map(
      (b) =>
        new FaultSchedule({
          box: b,
          perHour: 4 / demoCity.boxes.length,
          random,
          target: { raise: () => raised.push(now), recover: () => undefined },
        }),
    );
    const days = 30;
    for (; now < days * 24 * 3_600_000; now += 30_000) for (const s of schedules) s.step(now, 30_000);
    let worst = 0;
    for (let i = 0, j = 0; i < raised.length; i++) {
      while (raised[i]! - raised[j]! >= 600_000) j++;
      worst = Math.max(worst, i - j + 1);
    }
    const perHour = raised.length / (days * 24);
    expect(perHour).toBeGreaterThan(2);
    expect(perHour).toBeLessThan(4.5);
    expect(worst).toBeLessThan(10);
  });
});
