import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Deps } from '../../src/platform/context.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { startTestHub, until } from './helpers.ts';

let t: TestApp;
let gw: Awaited<ReturnType<typeof startTestHub>>;
const warnings: { fields: Record<string, unknown>; message: string }[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const log = t.deps.log;
  t.deps.log = {
    ...log,
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  } as unknown as Deps['log'];
  gw = await startTestHub(t, { timers: true, flushMs: 20 });
});
afterAll(async () => {
  await gw?.stop();
  await t?.close();
});

it('warns with the counts, at most every 10 s, when device messages wait for the database', async () => {
  expect(gw.deviceHub.health().waiting).toBe(0);
  gw.deviceHub.stats.lastFlushMs = 2_500; // the last write took 2.5 s
  await until(() => warnings.length > 0, 3_000);
  const [warning] = warnings;
  expect(warning!.message).toMatch(/falling behind/);
  expect(warning!.fields).toMatchObject({
    waiting: 0,
    lastFlushMs: 2_500,
    rowsWritten: 0,
    dropped: 0,
    unacknowledged: 0,
  });
  await new Promise((r) => setTimeout(r, 200));
  expect(warnings).toHaveLength(1);
});

it('a reading sent again after its write committed is stored once; values of one instant merge', async () => {
  await t.deps.database.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type) values (1, 1, 'BOX-AGAIN', 'again', 'BOX')`,
  );
  const topic = `${gw.root}/v1/1/BOX-AGAIN/up/telemetry`;
  const reading = (values: Record<string, number>) => Buffer.from(JSON.stringify({ ts: 1_790_000_000_000, values }));
  // each call resolves once the write holding the reading has committed (when the device gets its PUBACK)
  await gw.deviceHub.handle(topic, reading({ voltageA: 230 }));
  await gw.deviceHub.handle(topic, reading({ voltageA: 230 })); // sent again: the acknowledgement was lost
  await gw.deviceHub.handle(topic, reading({ temperature: 24.5 })); // the same instant, another value
  const rows = await t.deps.database.query<{ data: Record<string, number> }>(
    `select t.data from lt_telemetry t join lt_device d using (device_id) where d.uid = 'BOX-AGAIN'`,
  );
  expect(rows).toEqual([{ data: { voltageA: 230, temperature: 24.5 } }]);
  expect(gw.deviceHub.stats.unacknowledged).toBe(0);
});
