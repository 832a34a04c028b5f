import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pageExists } from '@luxgrid/contracts';
import { flattenMenus, SYSTEMS } from '@luxgrid/contracts/seed/systems';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../src/app.ts';
import type { Area } from '../src/platform/area.ts';
import { registerAreas } from '../src/platform/area.ts';
import type { Deps } from '../src/platform/context.ts';
import { collectFigures } from '../src/platform/home-figures.ts';
import { jobHandler } from '../src/platform/jobs/registry.ts';

const MODULES = fileURLToPath(new URL('../src/modules/', import.meta.url));

describe('areas', () => {
  it('are the folders under modules/: each has an index.ts with its Area, a README, and is registered', () => {
    const folders = readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(AREAS.map((area) => area.name).sort()).toEqual(folders);
    for (const folder of folders) {
      expect(existsSync(`${MODULES}${folder}/index.ts`), `${folder}/index.ts`).toBe(true);
      const readme = `${MODULES}${folder}/README.md`;
      expect(existsSync(readme), `${folder}/README.md`).toBe(true);
      // what it owns, its tables and the events it listens to, in a few lines
      expect(readFileSync(readme, 'utf8')).toMatch(/## Owns[\s\S]*## Tables[\s\S]*## Listens to/);
    }
  });

  it('serve every built screen of the seeded menus, each by exactly one area', () => {
    const built = SYSTEMS.flatMap((system) => flattenMenus(system.menus)).filter(
      (menu) => menu.type === 'C' && menu.component && pageExists(menu.component),
    );
    expect(built.length).toBeGreaterThan(40);
    for (const menu of built) {
      const page = menu.component!.replace(/^\/+/, '');
      const owners = AREAS.filter((area) => area.menus.some((folder) => page.startsWith(`${folder}/`))).map(
        (area) => area.name,
      );
      expect(owners, `${menu.key} (${menu.component})`).toHaveLength(1);
    }
  });

  it('register their routes, jobs, figures and listeners, and subscribe their listeners', async () => {
    const seen: string[] = [];
    const area: Area = {
      name: 'sample',
      menus: [],
      hooks: (app) => app.addHook('onRequest', async (req) => void seen.push(`hook ${req.url}`)),
      routes: () => [async (app) => void app.get('/sample', async () => ({ ok: true }))],
      jobs: [
        {
          name: 'sample.run',
          description: { 'zh-CN': '示例', 'en-US': 'Sample' },
          args: {} as never,
          run: async () => ({ key: 'job.result.heartbeat' }) as never,
        },
      ],
      figures: { sample: async (_deps, scope) => ({ clientId: scope.clientId }) },
      listens: () => void seen.push('listening'),
    };
    const deps = { log: { warn: () => undefined } } as unknown as Deps;
    const app = Fastify();
    await registerAreas(app, deps, [area]);
    expect((await app.inject({ url: '/sample' })).json()).toEqual({ ok: true });
    expect(seen).toEqual(['listening', 'hook /sample']);
    expect(jobHandler('sample.run')?.name).toBe('sample.run');
    expect((await collectFigures(deps, { clientId: 7, projectId: null })).sample).toEqual({ clientId: 7 });
    await app.close();
  });

  it('declare the platform’s jobs and lighting’s home figures', () => {
    const monitor = AREAS.find((area) => area.name === 'monitor');
    expect(monitor?.jobs?.map((job) => job.name).sort()).toEqual([
      'cache.refresh',
      'log.clean',
      'platform.heartbeat',
      'session.purgeExpired',
    ]);
    expect(Object.keys(AREAS.find((area) => area.name === 'lighting')?.figures ?? {})).toEqual(['devices']);
  });
});
