import { configRow, optionalText, rule, text } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import {
  CONFIG_MASK,
  CONFIG_ORDER,
  CONFIG_SORTABLE,
  deleteConfigs,
  exportConfigs,
  findConfig,
  insertConfig,
  listConfigs,
  SECRET_CONFIG_KEYS,
  updateConfig,
} from './config.repository.ts';
import { clearConfigCache, getConfigValue } from './config.service.ts';

const configBody = z.object({
  configId: z.coerce.number().int().positive().optional(),
  configName: text(1, 100),
  configNameEn: optionalText(100),
  configKey: text(1, 100),
  configValue: text(1, 500),
  configType: z.enum(['Y', 'N'], { error: rule('valid.enum') }).default('N'),
  remark: optionalText(500),
});

const listQuery = pageQuery.extend({
  configName: z.string().max(100).optional(),
  configKey: z.string().max(100).optional(),
  configType: z.enum(['Y', 'N', '']).optional(),
});

/**
 * The parameters anybody may read by key, signed in or not: what the sign-in page and the main
 * frame need (captcha and registration switches, password character set, skin, theme, the
 * system entered after sign-in). Every other parameter is the platform's own.
 */
export function isPublicConfigKey(key: string): boolean {
  return key.startsWith('sys.account.') || key.startsWith('sys.index.');
}

const BY_KEY_ROUTE = '/system/config/configKey/:configKey';

/**
 * Parameters (sys_config): platform-wide settings, the platform's own. Platform users list,
 * read, change and export them; customer users only read the public keys by key.
 */
export function configRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  return async (app) => {
    const tags = ['system/config'];
    // runs after the global sign-in and permission check: a customer role given the permission is still refused
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === BY_KEY_ROUTE) return;
      if (request.ctx && !request.ctx.platform) throw forbidden('system.platformOnly');
    });
    resourceRoutes(app, deps, {
      base: '/system/config',
      perm: 'system:config',
      tags,
      title: 'parameters',
      idName: 'configId',
      idsName: 'configIds',
      row: configRow,
      list: {
        query: listQuery,
        sortable: CONFIG_SORTABLE,
        order: CONFIG_ORDER,
        rows: (scope, q, page) => listConfigs(db, scope, q, page),
      },
      get: (scope, id) => findConfig(db, scope, id),
      add: {
        body: configBody,
        run: async (scope, { configId: _ignored, ...values }) => {
          await insertConfig(db, scope, now(), values);
          await clearConfigCache(deps);
        },
      },
      edit: {
        body: configBody,
        run: async (scope, { configId, ...values }) => {
          if (!configId) throw fail('valid.required', { field: 'configId' });
          await updateConfig(db, scope, now(), configId, values);
          await clearConfigCache(deps);
        },
      },
      remove: async (scope, ids) => {
        await deleteConfigs(db, scope, ids);
        await clearConfigCache(deps);
      },
      export: {
        sheet: ['参数设置', 'parameters'],
        columns: [
          ['configId', '参数主键', 'Id', 10],
          ['configName', '参数名称', 'Name', 30],
          ['configKey', '参数键名', 'Key', 36],
          ['configValue', '参数键值', 'Value', 30],
          ['configType', '系统内置', 'Built-in', 10, { fixed: { Y: ['是', 'Yes'], N: ['否', 'No'] } }],
          ['remark', '备注', 'Remark', 30],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: (scope, q) => exportConfigs(db, scope, q),
      },
    });

    app.get(
      BY_KEY_ROUTE,
      { config: { public: true }, schema: { tags, params: z.object({ configKey: z.string().max(100) }) } },
      async (req) => {
        const key = req.params.configKey;
        const platformUser = req.ctx?.platform === true;
        if (!platformUser && !isPublicConfigKey(key)) {
          // without a session only the public keys exist; to a customer user a private parameter
          // reads as an absent one (RuoYi screens prefill from such reads and expect an answer)
          if (!req.ctx) throw notFound();
          return { code: 200, msg: '', data: '' };
        }
        const stored = (await getConfigValue(deps, key)) ?? '';
        const value = SECRET_CONFIG_KEYS.has(key) && stored ? CONFIG_MASK : stored;
        return { code: 200, msg: value, data: value };
      },
    );

    app.delete(
      '/system/config/refreshCache',
      { config: { perm: 'system:config:remove', operLog: { title: 'parameters', businessType: 9 } }, schema: { tags } },
      async (req) => {
        await clearConfigCache(deps);
        return ok(req.lang);
      },
    );
  };
}
