import {
  BUILTIN_SYSTEM_ENCODES,
  dataOf,
  type Lang,
  SYSTEM_ID_LIST,
  subsystemCreateBody,
  subsystemRow,
  subsystemUpdateBody,
  systemIdNumber,
  tableOf,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, parseIds, textFilter } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { systemsWithScreens } from '../../system/menu/routers.ts';
import { formatDate } from '../../system/user/user-info.ts';
import {
  deleteSubsystems,
  ensureEncodeFree,
  findGrantedSystem,
  findSubsystem,
  insertSubsystem,
  listSubsystems,
  newSystemId,
  SUBSYSTEM_ORDER,
  SUBSYSTEM_SORTABLE,
  subsystemsByIds,
  systemWithMenus,
  updateSubsystem,
} from './subsystem.repository.ts';
import type { sysSystem } from './subsystem.table.ts';

const listQuery = pageQuery.extend({
  encode: textFilter(40),
  name: textFilter(50),
  status: flagFilter(),
});

type SystemRow = typeof sysSystem.$inferSelect;

const isBuiltin = (encode: string) => (BUILTIN_SYSTEM_ENCODES as readonly string[]).includes(encode);

/**
 * A system is available when it is linked (served elsewhere) or when at least one of its menus
 * opens a screen that is built; the others stay listed and grantable, "not available yet".
 */
function systemView(row: SystemRow, lang: Lang, withScreens: ReadonlySet<number>) {
  return {
    id: row.systemId,
    systemId: row.systemId,
    encode: row.encode,
    name: localized(lang, row.name, row.nameEn),
    nameZh: row.name,
    nameEn: row.nameEn,
    url: row.url,
    icon: row.icon,
    orderNum: row.orderNum,
    status: row.status,
    builtin: isBuiltin(row.encode),
    available: !!row.url || withScreens.has(row.systemId),
    remark: row.remark,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

/**
 * Subsystems and linked systems. The list is also the shell's bootstrap call: without paging
 * parameters it answers every system the caller's customer may enter (all of them for platform
 * users without a customer); administration is for platform users.
 */
export function subsystemRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['sysclient/system'];

    app.get(
      '/sysclient/system/list',
      {
        schema: {
          tags,
          summary: 'Subsystems and linked systems',
          querystring: listQuery,
          response: { 200: answer(tableOf(subsystemRow)) },
        },
      },
      async (req) => {
        const withScreens = await systemsWithScreens(deps);
        const paged = [req.query.pageNum, req.query.pageSize, req.query.current, req.query.size].some(
          (v) => v !== undefined,
        );
        const orderBy = orderOf(req.query, SUBSYSTEM_SORTABLE, SUBSYSTEM_ORDER);
        const page = paged ? { ...pageOf(req.query), orderBy } : { orderBy };
        const { rows, total } = await listSubsystems(db, req.auth(), req.query, page);
        return table(
          req.lang,
          rows.map((r) => systemView(r, req.lang, withScreens)),
          total,
        );
      },
    );

    app.put(
      '/sysclient/system/changeStatus',
      {
        config: { perm: 'sysclient:system:edit', operLog: { title: 'subsystems', businessType: 2 } },
        schema: {
          tags,
          body: z.object({
            systemId: systemIdNumber(),
            status: z.enum(['0', '1']),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const row = await findSubsystem(db, req.body.systemId);
        await updateSubsystem(db, ctx, deps.clock.now(), row.systemId, { status: req.body.status });
        return ok(req.lang);
      },
    );

    app.get(
      '/sysclient/system/:systemId',
      {
        config: { perm: 'sysclient:system:query' },
        schema: {
          tags,
          params: z.object({ systemId: systemIdNumber() }),
          response: { 200: answer(dataOf(subsystemRow)) },
        },
      },
      async (req) => {
        const row = await findGrantedSystem(db, req.auth(), req.params.systemId);
        if (!row) throw notFound();
        return ok(req.lang, systemView(row, req.lang, await systemsWithScreens(deps)));
      },
    );

    app.post(
      '/sysclient/system',
      {
        config: { perm: 'sysclient:system:add', operLog: { title: 'subsystems', businessType: 1 } },
        schema: { tags, body: subsystemCreateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        await ensureEncodeFree(db, req.body.encode);
        const systemId = await newSystemId(db, req.body.systemId);
        await insertSubsystem(db, ctx, deps.clock.now(), systemId, req.body);
        return ok(req.lang, { systemId });
      },
    );

    app.put(
      '/sysclient/system',
      {
        config: { perm: 'sysclient:system:edit', operLog: { title: 'subsystems', businessType: 2 } },
        schema: { tags, body: subsystemUpdateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const current = await findSubsystem(db, req.body.systemId);
        if (req.body.encode !== current.encode) {
          if (isBuiltin(current.encode)) throw fail('tenant.system.builtinEncode', { encode: current.encode });
          await ensureEncodeFree(db, req.body.encode, current.systemId);
        }
        const { systemId: _id, ...values } = req.body;
        await updateSubsystem(db, ctx, deps.clock.now(), current.systemId, values);
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/system/:systemIds',
      {
        config: { perm: 'sysclient:system:remove', operLog: { title: 'subsystems', businessType: 3 } },
        schema: { tags, params: z.object({ systemIds: z.string().max(4000).regex(SYSTEM_ID_LIST) }) },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const ids = parseIds(req.params.systemIds);
        const rows = await subsystemsByIds(db, ids);
        const builtin = rows.find((r) => isBuiltin(r.encode));
        if (builtin) throw fail('tenant.system.builtinDelete', { encode: builtin.encode });
        const withMenus = await systemWithMenus(db, ids);
        if (withMenus !== undefined)
          throw fail('tenant.system.hasMenus', { name: rows.find((r) => r.systemId === withMenus)?.name ?? '' });
        await deleteSubsystems(db, ids);
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );
  };
}
