import { buildApp } from './app.ts';
import { bootstrap, shutdown } from './platform/bootstrap.ts';
import { loadConfig } from './platform/config.ts';
import { jobScheduler } from './platform/jobs/scheduler.ts';

const started = performance.now();
const config = loadConfig();
const deps = await bootstrap(config);
const app = await buildApp(deps, { logger: true });
deps.log = app.log;

const purge = setInterval(() => void deps.sessions.purgeExpired().catch(() => undefined), 10 * 60_000);
purge.unref();

let closing = false;
async function stop(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // devices first: nothing new is taken while what was taken is written and acknowledged
  await deps.mqtt?.stopIntake().catch(() => undefined);
  clearInterval(purge);
  await jobScheduler(deps).stop();
  await app.close().catch(() => undefined);
  await shutdown(deps);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// `npm start` asks for a token so that its demo-city simulator can register devices (scripts/start.mjs)
if (process.env.DEMO_CITY_TOKEN_FILE) {
  const { writeDemoCityToken } = await import('./modules/lighting/gateway/demo-city.ts');
  await writeDemoCityToken(deps, process.env.DEMO_CITY_TOKEN_FILE).catch((err: unknown) =>
    app.log.warn({ err }, 'demo city token not written'),
  );
}
jobScheduler(deps).start();
const url = `http://localhost:${config.port}`;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const lines = [
  '',
  `  Luxgrid is ready in ${seconds} s: ${url}`,
  `  database ${deps.database.kind}${config.databaseUrl ? '' : ` (${config.dataDir})`} · cache ${deps.cache.kind} · MQTT ${deps.mqtt?.mode} ${deps.mqtt?.url}`,
  `  API docs ${url}/doc.html`,
  '  Sign in as admin / admin123 (platform administrator)',
  ...(config.demo
    ? ['           demo_admin / admin123 (customer administrator), demo_operator / admin123 (operator)']
    : []),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
