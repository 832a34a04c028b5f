import { dictTypeAddBody, dictTypeEditBody } from '@luxgrid/contracts';
import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { localized } from '../../../platform/i18n.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { containing, idParam, idsParam, optionalFilter, parseIds, parseInput, statusFilter } from '../scope.ts';
import { formatDate } from '../user/user-info.ts';
import { clearDictCache, dictLabels } from './dict.service.ts';
import { sysDictData, sysDictType } from './dict.table.ts';

const listQuery = pageQuery.extend({
  dictName: optionalFilter(100),
  dictType: optionalFilter(100),
  status: statusFilter(),
});

const SORTABLE = {
  dictId: sysDictType.dictId,
  dictName: sysDictType.dictName,
  dictType: sysDictType.dictType,
  createTime: sysDictType.createTime,
};

type TypeRow = typeof sysDictType.$inferSelect;

/** Dictionary types: the enumerations screens pick from; their entries live in sys_dict_data. */
export function dictTypeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const view = (row: TypeRow, lang: 'zh-CN' | 'en-US') => ({
    ...row,
    title: localized(lang, row.dictName, row.dictNameEn),
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  });
  const filters = (q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      q.dictName
        ? or(ilike(sysDictType.dictName, containing(q.dictName)), ilike(sysDictType.dictNameEn, containing(q.dictName)))
        : undefined,
      q.dictType ? ilike(sysDictType.dictType, containing(q.dictType)) : undefined,
      q.status ? eq(sysDictType.status, q.status) : undefined,
      begin ? gte(sysDictType.createTime, begin) : undefined,
      end ? lte(sysDictType.createTime, end) : undefined,
    );
  };
  const ensureUnique = async (dictType: string, dictName: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: sysDictType.dictId })
      .from(sysDictType)
      .where(and(eq(sysDictType.dictType, dictType), selfId ? ne(sysDictType.dictId, selfId) : undefined));
    if (clash) throw fail('system.dict.typeExists', { dictName });
  };

  return async (app) => {
    const tags = ['system/dict'];
    app.get(
      '/system/dict/type/list',
      { config: { perm: 'system:dict:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysDictType)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [asc(sysDictType.dictId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysDictType, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => view(r, req.lang)),
          total,
        );
      },
    );

    app.get(
      '/system/dict/type/optionselect',
      { config: { perm: 'system:dict:list' }, schema: { tags, summary: 'Every dictionary type, for selects' } },
      async (req) => {
        const rows = await db.select().from(sysDictType).orderBy(asc(sysDictType.dictType));
        return ok(
          req.lang,
          rows.map((r) => view(r, req.lang)),
        );
      },
    );

    app.delete(
      '/system/dict/type/refreshCache',
      {
        config: { perm: 'system:dict:remove', operLog: { title: 'dictionary types', businessType: 9 } },
        schema: { tags },
      },
      async (req) => {
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );

    app.get(
      '/system/dict/type/:dictId',
      {
        // the dictionary-data page (system:dict:list) reads its type through this call too
        config: { perm: { any: ['system:dict:query', 'system:dict:list'] } },
        schema: { tags, params: idParam('dictId') },
      },
      async (req) => {
        const [row] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, req.params.dictId));
        if (!row) throw notFound();
        return ok(req.lang, view(row, req.lang));
      },
    );

    app.post(
      '/system/dict/type',
      {
        config: { perm: 'system:dict:add', operLog: { title: 'dictionary types', businessType: 1 } },
        schema: { tags, body: dictTypeAddBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        await ensureUnique(req.body.dictType, req.body.dictName);
        const [row] = await db
          .insert(sysDictType)
          .values({
            dictName: req.body.dictName,
            dictNameEn: req.body.dictNameEn ?? '',
            dictType: req.body.dictType,
            status: req.body.status ?? '0',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ id: sysDictType.dictId });
        return ok(req.lang, { dictId: row!.id });
      },
    );

    app.put(
      '/system/dict/type',
      {
        config: { perm: 'system:dict:edit', operLog: { title: 'dictionary types', businessType: 2 } },
        schema: { tags, body: dictTypeEditBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const body = req.body;
        const [target] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, body.dictId));
        if (!target) throw notFound();
        await ensureUnique(body.dictType, body.dictName, body.dictId);
        await db.transaction(async (tx) => {
          await tx
            .update(sysDictType)
            .set({
              dictName: body.dictName,
              dictNameEn: body.dictNameEn ?? '',
              dictType: body.dictType,
              status: body.status ?? target.status,
              remark: body.remark ?? '',
              updateBy: ctx.principal.userName,
              updateTime: new Date(deps.clock.now()),
            })
            .where(eq(sysDictType.dictId, body.dictId));
          // a renamed type takes its entries along
          if (body.dictType !== target.dictType)
            await tx
              .update(sysDictData)
              .set({ dictType: body.dictType })
              .where(eq(sysDictData.dictType, target.dictType));
        });
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/dict/type/:dictIds',
      {
        config: { perm: 'system:dict:remove', operLog: { title: 'dictionary types', businessType: 3 } },
        schema: { tags, params: idsParam('dictIds') },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const ids = parseIds(req.params.dictIds);
        const rows = await db.select().from(sysDictType).where(inArray(sysDictType.dictId, ids));
        if (rows.length !== ids.length) throw notFound();
        const [used] = await db
          .select({ dictType: sysDictData.dictType })
          .from(sysDictData)
          .where(
            inArray(
              sysDictData.dictType,
              rows.map((r) => r.dictType),
            ),
          )
          .limit(1);
        if (used)
          throw fail('system.dict.typeAssigned', {
            dictName: rows.find((r) => r.dictType === used.dictType)!.dictName,
          });
        await db.delete(sysDictType).where(inArray(sysDictType.dictId, ids));
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );

    app.post(
      '/system/dict/type/export',
      {
        config: { perm: 'system:dict:export', operLog: { title: 'dictionary types', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const rows = await db
          .select()
          .from(sysDictType)
          .where(filters(q))
          .orderBy(asc(sysDictType.dictId))
          .limit(100_000);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_normal_disable');
        return sendWorkbook(
          reply,
          en ? 'dictionary types' : '字典类型',
          [
            { header: en ? 'Id' : '字典主键', key: 'dictId', width: 10 },
            { header: en ? 'Name' : '字典名称', key: 'dictName', width: 24 },
            { header: en ? 'English name' : '英文名称', key: 'dictNameEn', width: 24 },
            { header: en ? 'Type' : '字典类型', key: 'dictType', width: 28 },
            { header: en ? 'Status' : '状态', key: 'status', width: 10 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...view(r, req.lang),
            status: status(r.status),
          })),
        );
      },
    );
  };
}
