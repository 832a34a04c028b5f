import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { bootstrap, shutdown } from '../src/platform/bootstrap.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import type { Deps } from '../src/platform/context.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  /**
   * Signs in (captcha off) and returns the token. When the server asks the user to replace an
   * initial password, it is replaced first, as the web makes every user do; later sign-ins with
   * the initial password use the replacement.
   */
  login(userName: string, password?: string): Promise<string>;
  /** Replaces a signed-in user's initial password as the change-password screen does; returns the new one. */
  replaceInitialPassword(token: string, userName: string, current: string): Promise<string>;
  call(method: string, url: string, opts?: CallOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
  body: any;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: 'zh-CN' | 'en-US';
  headers?: Record<string, string>;
}

/**
 * A fresh server on a fresh database: PGlite in memory by default, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL (dropped afterwards). Captcha off unless asked.
 */
export async function startTestApp(opts: { captcha?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'luxgrid-test-'));
  const clock = new ManualClock(Date.now());
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase(adminUrl));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    CAPTCHA_ENABLED: opts.captcha ? '' : 'false',
    // a test signs in many times a minute from one address; the rate-limit tests switch it on
    SIGNIN_RATE_PER_MINUTE: '0',
    CAPTCHA_RATE_PER_MINUTE: '0',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  if (!databaseUrl) config.databaseUrl = undefined;
  const deps = await bootstrap(config, {
    clock,
    mqtt: false,
    ...(databaseUrl ? {} : { database: await memoryPglite() }),
  });
  const app = await buildApp(deps);
  await app.ready();

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(o.token ? { access_token: o.token } : {}),
        ...(o.lang ? { 'accept-language': o.lang } : {}),
        ...o.headers,
      },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  /** initial password → the one that replaced it, per account */
  const replaced = new Map<string, { initial: string; current: string }>();
  const replaceInitialPassword: TestApp['replaceInitialPassword'] = async (token, userName, current) => {
    const next = `${current.slice(0, 16)}-new`;
    const res = await call('PUT', '/system/user/profile/updatePwd', {
      token,
      body: { oldPassword: current, newPassword: next, confirmPassword: next },
    });
    if (res.body.code !== 200) throw new Error(`password change of ${userName} failed: ${JSON.stringify(res.body)}`);
    replaced.set(userName, { initial: current, current: next });
    return next;
  };

  return {
    app,
    deps,
    clock,
    call,
    replaceInitialPassword,
    async login(userName, password = 'admin123') {
      const known = replaced.get(userName);
      const current = known && known.initial === password ? known.current : password;
      const res = await call('POST', '/adminlogin', { body: { username: userName, password: current } });
      if (res.body.code !== 200) throw new Error(`login ${userName} failed: ${JSON.stringify(res.body)}`);
      const token = res.body.token as string;
      const info = await call('GET', '/getInfo', { token });
      if (info.body.isDefaultModifyPwd === true) await replaceInitialPassword(token, userName, current);
      return token;
    },
    async close() {
      await app.close();
      await shutdown(deps);
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the PostgreSQL server at `adminUrl`, and the way to drop it. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `luxgrid_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function memoryPglite() {
  const { openDatabase } = await import('../src/platform/db.ts');
  return openDatabase({ pgliteDataDir: 'memory://' });
}
