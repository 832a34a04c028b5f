import type { Lang, MessageKey } from '@luxgrid/contracts';
import { message } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { platformOnly } from '../platform-only.ts';

/** The cache namespaces our code writes; nothing outside them is listed, read or cleared here. */
export const CACHE_NAMESPACES: { name: string; key: MessageKey; masked: boolean; inClearAll: boolean }[] = [
  { name: 'captcha:', key: 'cache.ns.captcha', masked: true, inClearAll: true },
  // clearing every cache must not sign everybody out: sessions go only when cleared by name
  { name: 'session:', key: 'cache.ns.session', masked: true, inClearAll: false },
  { name: 'authz:', key: 'cache.ns.authz', masked: false, inClearAll: true },
  { name: 'config:', key: 'cache.ns.config', masked: false, inClearAll: true },
  { name: 'dict:', key: 'cache.ns.dict', masked: false, inClearAll: true },
  { name: 'pwd_err:', key: 'cache.ns.pwdErr', masked: false, inClearAll: true },
];

const KEY_LIMIT = 1000;

function namespaceOf(name: string) {
  const normalised = name.endsWith(':') ? name : `${name}:`;
  return CACHE_NAMESPACES.find((ns) => ns.name === normalised);
}

/** Session values carry the token id and where the user signs in from; captcha values are answers. */
function maskValue(ns: (typeof CACHE_NAMESPACES)[number], value: string): string {
  if (!ns.masked) return value;
  if (ns.name === 'captcha:') return '******';
  try {
    const session = JSON.parse(value) as Record<string, unknown>;
    for (const key of ['tokenId', 'ipaddr']) if (typeof session[key] === 'string') session[key] = mask(session[key]);
    return JSON.stringify(session);
  } catch {
    return '******';
  }
}

const mask = (s: string) => (s.length <= 4 ? '****' : `${s.slice(0, 4)}****${s.slice(-2)}`);

function label(lang: Lang, ns: (typeof CACHE_NAMESPACES)[number]) {
  return { cacheName: ns.name, cacheKey: '', cacheValue: '', remark: message(ns.key, lang) };
}

/** Cache monitor (RuoYi /monitor/cache): statistics, namespaces, keys, values, clearing. */
export function cacheRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { cache } = deps;
  const count = async (prefix: string) => (await cache.keys(prefix, 100_000)).length;

  return async (app) => {
    platformOnly(app);
    const tags = ['monitor/cache'];
    const perm = 'monitor:cache:list';

    app.get('/monitor/cache', { config: { perm }, schema: { tags, summary: 'Cache statistics' } }, async (req) => {
      const info = await cache.info();
      const namespaces = await Promise.all(
        CACHE_NAMESPACES.map(async (ns) => ({ ...label(req.lang, ns), keys: await count(ns.name) })),
      );
      const hits = Number(info.hits ?? info.keyspace_hits ?? 0);
      const misses = Number(info.misses ?? info.keyspace_misses ?? 0);
      return ok(req.lang, {
        kind: cache.kind,
        info,
        dbSize: Number(info.keys ?? 0),
        hits,
        misses,
        hitRate: hits + misses ? Math.round((hits / (hits + misses)) * 1000) / 10 : null,
        namespaces,
      });
    });

    app.get('/monitor/cache/getNames', { config: { perm }, schema: { tags } }, async (req) =>
      ok(
        req.lang,
        CACHE_NAMESPACES.map((ns) => label(req.lang, ns)),
      ),
    );

    app.get(
      '/monitor/cache/getKeys/:cacheName',
      { config: { perm }, schema: { tags, params: z.object({ cacheName: z.string().max(64) }) } },
      async (req) => {
        const ns = namespaceOf(req.params.cacheName);
        if (!ns) throw fail('cache.unknownName', { name: req.params.cacheName });
        const keys = (await cache.keys(ns.name, KEY_LIMIT)).sort();
        return ok(req.lang, keys);
      },
    );

    app.get(
      '/monitor/cache/getValue/:cacheName/:cacheKey',
      {
        config: { perm },
        schema: { tags, params: z.object({ cacheName: z.string().max(64), cacheKey: z.string().max(300) }) },
      },
      async (req) => {
        const ns = namespaceOf(req.params.cacheName);
        if (!ns) throw fail('cache.unknownName', { name: req.params.cacheName });
        // RuoYi sends the full key; a key without its namespace is read inside it
        const key = req.params.cacheKey.startsWith(ns.name) ? req.params.cacheKey : ns.name + req.params.cacheKey;
        const value = await cache.get(key);
        if (value === null) throw notFound();
        return ok(req.lang, {
          cacheName: ns.name,
          cacheKey: key,
          cacheValue: maskValue(ns, value),
          ttl: await cache.ttl(key),
          remark: message(ns.key, req.lang),
        });
      },
    );

    app.delete(
      '/monitor/cache/clearCacheName/:cacheName',
      {
        config: { perm, operLog: { title: 'cache monitor', businessType: 9 } },
        schema: { tags, params: z.object({ cacheName: z.string().max(64) }) },
      },
      async (req) => {
        const ns = namespaceOf(req.params.cacheName);
        if (!ns) throw fail('cache.unknownName', { name: req.params.cacheName });
        const removed = await cache.delPrefix(ns.name);
        return { ...ok(req.lang, { removed }), msg: message('cache.cleared', req.lang, { count: removed }) };
      },
    );

    app.delete(
      '/monitor/cache/clearCacheKey/:cacheKey',
      {
        config: { perm, operLog: { title: 'cache monitor', businessType: 9 } },
        schema: { tags, params: z.object({ cacheKey: z.string().max(300) }) },
      },
      async (req) => {
        const key = req.params.cacheKey;
        if (!CACHE_NAMESPACES.some((ns) => key.startsWith(ns.name) && key.length > ns.name.length))
          throw fail('cache.unknownName', { name: key });
        const existed = (await cache.get(key)) !== null;
        await cache.del(key);
        return {
          ...ok(req.lang, { removed: existed ? 1 : 0 }),
          msg: message('cache.cleared', req.lang, { count: existed ? 1 : 0 }),
        };
      },
    );

    app.delete(
      '/monitor/cache/clearCacheAll',
      { config: { perm, operLog: { title: 'cache monitor', businessType: 9 } }, schema: { tags } },
      async (req) => {
        let removed = 0;
        for (const ns of CACHE_NAMESPACES.filter((n) => n.inClearAll)) removed += await cache.delPrefix(ns.name);
        return { ...ok(req.lang, { removed }), msg: message('cache.cleared', req.lang, { count: removed }) };
      },
    );
  };
}
