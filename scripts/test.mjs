#!/usr/bin/env node
// Runs every test: unit and integration (PGlite), the server suite again on PostgreSQL when one
// is reachable, then the browser journeys against the built web. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = resolve(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const skipE2e = args.includes('--no-e2e');
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function vitest(label, projects, env = {}) {
  const out = resolve(reports, `${label}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  console.log(`\n── ${label} ──`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (!existsSync(out)) {
    console.error(`${label}: the test runner produced no report (exit ${run.status})`);
    totals.failed++;
    broken = true;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // a file that failed to load counts as a failure even when no test inside it ran
  const brokenSuites = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
  );
  if (brokenSuites.length) {
    totals.failed += brokenSuites.length;
    for (const s of brokenSuites) console.error(`${label}: ${s.name} failed to run: ${s.message?.slice(0, 500)}`);
  }
  if (run.status !== 0 && report.numFailedTests === 0 && !brokenSuites.length) broken = true;
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

if (!e2eOnly) {
  vitest('unit-and-integration', ['contracts', 'server', 'web']);
  if (await reachable(pgUrl)) vitest('server-on-postgresql', ['server'], { TEST_DATABASE_URL: pgUrl });
  else console.log(`\nPostgreSQL at ${new URL(pgUrl).host} is not reachable: the PostgreSQL pass is skipped.`);
}

if (!skipE2e) {
  console.log('\n── building the web for the browser journeys ──');
  const build = spawnSync('npm', ['run', 'build', '-w', '@luxgrid/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('the web build failed');
    totals.failed++;
  } else {
    vitest('browser-journeys', ['e2e']);
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
