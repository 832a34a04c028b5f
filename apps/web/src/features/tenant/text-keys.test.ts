import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tenantTexts } from '../../locales/areas/tenant';
import { enUS } from '../../locales/en-US';

const ROOT = join(__dirname, '..', '..');
const DIRS = ['pages/sysclient', 'pages/index', 'features/tenant'].map((dir) => join(ROOT, dir));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

function lookup(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

/** Every literal text key the tenant screens use exists in both languages (shell keys in the shell's file). */
describe('tenant text keys', () => {
  const keys = new Set<string>();
  for (const file of DIRS.flatMap(files)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)'/g))
      keys.add(match[1]!);
  }

  it('finds the keys', () => {
    expect(keys.size).toBeGreaterThan(100);
  });

  it.each(['zh-CN', 'en-US'] as const)('resolves every key in %s', (lang) => {
    const missing = [...keys].filter(
      (key) => typeof lookup(tenantTexts[lang], key) !== 'string' && typeof lookup(enUS, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
