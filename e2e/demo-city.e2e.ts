import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SEED = 7;
const LAMPS = 130;

/** What `npm start` and `npm run simulate` run: the simulated city, against the real server. */
describe('the simulated city (issue #6)', () => {
  const baseURL = inject('baseURL');

  async function call<T>(token: string, path: string): Promise<T> {
    const res = await fetch(`${baseURL}${path}`, { headers: { access_token: token, 'Accept-Language': 'en-US' } });
    return (await res.json()) as T;
  }

  it('registers cabinet sites, tagged lamps on streets grouped by street, and brings them online', async () => {
    // the city's own sign-in: the demo customer's administrator, as `npm run simulate` does by default
    const simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/simulator/src/main.ts',
        `--url=${baseURL}`,
        `--lamps=${LAMPS}`,
        `--seed=${SEED}`,
        '--rate=2',
        '--duration=6',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    simulator.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    simulator.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => simulator.on('exit', done));
    expect(code, output).toBe(0);
    expect(output).toMatch(/registered in [\d.]+ s/);
    expect(output).toMatch(/3 concentrators online/);

    const login = (await (
      await fetch(`${baseURL}/adminlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_admin', password: 'admin123' }),
      })
    ).json()) as { token: string };
    const token = login.token;
    const clients = await call<{ data: { id: number }[] }>(token, '/info/clients');
    const projects = await call<{ data: { projectId: number }[] }>(token, `/info/${clients.data[0]!.id}/projects`);
    const p = projects.data[0]!.projectId;
    const prefix = `SIM${SEED}`;

    // 130 lamps: three boxes, each at its cabinet site
    const sites = await call<{ rows: { name: string; kind: string; located: string }[] }>(
      token,
      `/lighting/location/list?projectId=${p}&kind=CABINET&name=${prefix}&pageSize=50`,
    );
    expect(sites.rows.map((s) => s.name).sort()).toEqual([1, 2, 3].map((n) => `Cabinet ${prefix}-000${n}`));
    expect(sites.rows.every((s) => s.located === 'LOCATED')).toBe(true);
    const boxes = await call<{ rows: { deviceId: number }[] }>(
      token,
      `/lighting/device/list?projectId=${p}&deviceType=BOX&keyword=${prefix}-BOX-&pageSize=50`,
    );
    const box = await call<{ data: { locationId: number | null } }>(
      token,
      `/lighting/device/${boxes.rows[0]!.deviceId}`,
    );
    expect(box.data.locationId).toBeGreaterThan(0);

    // every lamp controller belongs to its street's group and carries its street's tag
    const groups = await call<{ rows: { name: string; memberCount: number }[] }>(
      token,
      `/lighting/group/list?projectId=${p}&name=${prefix}&pageSize=50`,
    );
    expect(groups.rows.map((g) => g.name).sort()).toEqual([
      `Avenue 1 (${prefix})`,
      `Avenue 2 (${prefix})`,
      `Road 1 (${prefix})`,
    ]);
    expect(groups.rows.reduce((sum, g) => sum + g.memberCount, 0)).toBe(LAMPS);
    const tags = await call<{ rows: { name: string; deviceCount: number }[] }>(
      token,
      `/lighting/tag/list?projectId=${p}&pageSize=50`,
    );
    const count = (name: string) => tags.rows.find((t) => t.name === name)?.deviceCount ?? 0;
    expect(count('Main road') + count('Side street')).toBeGreaterThanOrEqual(LAMPS);

    // the concentrators said hello for their lamps and reported telemetry
    const online = await call<{ total: number }>(
      token,
      `/lighting/device/list?projectId=${p}&deviceType=RTU&keyword=${prefix}-RTU-&commState=ON&pageSize=1`,
    );
    expect(online.total).toBeGreaterThan(0);
  }, 120_000);
});
