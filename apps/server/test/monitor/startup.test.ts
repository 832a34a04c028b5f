import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../harness.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The README's production recipe: several processes started together on one new PostgreSQL database. */
describe.runIf(adminUrl)('several server processes starting together', () => {
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await drop?.();
  });

  it('three processes on an empty database all migrate, seed once and serve', async () => {
    const database = await createTestDatabase(adminUrl!);
    drop = database.drop;
    const env = { DATABASE_URL: database.url, TOKEN_SECRET: 'a-shared-secret-of-at-least-32-characters!' };
    servers.push(...(await Promise.all([1, 2, 3].map(() => startServerProcess(env)))));
    await Promise.all(servers.map((s) => s.healthy(90_000)));
    for (const s of servers) {
      const res = await fetch(`${s.url}/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      const body = (await res.json()) as { code: number; token?: string };
      expect(body.code, s.output()).toBe(200);
      expect(body.token).toBeTruthy();
    }
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as n from sys_user where user_name = 'admin'");
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});
