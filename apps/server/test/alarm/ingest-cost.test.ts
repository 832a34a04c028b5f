import type { HubDevice } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmDetection, alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * What the alarm rules cost on every reading: readings in range touch neither the database nor a
 * held condition, a project's settings are read once however many readings wait for them, a saved
 * setting reaches every process at once, and an alarm a restart left active is still recovered by
 * its readings back in range.
 */
describe('alarm rules on telemetry', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  const lamps: HubDevice[] = [];
  /** statements that touched the alarm tables while `fn` ran */
  const alarmStatements = async (fn: () => Promise<void>) => {
    const db = t.deps.database;
    const original = db.query.bind(db);
    const seen: string[] = [];
    db.query = ((text: string, params?: unknown[]) => {
      if (/lt_alarm/.test(text)) seen.push(text);
      return original(text, params);
    }) as typeof db.query;
    try {
      await fn();
    } finally {
      db.query = original;
    }
    return seen;
  };
  const readings = (values: (lamp: HubDevice, i: number) => Record<string, unknown>): HubEvent[] =>
    lamps.map((lamp, i) => ({
      type: 'telemetry',
      payload: { device: lamp, ts: t.clock.now(), values: values(lamp, i) },
    }));
  const emit = async (events: HubEvent[], detection = alarmDetection(t.deps)) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await detection.idle();
  };
  const state = async (deviceId: number) =>
    (
      await t.deps.database.query<{ state: string }>(
        `select state from lt_alarm where device_id = $1 and alarm_config_type = 'RtuOverVoltage' order by alarm_id`,
        [deviceId],
      )
    ).map((r) => r.state);

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    const rows = await t.deps.database.query<{ device_id: number; uid: string }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type)
       select $1, $2, 'IC-RTU-' || g, 'lamp ' || g, 'RTU' from generate_series(1, 200) g returning device_id, uid`,
      [d.clientId, d.projectId],
    );
    for (const r of rows)
      lamps.push({
        deviceId: r.device_id,
        clientId: d.clientId,
        projectId: d.projectId,
        uid: r.uid,
        deviceType: 'RTU',
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('readings in range write nothing and hold nothing; the settings are read once for a whole batch', async () => {
    const normal = () => ({ voltage: 221, current: 0.42, power: 91, temperature: 35 });
    // the first batch reads the project's settings once (and the alarms left active once), whatever its size
    const first = await alarmStatements(() => emit(readings(normal)));
    expect(first.filter((s) => /lt_alarm_setting/.test(s))).toHaveLength(1);
    expect(first.filter((s) => /from lt_alarm\s/.test(s))).toHaveLength(1);
    // then, pass after pass, nothing reaches the alarm tables
    const later = await alarmStatements(async () => {
      for (let pass = 0; pass < 5; pass++) {
        t.clock.advance(10_000);
        await emit(readings(normal));
      }
      await alarmDetection(t.deps).tick();
    });
    expect(later).toEqual([]);
    // the settings expired: one read for the batch, not one per reading
    t.clock.advance(120_000);
    const expired = await alarmStatements(() => emit(readings(normal)));
    expect(expired.filter((s) => /lt_alarm_setting/.test(s))).toHaveLength(1);
  });

  it('a setting saved in one process is used at once by every other', async () => {
    const other = new AlarmDetection(t.deps);
    const stop = other.listen();
    try {
      expect((await other.settingsOf(d.projectId)).RtuOverVoltage.threshold).toBe(260);
      const res = await t.call('PUT', '/lighting/alarm-config', {
        token: d.token,
        body: {
          projectId: d.projectId,
          alarmConfigType: 'RtuOverVoltage',
          enabled: true,
          grade: 'urgent',
          threshold: 250,
          holdSeconds: 20,
          push: true,
          sound: true,
          notify: false,
          workOrder: false,
        },
      });
      expect(res.body.code).toBe(200);
      // no clock advanced: the other process heard of the change, not of an expiry
      expect((await other.settingsOf(d.projectId)).RtuOverVoltage.threshold).toBe(250);
    } finally {
      stop();
    }
  });

  it('raises and recovers on transitions only, and recovers after a restart what was left active', async () => {
    const lamp = lamps[0]!;
    const high = (l: HubDevice) => ({ voltage: l.deviceId === lamp.deviceId ? 262 : 221 });
    const raised = await alarmStatements(async () => {
      await emit(readings(high));
      t.clock.advance(20_000);
      await emit(readings(high));
      t.clock.advance(10_000);
      await emit(readings(high));
    });
    expect(await state(lamp.deviceId)).toEqual(['NEW']);
    // one raise for the one lamp beyond, nothing for the 199 in range
    expect(raised.filter((s) => /insert into lt_alarm \(/.test(s))).toHaveLength(1);
    expect(raised.filter((s) => /update lt_alarm/.test(s))).toHaveLength(0);
    const normal = () => ({ voltage: 221 });
    const recovered = await alarmStatements(async () => {
      await emit(readings(normal));
      t.clock.advance(20_000);
      await emit(readings(normal));
      t.clock.advance(10_000);
      await emit(readings(normal));
    });
    expect(await state(lamp.deviceId)).toEqual(['RECOVERED']);
    expect(recovered.filter((s) => /update lt_alarm a set state = 'RECOVERED'/.test(s))).toHaveLength(1);

    // an over-voltage left active by a process that stopped; a new process learns of it when it first reads the project
    const left = lamps[1]!;
    await t.deps.database.query(
      `insert into lt_alarm (client_id, project_id, device_id, alarm_config_type, alarm_type, grade, first_time, last_time)
       values ($1, $2, $3, 'RtuOverVoltage', 'RTU', 'urgent', now(), now())`,
      [d.clientId, d.projectId, left.deviceId],
    );
    const restarted = new AlarmDetection(t.deps);
    const stop = restarted.listen();
    try {
      await emit(readings(normal), restarted);
      t.clock.advance(20_000);
      await emit(readings(normal), restarted);
      expect(await state(left.deviceId)).toEqual(['RECOVERED']);
    } finally {
      stop();
    }
  });
});
