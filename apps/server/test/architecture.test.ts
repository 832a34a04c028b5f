import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
const PLATFORM = join(SRC, 'platform');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports, dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g))
    found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\s)import\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
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
});
