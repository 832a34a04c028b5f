#!/usr/bin/env node
// `npm start`: builds the web once (when its build is missing or older than its sources), then
// starts the server on the embedded defaults. Every setting comes from the environment (README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const web = resolve(root, 'apps/web');
const builtIndex = resolve(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(builtIndex) || newestMtime(resolve(web, 'src')) > statSync(builtIndex).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web interface (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@luxgrid/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
