import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specifiers, sqlIn } from './source-scan.ts';

const SRC = resolve(import.meta.dirname, '../src');
const PLATFORM = join(SRC, 'platform');
const MODULES = join(SRC, 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The platform carries the areas, never the other way round: nothing under src/platform names a
 * module (an area provides what the platform needs when the app is built, see app.ts).
 */
describe('architecture', () => {
  it('the platform imports no module', () => {
    const files = sources(PLATFORM);
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && resolve(file, '..', spec).startsWith(join(SRC, 'modules')))
        .map((spec) => `${relative(SRC, file)} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds an import of a module when there is one', () => {
    expect(specifiers("import { sysUser } from '../../modules/system/user/user.table.ts';")).toEqual([
      '../../modules/system/user/user.table.ts',
    ]);
    expect(specifiers("const { x } = await import('../modules/a.ts');\nexport * from '../modules/b.ts';")).toEqual([
      '../modules/b.ts',
      '../modules/a.ts',
    ]);
  });

  it('route files run no SQL: the feature repositories do', () => {
    const routes = sources(MODULES).filter((file) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(25);
    const offending = routes
      .map((file) => [relative(SRC, file), sqlIn(readFileSync(file, 'utf8'))] as const)
      .filter(([, found]) => found.length)
      .map(([file, found]) => `${file}: ${[...new Set(found)].join(', ')}`);
    expect(offending).toEqual([]);
  });

  it('finds SQL in a route file when there is some', () => {
    expect(sqlIn("import { eq } from 'drizzle-orm';")).toEqual(['drizzle-orm']);
    expect(sqlIn('const rows = await deps.database.db\n  .select()\n  .from(sysFile);')).toEqual(['select(…)']);
    expect(sqlIn("await db.query<{ uid: string }>('select 1', []);")).toEqual(['query(…)']);
    expect(sqlIn("const q = deps.database;\nawait q.query('select 1', []);")).toEqual(['query(…)']);
    expect(sqlIn('await db.transaction(async (tx) => tx.delete(sysJob));')).toEqual(['transaction(…)', 'delete(…)']);
    expect(sqlIn("app.delete('/system/job/:jobIds', opts, handler); await listJobs(db, scope, req.query.x);")).toEqual(
      [],
    );
  });
});
