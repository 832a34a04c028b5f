import { noticeAddBody, noticeEditBody } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { clientScope, containing, idParam, idsParam, optionalFilter, parseIds, statusFilter } from '../scope.ts';
import { formatDate } from '../user/user-info.ts';
import { sanitizeNotice } from './notice.service.ts';
import { sysNotice, sysNoticeRead } from './notice.table.ts';

const listQuery = pageQuery.extend({
  noticeTitle: optionalFilter(50),
  noticeType: z.enum(['1', '2', '']).optional(),
  createBy: optionalFilter(64),
  status: statusFilter(),
});

const SORTABLE = {
  noticeId: sysNotice.noticeId,
  noticeTitle: sysNotice.noticeTitle,
  noticeType: sysNotice.noticeType,
  status: sysNotice.status,
  createTime: sysNotice.createTime,
};

type NoticeRow = typeof sysNotice.$inferSelect;
const view = (row: NoticeRow) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

/** What a user reads in the navbar: open notices of its own customer, and the platform's own announcements. */
const readable = (ctx: Ctx): SQL =>
  and(
    eq(sysNotice.status, '0'),
    ctx.principal.clientId === null
      ? isNull(sysNotice.clientId)
      : or(isNull(sysNotice.clientId), eq(sysNotice.clientId, ctx.principal.clientId)),
  )!;

const readBy = (userId: number) =>
  sql`exists (select 1 from ${sysNoticeRead} where ${sysNoticeRead.noticeId} = ${sysNotice.noticeId} and ${sysNoticeRead.userId} = ${userId})`;

/** Notices and announcements (rich text, sanitized on the server) and who has read them. */
export function noticeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const filters = (ctx: Ctx, q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      clientScope(sysNotice.clientId, ctx),
      q.noticeTitle ? ilike(sysNotice.noticeTitle, containing(q.noticeTitle)) : undefined,
      q.noticeType ? eq(sysNotice.noticeType, q.noticeType) : undefined,
      q.createBy ? ilike(sysNotice.createBy, containing(q.createBy)) : undefined,
      q.status ? eq(sysNotice.status, q.status) : undefined,
      begin ? gte(sysNotice.createTime, begin) : undefined,
      end ? lte(sysNotice.createTime, end) : undefined,
    );
  };
  const findNotice = async (ctx: Ctx, noticeId: number) => {
    const [row] = await db
      .select()
      .from(sysNotice)
      .where(and(eq(sysNotice.noticeId, noticeId), clientScope(sysNotice.clientId, ctx)));
    if (!row) throw notFound();
    return row;
  };
  const unreadCount = (ctx: Ctx) =>
    db.$count(
      sysNotice,
      and(
        readable(ctx),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sysNoticeRead)
            .where(and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, ctx.principal.userId))),
        ),
      ),
    );
  const markRead = async (ctx: Ctx, noticeIds: number[]) => {
    if (!noticeIds.length) return;
    await db
      .insert(sysNoticeRead)
      .values(
        noticeIds.map((noticeId) => ({
          noticeId,
          userId: ctx.principal.userId,
          readTime: new Date(deps.clock.now()),
        })),
      )
      .onConflictDoNothing();
  };

  return async (app) => {
    const tags = ['system/notice'];
    app.get(
      '/system/notice/list',
      { config: { perm: 'system:notice:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.auth(), req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysNotice)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysNotice.noticeId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysNotice, where),
        ]);
        return table(req.lang, rows.map(view), total);
      },
    );

    app.get(
      '/system/notice/latest',
      {
        schema: {
          tags,
          summary: "The navbar's latest notices with their read state, and the unread count",
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const rows = await db
          .select({
            noticeId: sysNotice.noticeId,
            noticeTitle: sysNotice.noticeTitle,
            noticeType: sysNotice.noticeType,
            createBy: sysNotice.createBy,
            createTime: sysNotice.createTime,
            read: sql<boolean>`${readBy(ctx.principal.userId)}`,
          })
          .from(sysNotice)
          .where(readable(ctx))
          .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId))
          .limit(req.query.limit ?? 5);
        return {
          ...ok(
            req.lang,
            rows.map((r) => ({ ...r, createTime: formatDate(r.createTime) })),
          ),
          unreadCount: await unreadCount(ctx),
        };
      },
    );

    app.get('/system/notice/unreadCount', { schema: { tags } }, async (req) =>
      ok(req.lang, await unreadCount(req.auth())),
    );

    app.get(
      '/system/notice/read/:noticeId',
      { schema: { tags, summary: 'Open a notice (and mark it read)', params: idParam('noticeId') } },
      async (req) => {
        const ctx = req.auth();
        const [row] = await db
          .select()
          .from(sysNotice)
          .where(and(eq(sysNotice.noticeId, req.params.noticeId), readable(ctx)));
        if (!row) throw notFound();
        await markRead(ctx, [row.noticeId]);
        return ok(req.lang, { ...view(row), read: true });
      },
    );

    app.put(
      '/system/notice/read/:noticeId',
      { schema: { tags, summary: 'Mark a notice read', params: idParam('noticeId') } },
      async (req) => {
        const ctx = req.auth();
        const [row] = await db
          .select({ id: sysNotice.noticeId })
          .from(sysNotice)
          .where(and(eq(sysNotice.noticeId, req.params.noticeId), readable(ctx)));
        if (!row) throw notFound();
        await markRead(ctx, [row.id]);
        return ok(req.lang);
      },
    );

    app.put('/system/notice/readAll', { schema: { tags, summary: 'Mark every readable notice read' } }, async (req) => {
      const ctx = req.auth();
      await db.execute(
        sql`insert into ${sysNoticeRead} (notice_id, user_id, read_time)
            select ${sysNotice.noticeId}, ${ctx.principal.userId}, ${new Date(deps.clock.now()).toISOString()}::timestamptz
              from ${sysNotice} where ${readable(ctx)}
            on conflict do nothing`,
      );
      return ok(req.lang);
    });

    app.get(
      '/system/notice/:noticeId',
      { config: { perm: 'system:notice:query' }, schema: { tags, params: idParam('noticeId') } },
      async (req) => ok(req.lang, view(await findNotice(req.auth(), req.params.noticeId))),
    );

    app.post(
      '/system/notice',
      {
        config: { perm: 'system:notice:add', operLog: { title: 'notices', businessType: 1 } },
        schema: { tags, body: noticeAddBody },
      },
      async (req) => {
        const ctx = req.auth();
        const [row] = await db
          .insert(sysNotice)
          .values({
            clientId: ctx.clientId,
            noticeTitle: req.body.noticeTitle,
            noticeType: req.body.noticeType,
            noticeContent: sanitizeNotice(req.body.noticeContent ?? ''),
            status: req.body.status ?? '0',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ id: sysNotice.noticeId });
        return ok(req.lang, { noticeId: row!.id });
      },
    );

    app.put(
      '/system/notice',
      {
        config: { perm: 'system:notice:edit', operLog: { title: 'notices', businessType: 2 } },
        schema: { tags, body: noticeEditBody },
      },
      async (req) => {
        const ctx = req.auth();
        const target = await findNotice(ctx, req.body.noticeId);
        await db
          .update(sysNotice)
          .set({
            noticeTitle: req.body.noticeTitle,
            noticeType: req.body.noticeType,
            noticeContent: sanitizeNotice(req.body.noticeContent ?? ''),
            status: req.body.status ?? target.status,
            remark: req.body.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysNotice.noticeId, target.noticeId));
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/notice/:noticeIds',
      {
        config: { perm: 'system:notice:remove', operLog: { title: 'notices', businessType: 3 } },
        schema: { tags, params: idsParam('noticeIds') },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.noticeIds);
        const rows = await db
          .select({ id: sysNotice.noticeId })
          .from(sysNotice)
          .where(and(inArray(sysNotice.noticeId, ids), clientScope(sysNotice.clientId, ctx)));
        if (rows.length !== ids.length) throw notFound();
        await db.transaction(async (tx) => {
          await tx.delete(sysNoticeRead).where(inArray(sysNoticeRead.noticeId, ids));
          await tx.delete(sysNotice).where(inArray(sysNotice.noticeId, ids));
        });
        return ok(req.lang);
      },
    );
  };
}
