import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Deps } from '../../src/platform/context.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { startTestGateway, until } from './helpers.ts';

let t: TestApp;
let gw: Awaited<ReturnType<typeof startTestGateway>>;
const warnings: { fields: Record<string, unknown>; message: string }[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const log = t.deps.log;
  t.deps.log = {
    ...log,
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  } as unknown as Deps['log'];
  gw = await startTestGateway(t, { timers: true, flushMs: 20 });
});
afterAll(async () => {
  await gw?.stop();
  await t?.close();
});

it('warns with the counts, at most every 10 s, when device messages wait for the database', async () => {
  expect(gw.gateway.health().waiting).toBe(0);
  gw.gateway.stats.lastFlushMs = 2_500; // the last write took 2.5 s
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
