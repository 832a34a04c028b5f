import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CODE, message, TOPIC_ROOT } from '@luxgrid/contracts';
import { deviceProtocolAsyncApi } from '@luxgrid/contracts/asyncapi';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { alarmArea } from './modules/alarm/index.ts';
import { authArea } from './modules/auth/index.ts';
import { commonArea } from './modules/common/index.ts';
import { dashboardArea } from './modules/dashboard/index.ts';
import { gisArea } from './modules/gis/index.ts';
import { lightingArea } from './modules/lighting/index.ts';
import { lorawanArea } from './modules/lorawan/index.ts';
import { manholeArea } from './modules/manhole/index.ts';
import { mobileArea } from './modules/mobile/index.ts';
import { monitorArea } from './modules/monitor/index.ts';
import { operationsArea } from './modules/operations/index.ts';
import { opsArea } from './modules/ops/index.ts';
import { dictLabels } from './modules/system/dict/dict.service.ts';
import { systemArea } from './modules/system/index.ts';
import { operLogWriter } from './modules/system/log/oper-log-writer.ts';
import { principalReader } from './modules/system/user/principal-reader.ts';
import { tenantArea } from './modules/tenant/index.ts';
import { toolArea } from './modules/tool/index.ts';
import { warehouseArea } from './modules/warehouse/index.ts';
import { type Area, registerAreas } from './platform/area.ts';
import type { Deps } from './platform/context.ts';
import { registerMqttHooks } from './platform/devices/broker-credentials/http-auth.ts';
import { registerHttpPlatform } from './platform/http.ts';
import { registerOperLog } from './platform/oper-log.ts';
import { registerWebSocket } from './platform/ws.ts';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The areas of the product, each a folder under modules/ that declares what it adds (see platform/area.ts). */
export const AREAS: readonly Area[] = [
  authArea,
  commonArea,
  systemArea,
  tenantArea,
  monitorArea,
  toolArea,
  lightingArea,
  manholeArea,
  alarmArea,
  lorawanArea,
  warehouseArea,
  mobileArea,
  gisArea,
  opsArea,
  dashboardArea,
  operationsArea,
];

/** Builds the HTTP application: platform plugins first, then every area, explicitly. */
export async function buildApp(deps: Deps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: deps.config.logLevel } : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // what the platform reads from the areas that own it
  deps.principals = principalReader(deps.database.db);
  deps.dictionaries = (lang, dictType) => dictLabels(deps, lang, dictType);
  registerHttpPlatform(app, deps);
  registerOperLog(app, deps, operLogWriter(deps.database.db));
  // RuoYi-style clients post exports and some forms as application/x-www-form-urlencoded
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Luxgrid API', version: '1', description: 'Smart street-lighting operations platform' },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ accessToken: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/v3/api-docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  // the device protocol (MQTT topics and messages), generated from the same contracts
  app.get('/asyncapi.json', { config: { public: true }, schema: { hide: true } }, async () => deviceProtocolAsyncApi());
  await app.register(async (open) => {
    // the documentation pages are open; the API they describe still checks every call
    open.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await open.register(fastifySwaggerUi, { routePrefix: '/swagger-ui', uiConfig: { url: '/v3/api-docs' } });
  });
  // RuoYi's own addresses of the page (knife4j and springdoc) lead to the same documentation
  for (const url of ['/doc.html', '/swagger-ui/index.html'])
    app.get(url, { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply.redirect('/swagger-ui/'),
    );

  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['platform'], summary: 'Liveness and dependencies' } },
    async () => {
      const [db, cache] = await Promise.all([deps.database.ping(), deps.cache.ping()]);
      const mqtt = deps.mqtt?.health() ?? { connected: false, mode: 'off', url: '' };
      return {
        status: db && cache ? 'ok' : 'degraded',
        db: { ok: db, kind: deps.database.kind },
        cache: { ok: cache, kind: deps.cache.kind },
        mqtt,
        gateway: deps.deviceHub?.health() ?? null,
        credentials: deps.brokerCredentials.health(),
      };
    },
  );

  if (deps.config.mqttCredentials === 'http') registerMqttHooks(app, deps, process.env.MQTT_TOPIC_ROOT || TOPIC_ROOT);
  await registerWebSocket(app, deps);
  await registerAreas(app, deps, AREAS);

  await registerWeb(app, deps);
  return app;
}

/** Serves the built web from the same origin; unknown GETs for pages fall back to index.html. */
async function registerWeb(app: FastifyInstance, deps: Deps) {
  const indexFile = resolve(deps.config.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(async (open) => {
      open.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true };
      });
      // hashed bundles are looked up on each request (a rebuild needs no restart); the few root files
      // (logo, icons) are routed at start; every other page path falls through to index.html below
      await open.register(fastifyStatic, {
        root: resolve(deps.config.webDist, 'assets'),
        prefix: '/assets/',
        index: false,
        wildcard: true,
        immutable: true,
        maxAge: '365d',
      });
      for (const entry of readdirSync(deps.config.webDist, { withFileTypes: true })) {
        if (!entry.isFile() || entry.name === 'index.html') continue;
        open.get(`/${entry.name}`, { schema: { hide: true } }, (_req, reply) =>
          reply.sendFile(entry.name, deps.config.webDist),
        );
      }
    });
  }
  /** Sends index.html; false when it cannot be read. (A reply is thenable: never return it from here.) */
  const page = async (reply: FastifyReply): Promise<boolean> => {
    const html = await readFile(indexFile, 'utf8').catch(() => null);
    if (html === null) return false;
    reply.status(200).type('text/html').header('cache-control', 'no-cache').send(html);
    return true;
  };

  // the home page itself (a directory for the static files, which would refuse it)
  if (hasWeb)
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
      if (!(await page(reply))) reply.status(404).send();
      return reply;
    });
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage && (await page(reply))) return reply;
    reply.status(404);
    return { code: CODE.NOT_FOUND, msg: message('http.404', request.lang ?? 'zh-CN') };
  });
}
