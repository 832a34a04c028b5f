/**
 * Cold start and authenticated /getInfo throughput, each against a baseline measured in the same run:
 *  - cold start: first start on an empty data dir (create, migrate, seed) vs a restart on the same dir;
 *  - /getInfo req/s (session lookup, permission load through the cache, user + roles + posts query)
 *    vs a bare Fastify hello-world, both driven by autocannon with the same connections and duration.
 * Run: npx tsx bench/http-getinfo.ts [--seconds 10] [--connections 50]
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort, removeDir, root, startServer, table, waitFor } from './lib.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

const first = await startServer();
const coldMs = first.readyMs;
await first.stop();
const second = await startServer({}, first.dataDir);
const warmMs = second.readyMs;

const login = await fetch(`${second.url}/adminlogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'admin123' }),
});
const { token } = (await login.json()) as { token: string };
const info = await load(`${second.url}/getInfo?systemId=100`, { access_token: token });
const check = await (await fetch(`${second.url}/getInfo?systemId=100`, { headers: { access_token: token } })).json();
if ((check as { code: number }).code !== 200) throw new Error('getInfo did not answer 200');
await second.stop();
removeDir(second.dataDir);

const helloPort = await freePort();
const hello = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'bench/hello-world.ts')], {
  env: { ...process.env, PORT: String(helloPort) },
  stdio: 'inherit',
});
await waitFor(`http://127.0.0.1:${helloPort}/hello`);
const base = await load(`http://127.0.0.1:${helloPort}/hello`);
hello.kill('SIGTERM');

console.log(`\n${connections} connections, ${seconds} s each, one server process, PGlite embedded database\n`);
console.log(
  table([
    ['measure', 'value', 'baseline', 'ratio'],
    ['start on an empty data dir (ms)', Math.round(coldMs), Math.round(warmMs), (coldMs / warmMs).toFixed(2)],
    ['GET /getInfo req/s', info.rps, base.rps, (info.rps / base.rps).toFixed(3)],
    ['GET /getInfo p99 latency (ms)', info.p99, base.p99, ''],
  ]),
);
console.log('\nbaselines: a restart on the same data dir; a bare Fastify hello-world in its own process');
