import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { freePort } from './helpers.ts';

export const MOSQUITTO = '/usr/sbin/mosquitto';
/** Debian puts the plugin under the architecture's library directory (/usr/lib/x86_64-linux-gnu on amd64). */
export const DYNSEC_PLUGIN =
  ['/usr/lib', ...(existsSync('/usr/lib') ? readdirSync('/usr/lib').map((dir) => join('/usr/lib', dir)) : [])]
    .map((dir) => join(dir, 'mosquitto_dynamic_security.so'))
    .find((file) => existsSync(file)) ?? '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
/** Present, or CI (which installs Debian's mosquitto, plugin and mosquitto_ctrl included): there the tests run or fail, never skip. */
export const dynsecAvailable = (existsSync(MOSQUITTO) && existsSync(DYNSEC_PLUGIN)) || Boolean(process.env.CI);

const ADMIN_ACLS = [
  ['publishClientSend', '$CONTROL/dynamic-security/#'],
  ['publishClientReceive', '$CONTROL/dynamic-security/#'],
  ['subscribePattern', '$CONTROL/dynamic-security/#'],
].map(([acltype, topic]) => ({ acltype, topic, allow: true }));

/**
 * The plugin's file with one admin account: `mosquitto_ctrl dynsec init` where it is installed,
 * else written as it writes it (PBKDF2-SHA512, 101 iterations, 12-byte salt) with the same
 * default ACL access (devices may publish and subscribe only where a role allows).
 */
export function initDynsecFile(
  file: string,
  username: string,
  password: string,
  useCtrl = existsSync('/usr/bin/mosquitto_ctrl'),
) {
  if (useCtrl) {
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, username, password], { stdio: 'ignore' });
    return;
  }
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  const config = {
    clients: [
      {
        username,
        textName: 'Dynsec admin user',
        password: hash.toString('base64'),
        salt: salt.toString('base64'),
        iterations: 101,
        roles: [{ rolename: 'admin' }],
      },
    ],
    roles: [{ rolename: 'admin', acls: ADMIN_ACLS }],
    defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/** A Mosquitto 2 of the test's own on a free port, with the dynamic security plugin and a fresh admin account. */
export interface DynsecBroker {
  url: string;
  admin: { username: string; password: string };
  /** Runs dynamic security commands as the admin; resolves with their answers, in order. */
  control(commands: object[]): Promise<{ command: string; error?: string; data?: unknown }[]>;
  /** Stops the broker (its accounts stay in the plugin's file) and starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startDynsecBroker(opts: { useCtrl?: boolean } = {}): Promise<DynsecBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'luxgrid-dynsec-'));
  // mosquitto started as root runs as its own user: it must be able to save the plugin's file
  chmodSync(dir, 0o777);
  const file = join(dir, 'dynamic-security.json');
  const admin = { username: 'admin', password: randomBytes(12).toString('hex') };
  initDynsecFile(file, admin.username, admin.password, opts.useCtrl);
  chmodSync(file, 0o666);
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'per_listener_settings false',
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${file}`,
      '',
    ].join('\n'),
  );
  const url = `mqtt://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const c = mqtt.connect(url, { ...admin, reconnectPeriod: 0, connectTimeout: 1000 });
        c.once('connect', () => {
          c.end(true);
          resolve(true);
        });
        c.once('error', () => {
          c.end(true);
          resolve(false);
        });
        c.once('close', () => resolve(false));
      });
      if (up) return child;
      if (Date.now() > until || child.exitCode !== null) {
        child.kill();
        throw new Error('mosquitto with dynamic security did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async (process: ChildProcess) => {
    if (process.exitCode !== null || process.signalCode !== null) return;
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    url,
    admin,
    async control(commands) {
      const c = await mqtt.connectAsync(url, { ...admin, reconnectPeriod: 0 });
      try {
        await c.subscribeAsync('$CONTROL/dynamic-security/v1/response');
        const answer = new Promise<Buffer>((resolve) => c.once('message', (_t, payload) => resolve(payload)));
        await c.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands }));
        return JSON.parse((await answer).toString()).responses;
      } finally {
        await c.endAsync(true);
      }
    },
    async pause() {
      await halt(child);
    },
    async resume() {
      child = await launch();
    },
    async stop() {
      await halt(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
