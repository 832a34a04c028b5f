import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** the platform admin's password once its initial one (admin123) was replaced */
    adminPassword: string;
  }
}

/** The password the journeys sign the platform admin in with. */
export const E2E_ADMIN_PASSWORD = 'admin123-e2e';

/**
 * The seeded admin must replace its initial password at first sign-in, as every user with one
 * must; done here once through the API, the way the change-password screen does it, so that
 * every journey signs in to the full back office. The screen itself has its own journey.
 */
async function replaceAdminInitialPassword(baseURL: string): Promise<void> {
  const post = (path: string, body: object, method = 'POST', token?: string) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<{ code: number; msg: string; token?: string }>);
  const signIn = await post('/adminlogin', { username: 'admin', password: 'admin123' });
  if (signIn.code !== 200 || !signIn.token) throw new Error(`admin sign-in failed: ${signIn.msg}`);
  const changed = await post(
    '/system/user/profile/updatePwd',
    { oldPassword: 'admin123', newPassword: E2E_ADMIN_PASSWORD, confirmPassword: E2E_ADMIN_PASSWORD },
    'PUT',
    signIn.token,
  );
  if (changed.code !== 200) throw new Error(`admin password change failed: ${changed.msg}`);
  await post('/logout', {}, 'POST', signIn.token);
}

const ROOT = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}/health within ${timeoutMs / 1000} s`);
}

/** Starts the real server on free ports with a fresh data directory; the built web is served by it. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'luxgrid-e2e-'));
  const [port, mqttPort] = [await freePort(), await freePort()];
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CAPTCHA_ENABLED: 'false',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      NODE_ENV: 'test',
      // the journeys sign in dozens of times a minute from one address
      SIGNIN_RATE_PER_MINUTE: '600',
      CAPTCHA_RATE_PER_MINUTE: '600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, 60_000);
    await replaceAdminInitialPassword(baseURL);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('')}`);
  }
  project.provide('baseURL', baseURL);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
