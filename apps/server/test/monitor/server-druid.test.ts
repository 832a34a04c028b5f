import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseStatement } from '../../src/platform/db-stats.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('server monitor', () => {
  it('answers with plausible machine and runtime numbers', async () => {
    const res = await t.call('GET', '/monitor/server', { token: admin });
    expect(res.body.code).toBe(200);
    const { cpu, memory, node, os, disks, network } = res.body.data;
    expect(cpu.cores).toBeGreaterThanOrEqual(1);
    expect(cpu.used).toBeGreaterThanOrEqual(0);
    expect(cpu.used).toBeLessThanOrEqual(100);
    expect(cpu.sampleMs).toBeGreaterThanOrEqual(150);
    expect(cpu.loadAverage).toHaveLength(3);
    expect(memory.total).toBeGreaterThan(memory.free);
    expect(memory.used + memory.free).toBe(memory.total);
    expect(node.version).toBe(process.version);
    expect(node.pid).toBe(process.pid);
    expect(node.rss).toBeGreaterThan(node.heapUsed);
    expect(node.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(node.eventLoopDelay.p99Ms).toBeGreaterThan(0);
    expect(node.eventLoopDelay.p99Ms).toBeLessThan(10_000);
    expect(os.platform).toBe(process.platform);
    expect(disks).toHaveLength(2);
    expect(disks[0].path).toBe(t.deps.config.dataDir);
    expect(disks[1]).toMatchObject({ path: '/' });
    expect(disks[1].total).toBeGreaterThan(disks[1].free);
    expect(disks[1].usage).toBeGreaterThan(0);
    expect(network.interfaces.length).toBeGreaterThan(0);
  });
});

describe('database monitor', () => {
  it('answers with the database, its tables, connections and the slowest statements and requests', async () => {
    // an operation-log row with a known cost
    await t.call('DELETE', '/system/config/refreshCache', { token: admin });
    await t.deps.database.query(
      "insert into sys_oper_log (title, oper_url, cost_time) values ('slow one', '/x', 98765)",
    );
    const res = await t.call('GET', '/monitor/druid', { token: admin });
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d.database.kind).toBe(t.deps.database.kind);
    expect(d.database.version).toMatch(/PostgreSQL \d+/);
    expect(d.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    if (t.deps.database.kind === 'postgres') {
      expect(d.pool.max).toBeGreaterThan(0);
      expect(d.pool.total).toBeGreaterThanOrEqual(1);
      expect(d.connections.available).toBe(true);
      expect(d.connections.total).toBeGreaterThanOrEqual(1);
    } else {
      expect(d.pool).toBeNull();
    }
    const menu = d.tables.find((x: { tableName: string }) => x.tableName === 'sys_menu');
    expect(menu.totalBytes).toBeGreaterThan(0);
    expect(menu.rowEstimate).toBeGreaterThan(100);
    expect(['pg_stat_statements', 'process']).toContain(d.slowStatements.source);
    expect(d.processStatements.length).toBeGreaterThan(0);
    const top = d.processStatements[0];
    expect(top.calls).toBeGreaterThanOrEqual(1);
    expect(top.maxMs).toBeGreaterThanOrEqual(top.meanMs);
    expect(d.processStatements.every((s: { statement: string }) => !/'[^']*'/.test(s.statement))).toBe(true);
    expect(d.slowRequests[0]).toMatchObject({ title: 'slow one', costTime: 98765 });
    expect(d.slowRequests.length).toBeLessThanOrEqual(20);
  });

  it('groups statements by shape, without their literals', () => {
    expect(normaliseStatement("select * from t where a = 'x''y' and b = 42 and c in ($1, $2, $3)")).toBe(
      'select * from t where a = ? and b = ? and c in (…)',
    );
    expect(normaliseStatement('insert into t (a, b) values ($1, default), ($2, default), ($3, default)')).toBe(
      'insert into t (a, b) values (?, default), …',
    );
  });
});
