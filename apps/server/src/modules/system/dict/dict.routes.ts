import { optionalText, rule, sortNumber, text } from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { containing, parseInput } from '../scope.ts';
import { clearDictCache, dictByType, dictLabels, dictView } from './dict.service.ts';
import { sysDictData, sysDictType } from './dict.table.ts';

const dictType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,99}$/, { error: rule('valid.type') });

const dataBody = z.object({
  dictCode: z.coerce.number().int().positive().optional(),
  dictSort: sortNumber().default(0),
  dictLabel: text(1, 100),
  dictLabelEn: optionalText(100),
  dictValue: text(1, 100),
  dictType: dictType,
  cssClass: optionalText(100),
  listClass: optionalText(100),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: z.enum(['0', '1']).default('0'),
  remark: optionalText(500),
});

/** Dictionary entries: every enumeration of the product, labelled in zh-CN and en-US. */
export function dictRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    const tags = ['system/dict'];
    // lookups by type serve every screen's selects and tags: any signed-in user may read them
    for (const url of [
      '/system/dict/data/type/:dictType',
      '/system/dict/data/dict/:dictType',
      '/system/dict/data/enum/:dictType',
    ]) {
      app.get(url, { schema: { tags, params: z.object({ dictType }) } }, async (req) => {
        const rows = await dictByType(deps, req.params.dictType);
        return ok(
          req.lang,
          rows.map((r) => dictView(r, req.lang)),
        );
      });
    }

    const listQuery = pageQuery.extend({
      dictType: z.string().max(100).optional(),
      dictLabel: z.string().max(100).optional(),
      status: z.enum(['0', '1', '']).optional(),
    });
    const SORTABLE = {
      dictCode: sysDictData.dictCode,
      dictSort: sysDictData.dictSort,
      dictValue: sysDictData.dictValue,
      dictLabel: sysDictData.dictLabel,
      createTime: sysDictData.createTime,
    };
    const filters = (q: z.infer<typeof listQuery>): SQL | undefined =>
      and(
        q.dictType ? eq(sysDictData.dictType, q.dictType) : undefined,
        q.dictLabel
          ? or(
              ilike(sysDictData.dictLabel, containing(q.dictLabel)),
              ilike(sysDictData.dictLabelEn, containing(q.dictLabel)),
            )
          : undefined,
        q.status ? eq(sysDictData.status, q.status) : undefined,
      );
    app.get(
      '/system/dict/data/list',
      { config: { perm: 'system:dict:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const q = req.query;
        const where = filters(q);
        const { limit, offset } = pageOf(q);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysDictData)
            .where(where)
            .orderBy(
              ...orderOf(q, SORTABLE, [
                asc(sysDictData.dictType),
                asc(sysDictData.dictSort),
                asc(sysDictData.dictCode),
              ]),
            )
            .limit(limit)
            .offset(offset),
          db.$count(sysDictData, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => dictView(r, req.lang)),
          total,
        );
      },
    );

    app.post(
      '/system/dict/data/export',
      {
        config: { perm: 'system:dict:export', operLog: { title: 'dictionary data', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const rows = await db
          .select()
          .from(sysDictData)
          .where(filters(q))
          .orderBy(asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode))
          .limit(100_000);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_normal_disable');
        return sendWorkbook(
          reply,
          en ? 'dictionary data' : '字典数据',
          [
            { header: en ? 'Code' : '字典编码', key: 'dictCode', width: 10 },
            { header: en ? 'Order' : '字典排序', key: 'dictSort', width: 10 },
            { header: en ? 'Label' : '字典标签', key: 'dictLabelZh', width: 20 },
            { header: en ? 'English label' : '英文标签', key: 'dictLabelEn', width: 20 },
            { header: en ? 'Value' : '字典键值', key: 'dictValue', width: 16 },
            { header: en ? 'Type' : '字典类型', key: 'dictType', width: 28 },
            { header: en ? 'Default' : '是否默认', key: 'isDefault', width: 10 },
            { header: en ? 'Status' : '状态', key: 'status', width: 10 },
          ],
          rows.map((r) => ({
            ...dictView(r, req.lang),
            status: status(r.status),
          })),
        );
      },
    );

    app.get(
      '/system/dict/data/:dictCode',
      {
        config: { perm: 'system:dict:query' },
        schema: { tags, params: z.object({ dictCode: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const [row] = await db.select().from(sysDictData).where(eq(sysDictData.dictCode, req.params.dictCode));
        if (!row) throw notFound();
        return ok(req.lang, dictView(row, req.lang));
      },
    );

    const ensureTypeExists = async (type: string) => {
      const [found] = await db
        .select({ id: sysDictType.dictId })
        .from(sysDictType)
        .where(eq(sysDictType.dictType, type));
      if (!found) throw fail('system.dict.typeMissing', { dictType: type });
    };
    const ensureUnique = async (type: string, value: string, label: string, selfId?: number) => {
      const [clash] = await db
        .select({ id: sysDictData.dictCode })
        .from(sysDictData)
        .where(
          and(
            eq(sysDictData.dictType, type),
            eq(sysDictData.dictValue, value),
            selfId ? ne(sysDictData.dictCode, selfId) : undefined,
          ),
        );
      if (clash) throw fail('system.dict.valueExists', { dictLabel: label, dictValue: value });
    };

    app.post(
      '/system/dict/data',
      {
        config: { perm: 'system:dict:add', operLog: { title: 'dictionary data', businessType: 1 } },
        schema: { tags, body: dataBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const { dictCode: _ignored, ...values } = req.body;
        await ensureTypeExists(values.dictType);
        await ensureUnique(values.dictType, values.dictValue, values.dictLabel);
        await db.insert(sysDictData).values({
          ...values,
          dictLabelEn: values.dictLabelEn ?? '',
          cssClass: values.cssClass ?? '',
          listClass: values.listClass ?? '',
          remark: values.remark ?? '',
          createBy: ctx.principal.userName,
          createTime: new Date(deps.clock.now()),
        });
        await clearDictCache(deps, values.dictType);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/dict/data',
      {
        config: { perm: 'system:dict:edit', operLog: { title: 'dictionary data', businessType: 2 } },
        schema: { tags, body: dataBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const { dictCode, ...values } = req.body;
        if (!dictCode) throw fail('valid.required', { field: 'dictCode' });
        await ensureTypeExists(values.dictType);
        await ensureUnique(values.dictType, values.dictValue, values.dictLabel, dictCode);
        const updated = await db
          .update(sysDictData)
          .set({
            ...values,
            dictLabelEn: values.dictLabelEn ?? '',
            cssClass: values.cssClass ?? '',
            listClass: values.listClass ?? '',
            remark: values.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysDictData.dictCode, dictCode))
          .returning({ id: sysDictData.dictCode });
        if (!updated.length) throw notFound();
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/dict/data/:dictCodes',
      {
        config: { perm: 'system:dict:remove', operLog: { title: 'dictionary data', businessType: 3 } },
        schema: { tags, params: z.object({ dictCodes: z.string().regex(/^\d{1,15}(,\d{1,15})*$/) }) },
      },
      async (req) => {
        requirePlatform(req.auth());
        const ids = req.params.dictCodes.split(',').map(Number);
        const removed = await db
          .delete(sysDictData)
          .where(inArray(sysDictData.dictCode, ids))
          .returning({ id: sysDictData.dictCode });
        if (!removed.length) throw notFound();
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );
  };
}
