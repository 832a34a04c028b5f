/**
 * Compiling and issuing one strategy to 100,000 lamps on PostgreSQL (a fresh database on
 * 127.0.0.1:5432, dropped afterwards), on the server as the tests build it (no broker: the
 * download commands stay PENDING as for offline controllers):
 *  1. compile: the strategy to the schedule of each of --ccus concentrators (--lamps lamps each), pure;
 *  2. issue: POST /lighting/strategy/{id}/issue — targets to lamps to controllers, schedules,
 *     copies, the download and time-sync commands — median of --runs runs (each a full re-issue);
 *  3. settle: every controller answers SUCCESS with its version (the device hub's commandResult
 *     events, in batches as results arrive); time until the strategy is PUSHED.
 *   npx tsx bench/strategy-issue.ts [--ccus 2000] [--lamps 50] [--runs 3]
 */
import { strategyBody, strategySchedule } from '@luxgrid/contracts';
import type { HubEvent } from '../apps/server/src/platform/devices/events.ts';
import { startTestApp } from '../apps/server/test/harness.ts';
import { demo } from '../apps/server/test/lighting/helpers.ts';
import { table } from './lib.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CCUS = arg('ccus', 2_000);
const LAMPS_EACH = arg('lamps', 50);
const RUNS = arg('runs', 3);
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const t = await startTestApp();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const d = await demo(t);
  const db = t.deps.database;
  await db.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type)
     select $1, $2, 'SB-CCU-' || g, 'concentrator ' || g, 'CCU' from generate_series(1, $3) g`,
    [d.clientId, d.projectId, CCUS],
  );
  await db.query('update lt_device set gateway_id = device_id where uid like $1', ['SB-CCU-%']);
  await db.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type, parent_id, gateway_id)
     select $1, $2, c.uid || '-L' || g, 'lamp ' || g, 'RTU', c.device_id, c.device_id
       from lt_device c cross join generate_series(1, $3) g where c.uid like 'SB-CCU-%'`,
    [d.clientId, d.projectId, LAMPS_EACH],
  );
  const [group] = await db.query<{ group_id: number }>(
    `insert into lt_group (client_id, project_id, name) values ($1, $2, 'Bench city') returning group_id`,
    [d.clientId, d.projectId],
  );
  await db.query(
    `insert into lt_group_member (group_id, device_id, client_id)
     select $1, device_id, client_id from lt_device where uid like 'SB-CCU-%-L%'`,
    [group!.group_id],
  );
  const lamps = CCUS * LAMPS_EACH;
  const body = {
    projectId: d.projectId,
    name: 'Bench city night',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    weekDays: [...ALL_DAYS],
    entries: [
      { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
      { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
      { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
    ],
    targets: { groupIds: [group!.group_id] },
  };
  const created = await t.call('POST', '/lighting/strategy', { token: d.token, body });
  if (created.body.code !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.data.strategyId as number;

  // 1. compile, pure
  const uids = Array.from({ length: CCUS }, (_, c) =>
    Array.from({ length: LAMPS_EACH }, (_, l) => `SB-CCU-${c + 1}-L${l + 1}`),
  );
  const place = { latitude: 31.23, longitude: 121.47, zone: 'Asia/Shanghai' };
  const compiled = performance.now();
  const parsed = strategyBody.parse(body);
  for (const list of uids) strategySchedule(id, parsed, place, list);
  const compileMs = performance.now() - compiled;

  // 2. issue, full re-issue each run
  const issueMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await t.call('POST', `/lighting/strategy/${id}/issue`, { token: d.token, body: {} });
    issueMs.push(performance.now() - started);
    if (res.body.code !== 200 || res.body.data.total !== CCUS) throw new Error(JSON.stringify(res.body));
  }

  // 3. settle: every controller answers with the version it now holds
  const commands = await db.query<{ command_id: string; device_id: number; version: string }>(
    `select c.command_id, c.device_id, c.params->>'version' as version from lt_command c
     join lt_schedule_issue i on i.command_id = c.command_id where i.plan_id = $1 and i.kind = 'STRATEGY'`,
    [id],
  );
  const settled = performance.now();
  const now = t.clock.now();
  for (let i = 0; i < commands.length; i += 500) {
    const events = commands.slice(i, i + 500).map(
      (c): HubEvent => ({
        type: 'commandResult',
        payload: {
          commandId: c.command_id,
          device: { deviceId: c.device_id, clientId: d.clientId, projectId: d.projectId },
          action: 'schedule',
          status: 'SUCCESS',
          data: { version: c.version },
          error: '',
          ts: now,
        },
      }),
    );
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
  }
  for (;;) {
    const [row] = await db.query<{ issue_state: string }>(
      'select issue_state from lt_strategy where strategy_id = $1',
      [id],
    );
    if (row?.issue_state === 'PUSHED') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const settleMs = performance.now() - settled;

  console.log(
    table([
      ['step', 'lamps', 'controllers', 'time'],
      ['compile (pure)', lamps, CCUS, `${compileMs.toFixed(0)} ms`],
      [
        'issue (POST …/issue, median)',
        lamps,
        CCUS,
        `${median(issueMs).toFixed(0)} ms (runs ${issueMs.map((x) => x.toFixed(0)).join(', ')})`,
      ],
      ['settle to PUSHED', lamps, commands.length, `${settleMs.toFixed(0)} ms`],
    ]),
  );
} finally {
  await t.close();
}
