/**
 * Alarm detection on PostgreSQL (a fresh database on 127.0.0.1:5432, dropped afterwards), on the
 * server as the tests build it (bootstrap + routes, injected clock, no broker):
 *  1. ingest: the same telemetry stream (10,000 lamps, each every 10 s on the injected clock,
 *     --readings readings per run in the device hub's flush batches of --batch) handled with every
 *     alarm rule enabled and with every rule disabled, both set through PUT /lighting/alarm-config;
 *     readings/s of each and the ratio, same run, --rounds alternating runs each after a warm-up;
 *     also the CPU each run used (this process and the PostgreSQL backends of its database), which
 *     the other work on a shared machine disturbs less than the wall clock;
 *  2. flood: 10,000 lamps behind 200 concentrators go dark in one presence sweep; time until the
 *     200 parent alarms are recorded and pushed, and the alarms created (listed and inhibited).
 *   npx tsx bench/alarms.ts [--readings 200000] [--batch 5000] [--rounds 2]
 */

import { readFileSync } from 'node:fs';
import type { HubDevice } from '@luxgrid/contracts';
import { ALARM_KINDS } from '@luxgrid/contracts';
import { alarmDetection } from '../apps/server/src/modules/alarm/detection/detection.ts';
import type { HubEvent } from '../apps/server/src/platform/devices/events.ts';
import { startTestApp } from '../apps/server/test/harness.ts';
import { demo } from '../apps/server/test/lighting/helpers.ts';
import { table } from './lib.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const readings = arg('readings', 200_000);
const batch = arg('batch', 5_000);
const rounds = arg('rounds', 2);
const CONCENTRATORS = 200;
const LAMPS_EACH = 50;

process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const t = await startTestApp();
try {
  const d = await demo(t);
  const db = t.deps.database;
  const ccuRows = await db.query<{ device_id: number; uid: string }>(
    `insert into lt_device (client_id, project_id, uid, name, device_type)
     select $1, $2, 'FL-CCU-' || g, 'concentrator ' || g, 'CCU' from generate_series(1, $3) g
     returning device_id, uid`,
    [d.clientId, d.projectId, CONCENTRATORS],
  );
  await db.query('update lt_device set gateway_id = device_id where uid like $1', ['FL-CCU-%']);
  const lampRows = await db.query<{ device_id: number; uid: string }>(
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
  const ccus = ccuRows.map((r) => device(r, 'CCU'));
  const lamps = lampRows.map((r) => device(r, 'RTU'));
  const detection = alarmDetection(t.deps);

  /** every rule of the project on or off, through the alarm settings API */
  const setAll = async (enabled: boolean) => {
    const list = await t.call('GET', `/lighting/alarm-config/list?projectId=${d.projectId}`, { token: d.token });
    if (list.body.rows?.length !== ALARM_KINDS.length) throw new Error(`settings: ${JSON.stringify(list.body)}`);
    for (const row of list.body.rows) {
      const res = await t.call('PUT', '/lighting/alarm-config', {
        token: d.token,
        body: {
          projectId: d.projectId,
          alarmConfigType: row.alarmConfigType,
          enabled,
          grade: row.grade,
          threshold: row.threshold,
          holdSeconds: row.holdSeconds,
          push: row.push,
          sound: row.sound,
          notify: row.notify,
          workOrder: row.workOrder,
        },
      });
      if (res.body.code !== 200) throw new Error(`${row.alarmConfigType}: ${JSON.stringify(res.body)}`);
    }
  };

  /** CPU seconds used so far by the PostgreSQL backends serving this database (Linux /proc) */
  const pgCpu = async () => {
    const pids = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    let ticks = 0;
    for (const { pid } of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        /* ended meanwhile */
      }
    }
    return ticks / 100;
  };

  /** the telemetry stream of the lamps: ordinary evening readings, one lamp in 500 over-voltage */
  const ingest = async (count: number) => {
    const cpu0 = process.cpuUsage();
    const pg0 = await pgCpu();
    const started = performance.now();
    for (let done = 0; done < count; done += batch) {
      const events: HubEvent[] = [];
      for (let i = done; i < Math.min(count, done + batch); i++) {
        const lamp = lamps[i % lamps.length]!;
        // each lamp reports every 10 s: the clock moves on a pass over the lamps
        if (i % lamps.length === 0 && i > 0) t.clock.advance(10_000);
        const high = (i % lamps.length) % 500 === 0;
        events.push({
          type: 'telemetry',
          payload: {
            device: lamp,
            ts: t.clock.now(),
            values: { voltage: high ? 265 : 221, current: 0.42, power: 91, lampState: 'ON', brightness: 80 },
          },
        });
      }
      t.deps.devices.emit(events);
      // the rules' own work is awaited per batch; the fault codes' writer (platform/devices/faults.ts)
      // coalesces into one write a second on the wall clock, as behind the hub, and is awaited at the end
      await detection.idle();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await t.deps.devices.idle();
    await detection.idle();
    const rate = count / ((performance.now() - started) / 1000);
    const cpu = process.cpuUsage(cpu0);
    const pg = (await pgCpu()) - pg0;
    // CPU milliseconds per 1,000 readings: the server's, PostgreSQL's
    return { rate, node: (cpu.user + cpu.system) / 1000 / (count / 1000), pg: (pg * 1000) / (count / 1000) };
  };

  // 1. ingest, rules on vs off, alternating, after a warm-up
  await setAll(true);
  await ingest(Math.min(readings, 50_000));
  type Run = Awaited<ReturnType<typeof ingest>>;
  const runs: { on: Run[]; off: Run[] } = { on: [], off: [] };
  // over-voltage alarms present after each run with the rules on (the stream holds 20 lamps beyond)
  const raised: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const enabled of round % 2 ? [false, true] : [true, false]) {
      await setAll(enabled);
      runs[enabled ? 'on' : 'off'].push(await ingest(readings));
      if (enabled) {
        const [n] = await db.query<{ n: number }>(
          "select count(*)::int as n from lt_alarm where project_id = $1 and alarm_config_type = 'RtuOverVoltage'",
          [d.projectId],
        );
        raised.push(n!.n);
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const on = mean(runs.on.map((r) => r.rate));
  const off = mean(runs.off.map((r) => r.rate));
  const cpuOn = mean(runs.on.map((r) => r.node + r.pg));
  const cpuOff = mean(runs.off.map((r) => r.node + r.pg));
  await db.query('delete from lt_alarm where project_id = $1', [d.projectId]);

  // 2. flood, rules at their defaults
  await t.call('POST', '/lighting/alarm-config/reset', {
    token: d.token,
    body: { projectId: d.projectId, alarmConfigTypes: [...ALARM_KINDS] },
  });
  const original = t.deps.ws.publish.bind(t.deps.ws);
  let pushedAt = 0;
  let pushed = 0;
  t.deps.ws.publish = async (scope, message) => {
    if (message.type === 'alarm.update') {
      pushedAt = performance.now();
      pushed += message.items.length;
    }
    return original(scope, message);
  };
  t.clock.advance(10_000);
  const ts = t.clock.now();
  const events: HubEvent[] = [...lamps, ...ccus]
    .sort((a, b) => a.deviceId - b.deviceId)
    .map((dev) => ({ type: 'offline', payload: { device: dev, ts, carried: dev.deviceType === 'RTU' } }));
  const started = performance.now();
  t.deps.devices.emit(events);
  await t.deps.devices.idle();
  await detection.idle();
  const allMs = performance.now() - started;
  const [counts] = await db.query<{ listed: number; inhibited: number; orphans: number }>(
    `select count(*) filter (where inhibited_by is null)::int as listed,
            count(*) filter (where inhibited_by is not null)::int as inhibited,
            count(*) filter (where inhibited_by is null and alarm_config_type <> 'CcuOffline')::int as orphans
       from lt_alarm where project_id = $1 and state = 'NEW'`,
    [d.projectId],
  );
  const page = await t.call('GET', `/lighting/alarm/list?projectId=${d.projectId}&pageNum=1&pageSize=10`, {
    token: d.token,
  });

  console.log(
    `\nPostgreSQL, ${lamps.length} lamps behind ${CONCENTRATORS} concentrators, ${readings} readings per run in batches of ${batch}`,
  );
  console.log(
    table([
      ['measure', 'value', 'baseline', 'ratio', 'goal'],
      [
        'ingest readings/s, all rules on (vs all off)',
        Math.round(on),
        Math.round(off),
        (on / off).toFixed(3),
        `>= 0.90 ${raised.some((n) => n > 0) ? (on / off >= 0.9 ? 'met' : 'NOT MET') : 'inconclusive: no reading alarm was raised'}`,
      ],
      [
        'CPU ms per 1,000 readings (server + PostgreSQL), on (vs off)',
        cpuOn.toFixed(1),
        cpuOff.toFixed(1),
        (cpuOff / cpuOn).toFixed(3),
        '',
      ],
      [
        'flood: 200 parent alarms recorded + pushed (ms)',
        Math.round(pushedAt - started),
        '',
        '',
        `<= 2000 ${pushedAt - started <= 2000 ? 'met' : 'NOT MET'}`,
      ],
      ['flood: all 10,200 handled (ms)', Math.round(allMs), '', '', ''],
      ['flood: alarms listed / pushed', `${counts!.listed} / ${pushed}`, '', '', '200 / 200'],
      ['flood: lamp alarms inhibited / uninhibited lamp', `${counts!.inhibited} / ${counts!.orphans}`, '', '', ''],
      ['flood: alarm list total (API)', page.body.total ?? JSON.stringify(page.body).slice(0, 80), '', '', '200'],
    ]),
  );
  console.log(
    `runs (readings/s; CPU ms per 1,000 server+PostgreSQL): ` +
      `on ${runs.on.map((r) => `${Math.round(r.rate)} (${r.node.toFixed(1)}+${r.pg.toFixed(1)})`).join(', ')}; ` +
      `off ${runs.off.map((r) => `${Math.round(r.rate)} (${r.node.toFixed(1)}+${r.pg.toFixed(1)})`).join(', ')}; ` +
      `over-voltage alarms after the on runs ${raised.join(', ')}; load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
} finally {
  await t.close();
}
