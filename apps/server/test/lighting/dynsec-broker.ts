import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { freePort } from './helpers.ts';

export const MOSQUITTO = '/usr/sbin/mosquitto';
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const dynsecAvailable = existsSync(MOSQUITTO) && existsSync(DYNSEC_PLUGIN);

/** A Mosquitto 2 of the test's own on a free port, with the dynamic security plugin and a fresh admin account. */
export interface DynsecBroker {
  url: string;
  admin: { username: string; password: string };
  /** Runs dynamic security commands as the admin; resolves with their answers, in order. */
  control(commands: object[]): Promise<{ command: string; error?: string; data?: unknown }[]>;
  stop(): Promise<void>;
}

export async function startDynsecBroker(): Promise<DynsecBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'luxgrid-dynsec-'));
  // mosquitto started as root runs as its own user: it must be able to save the plugin's file
  chmodSync(dir, 0o777);
  const file = join(dir, 'dynamic-security.json');
  const admin = { username: 'admin', password: randomBytes(12).toString('hex') };
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, admin.username, admin.password], { stdio: 'ignore' });
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
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
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
    if (up) break;
    if (Date.now() > until || child.exitCode !== null) {
      child.kill();
      throw new Error('mosquitto with dynamic security did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
