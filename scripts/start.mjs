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

/** Files and bytes under a directory. */
function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = sizeOf(full);
      files += inner.files;
      bytes += inner.bytes;
    } else {
      files += 1;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

const stale = !existsSync(builtIndex) || newestMtime(resolve(web, 'src')) > statSync(builtIndex).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web interface (first start only)…');
  const started = Date.now();
  // vite's warnings and errors only; the bundle list is summed up in one line below
  const build = spawnSync('npm', ['run', 'build', '-w', '@luxgrid/web', '--silent', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const { files, bytes } = sizeOf(resolve(web, 'dist'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Web interface built in ${seconds} s: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in apps/web/dist`,
  );
}

// the demo city (about 200 lamps reporting over MQTT) unless DEMO_CITY=false or the demo data is off
const demoCity =
  !/^(0|false|no|off)$/i.test(process.env.DEMO_CITY ?? '') && !/^(0|false|no|off)$/i.test(process.env.DEMO ?? '');
const dataDir = resolve(process.env.DATA_DIR || resolve(root, 'data'));
const tokenFile = resolve(dataDir, 'demo-city.token');
const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...(demoCity ? { DEMO_CITY_TOKEN_FILE: tokenFile } : {}) },
});
let simulator = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    simulator?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  simulator?.kill('SIGTERM');
  process.exit(code ?? 0);
});

if (demoCity) {
  const port = process.env.PORT || '8080';
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  const healthy = async () => {
    try {
      const res = await fetch(`${url}/health`);
      return res.ok && existsSync(tokenFile);
    } catch {
      return false;
    }
  };
  while (Date.now() < deadline && !(await healthy())) await new Promise((r) => setTimeout(r, 1000));
  if (await healthy()) {
    simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(root, 'apps/simulator/src/main.ts'),
        '--url',
        url,
        '--token-file',
        tokenFile,
        '--lamps',
        process.env.DEMO_CITY_LAMPS || '200',
        '--quiet',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    simulator.on('exit', (code) => {
      if (code) console.warn(`demo city simulator stopped (exit ${code}); the server keeps running`);
      simulator = null;
    });
  }
}
