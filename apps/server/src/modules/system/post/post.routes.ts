import { postAddBody, postEditBody } from '@luxgrid/contracts';
import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { dictLabels } from '../dict/dict.service.ts';
import {
  clientScope,
  containing,
  idParam,
  idsParam,
  optionalFilter,
  parseIds,
  parseInput,
  sameClient,
  statusFilter,
} from '../scope.ts';
import { sysUserPost } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { sysPost } from './post.table.ts';

const listQuery = pageQuery.extend({
  postCode: optionalFilter(64),
  postName: optionalFilter(50),
  status: statusFilter(),
});

const SORTABLE = {
  postId: sysPost.postId,
  postCode: sysPost.postCode,
  postName: sysPost.postName,
  postSort: sysPost.postSort,
  createTime: sysPost.createTime,
};

type PostRow = typeof sysPost.$inferSelect;
const view = (row: PostRow) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

async function ensureUnique(
  db: Db,
  clientId: number | null,
  post: { postCode: string; postName: string },
  selfId?: number,
) {
  const clashes = await db
    .select({ postCode: sysPost.postCode, postName: sysPost.postName })
    .from(sysPost)
    .where(
      and(
        sameClient(sysPost.clientId, clientId),
        or(eq(sysPost.postCode, post.postCode), eq(sysPost.postName, post.postName)),
        selfId ? ne(sysPost.postId, selfId) : undefined,
      ),
    );
  if (clashes.some((c) => c.postCode === post.postCode))
    throw fail('system.post.codeExists', { postName: post.postName });
  if (clashes.length) throw fail('system.post.nameExists', { postName: post.postName });
}

/** Positions (posts) of each customer: code and name unique within the customer. */
export function postRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const filters = (ctx: Ctx, q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      clientScope(sysPost.clientId, ctx),
      q.postCode ? ilike(sysPost.postCode, containing(q.postCode)) : undefined,
      q.postName ? ilike(sysPost.postName, containing(q.postName)) : undefined,
      q.status ? eq(sysPost.status, q.status) : undefined,
      begin ? gte(sysPost.createTime, begin) : undefined,
      end ? lte(sysPost.createTime, end) : undefined,
    );
  };
  const findPost = async (ctx: Ctx, postId: number) => {
    const [row] = await db
      .select()
      .from(sysPost)
      .where(and(eq(sysPost.postId, postId), clientScope(sysPost.clientId, ctx)));
    if (!row) throw notFound();
    return row;
  };

  return async (app) => {
    const tags = ['system/post'];
    app.get(
      '/system/post/list',
      { config: { perm: 'system:post:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.auth(), req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysPost)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [asc(sysPost.postSort), asc(sysPost.postId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysPost, where),
        ]);
        return table(req.lang, rows.map(view), total);
      },
    );

    app.get(
      '/system/post/optionselect',
      { config: { perm: { any: ['system:post:list', 'system:user:query'] } }, schema: { tags } },
      async (req) => {
        const ctx = req.auth();
        const rows = await db
          .select()
          .from(sysPost)
          .where(and(clientScope(sysPost.clientId, ctx), eq(sysPost.status, '0')))
          .orderBy(asc(sysPost.postSort), asc(sysPost.postId))
          .limit(1000);
        return ok(req.lang, rows.map(view));
      },
    );

    app.get(
      '/system/post/:postId',
      { config: { perm: 'system:post:query' }, schema: { tags, params: idParam('postId') } },
      async (req) => ok(req.lang, view(await findPost(req.auth(), req.params.postId))),
    );

    app.post(
      '/system/post',
      {
        config: { perm: 'system:post:add', operLog: { title: 'positions', businessType: 1 } },
        schema: { tags, body: postAddBody },
      },
      async (req) => {
        const ctx = req.auth();
        await ensureUnique(db, ctx.clientId, req.body);
        const [row] = await db
          .insert(sysPost)
          .values({
            ...req.body,
            clientId: ctx.clientId,
            status: req.body.status ?? '0',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ id: sysPost.postId });
        return ok(req.lang, { postId: row!.id });
      },
    );

    app.put(
      '/system/post',
      {
        config: { perm: 'system:post:edit', operLog: { title: 'positions', businessType: 2 } },
        schema: { tags, body: postEditBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { postId, ...values } = req.body;
        const target = await findPost(ctx, postId);
        await ensureUnique(db, target.clientId, values, postId);
        await db
          .update(sysPost)
          .set({
            ...values,
            status: values.status ?? target.status,
            remark: values.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysPost.postId, postId));
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/post/:postIds',
      {
        config: { perm: 'system:post:remove', operLog: { title: 'positions', businessType: 3 } },
        schema: { tags, params: idsParam('postIds') },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.postIds);
        const rows = await db
          .select()
          .from(sysPost)
          .where(and(inArray(sysPost.postId, ids), clientScope(sysPost.clientId, ctx)));
        if (rows.length !== ids.length) throw notFound();
        const [used] = await db
          .select({ postId: sysUserPost.postId })
          .from(sysUserPost)
          .where(inArray(sysUserPost.postId, ids))
          .limit(1);
        if (used)
          throw fail('system.post.assigned', { postName: rows.find((r) => r.postId === used.postId)!.postName });
        await db.delete(sysPost).where(inArray(sysPost.postId, ids));
        return ok(req.lang);
      },
    );

    app.post(
      '/system/post/export',
      {
        config: { perm: 'system:post:export', operLog: { title: 'positions', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const rows = await db
          .select()
          .from(sysPost)
          .where(filters(req.auth(), q))
          .orderBy(asc(sysPost.postSort), asc(sysPost.postId))
          .limit(100_000);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_normal_disable');
        return sendWorkbook(
          reply,
          en ? 'positions' : '岗位数据',
          [
            { header: en ? 'Position id' : '岗位序号', key: 'postId', width: 10 },
            { header: en ? 'Code' : '岗位编码', key: 'postCode', width: 20 },
            { header: en ? 'Name' : '岗位名称', key: 'postName', width: 20 },
            { header: en ? 'Order' : '岗位排序', key: 'postSort', width: 10 },
            { header: en ? 'Status' : '状态', key: 'status', width: 10 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...view(r),
            status: status(r.status),
          })),
        );
      },
    );
  };
}
