import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './lighting/helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A real server process (`node --import tsx apps/server/src/main.ts`), as an operator starts it. */
export interface ServerProcess {
  url: string;
  mqttUrl: string;
  child: ChildProcess;
  /** the last lines it printed */
  output(): string;
  /** waits until /health answers 200 (throws with the output when it dies or takes too long) */
  healthy(timeoutMs?: number): Promise<void>;
  /** sends the signal and waits for the process to end */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server on free ports (or the ports given, to restart it where devices expect it), no
 * demo, captcha off, with its own data directory; `env` adds or overrides settings.
 */
export async function startServerProcess(
  env: Record<string, string>,
  ports?: { port: number; mqttPort: number },
): Promise<ServerProcess> {
  const port = ports?.port ?? (await freePort());
  const mqttPort = ports?.mqttPort ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'luxgrid-process-'));
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      CAPTCHA_ENABLED: 'false',
      DEMO: 'false',
      DEMO_CITY: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 200) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    child,
    output: () => lines.join(''),
    async healthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the server ended (${child.exitCode ?? child.signalCode}):\n${lines.join('')}`);
        const ok = await fetch(`${url}/health`).then(
          (res) => res.status === 200,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${url}/health did not answer within ${timeoutMs} ms:\n${lines.join('')}`);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
