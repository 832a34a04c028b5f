import { type Lang, optionalText, rule, text } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { localized } from '../../../platform/i18n.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { formatDate } from '../user/user-info.ts';
import { clearConfigCache, getConfigValue } from './config.service.ts';
import { sysConfig } from './config.table.ts';

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

const SORTABLE = {
  configId: sysConfig.configId,
  configKey: sysConfig.configKey,
  configName: sysConfig.configName,
  createTime: sysConfig.createTime,
};

const view = (row: typeof sysConfig.$inferSelect, lang: Lang) => ({
  ...row,
  // the list shows the name in the reader's language; the form edits both
  configName: localized(lang, row.configName, row.configNameEn),
  configNameZh: row.configName,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
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
  const filters = (q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      q.configName ? ilike(sysConfig.configName, `%${q.configName}%`) : undefined,
      q.configKey ? ilike(sysConfig.configKey, `%${q.configKey}%`) : undefined,
      q.configType ? eq(sysConfig.configType, q.configType) : undefined,
      begin ? gte(sysConfig.createTime, begin) : undefined,
      end ? lte(sysConfig.createTime, end) : undefined,
    );
  };
  const ensureUniqueKey = async (key: string, name: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: sysConfig.configId })
      .from(sysConfig)
      .where(and(eq(sysConfig.configKey, key), selfId ? ne(sysConfig.configId, selfId) : undefined));
    if (clash) throw fail('config.keyExists', { name });
  };

  return async (app) => {
    const tags = ['system/config'];
    // runs after the global sign-in and permission check: a customer role given the permission is still refused
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === BY_KEY_ROUTE) return;
      if (request.ctx && !request.ctx.platform) throw forbidden('system.platformOnly');
    });
    app.get(
      '/system/config/list',
      { config: { perm: 'system:config:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysConfig)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysConfig.configId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysConfig, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => view(r, req.lang)),
          total,
        );
      },
    );

    app.post(
      '/system/config/export',
      {
        config: { perm: 'system:config:export', operLog: { title: 'parameters', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await db.select().from(sysConfig).where(filters(q)).orderBy(sysConfig.configId).limit(100_000);
        const en = req.lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'parameters' : '参数设置',
          [
            { header: en ? 'Id' : '参数主键', key: 'configId', width: 10 },
            { header: en ? 'Name' : '参数名称', key: 'configName', width: 30 },
            { header: en ? 'Key' : '参数键名', key: 'configKey', width: 36 },
            { header: en ? 'Value' : '参数键值', key: 'configValue', width: 30 },
            { header: en ? 'Built-in' : '系统内置', key: 'configType', width: 10 },
            { header: en ? 'Remark' : '备注', key: 'remark', width: 30 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...view(r, req.lang),
            configType: r.configType === 'Y' ? (en ? 'Yes' : '是') : en ? 'No' : '否',
          })),
        );
      },
    );

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
        const value = (await getConfigValue(deps, key)) ?? '';
        return { code: 200, msg: value, data: value };
      },
    );

    app.get(
      '/system/config/:configId',
      {
        config: { perm: 'system:config:query' },
        schema: { tags, params: z.object({ configId: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configId, req.params.configId));
        if (!row) throw notFound();
        return ok(req.lang, { ...view(row, req.lang), configName: row.configName });
      },
    );

    app.post(
      '/system/config',
      {
        config: { perm: 'system:config:add', operLog: { title: 'parameters', businessType: 1 } },
        schema: { tags, body: configBody },
      },
      async (req) => {
        const ctx = req.auth();
        await ensureUniqueKey(req.body.configKey, req.body.configName);
        const { configId: _ignored, ...values } = req.body;
        await db.insert(sysConfig).values({
          ...values,
          configNameEn: values.configNameEn ?? '',
          remark: values.remark ?? '',
          createBy: ctx.principal.userName,
          createTime: new Date(deps.clock.now()),
        });
        await clearConfigCache(deps);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/config',
      {
        config: { perm: 'system:config:edit', operLog: { title: 'parameters', businessType: 2 } },
        schema: { tags, body: configBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { configId, ...values } = req.body;
        if (!configId) throw fail('valid.required', { field: 'configId' });
        await ensureUniqueKey(values.configKey, values.configName, configId);
        const updated = await db
          .update(sysConfig)
          .set({
            ...values,
            remark: values.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysConfig.configId, configId))
          .returning({ id: sysConfig.configId });
        if (!updated.length) throw notFound();
        await clearConfigCache(deps);
        return ok(req.lang);
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

    app.delete(
      '/system/config/:configIds',
      {
        config: { perm: 'system:config:remove', operLog: { title: 'parameters', businessType: 3 } },
        schema: { tags, params: z.object({ configIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/) }) },
      },
      async (req) => {
        const ids = req.params.configIds.split(',').map(Number);
        const rows = await db.select().from(sysConfig).where(inArray(sysConfig.configId, ids));
        const builtIn = rows.find((r) => r.configType === 'Y');
        if (builtIn) throw fail('config.builtinDelete', { key: builtIn.configKey });
        if (rows.length !== ids.length) throw notFound();
        await db.delete(sysConfig).where(inArray(sysConfig.configId, ids));
        await clearConfigCache(deps);
        return ok(req.lang);
      },
    );
  };
}
