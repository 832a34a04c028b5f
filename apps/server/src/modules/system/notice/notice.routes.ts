import { idList, noticeAddBody, noticeEditBody, noticeRow, rule } from '@luxgrid/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { containing, flagFilter, idParam, optionalFilter, parseInput } from '../../../platform/params.ts';
import { dataScopeFilter } from '../../../platform/rbac.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { customerWhere, sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysUser } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import {
  deleteNotices,
  findNotice,
  insertNotice,
  listNotices,
  NOTICE_ORDER,
  NOTICE_SORTABLE,
  noticeView,
  updateNotice,
} from './notice.repository.ts';
import { sysNotice, sysNoticeRead } from './notice.table.ts';

const listQuery = pageQuery.extend({
  noticeTitle: optionalFilter(50),
  noticeType: z.enum(['1', '2', '']).optional(),
  createBy: optionalFilter(64),
  status: flagFilter(),
});

/** A notice id from a query or a form: missing and malformed ones are told apart. */
const noticeIdInput = () =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
      .int({ error: rule('valid.type') })
      .positive({ error: rule('valid.type') }),
  );
const readUsersQuery = pageQuery.extend({
  noticeId: noticeIdInput(),
  searchValue: optionalFilter(30),
});
const READER_SORTABLE = {
  readTime: sysNoticeRead.readTime,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
};

const markReadInput = z.object({ noticeId: noticeIdInput() });
const markReadAllInput = z.object({ ids: idList().optional() });
const bodyObject = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

/** What a user reads in the navbar: open notices of its own customer, and the platform's own announcements. */
const readable = (ctx: Ctx): SQL =>
  and(
    eq(sysNotice.status, '0'),
    ctx.platform
      ? isNull(sysNotice.clientId)
      : or(isNull(sysNotice.clientId), sameCustomer(sysNotice.clientId, ctx.clientId)),
  )!;

const readBy = (userId: number) =>
  sql`exists (select 1 from ${sysNoticeRead} where ${sysNoticeRead.noticeId} = ${sysNotice.noticeId} and ${sysNoticeRead.userId} = ${userId})`;

/** Notices and announcements (rich text, sanitized on the server) and who has read them. */
export function noticeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  const unreadCount = (ctx: Ctx, noticeType?: string) =>
    db.$count(
      sysNotice,
      and(
        readable(ctx),
        noticeType ? eq(sysNotice.noticeType, noticeType) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(sysNoticeRead)
            .where(and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, ctx.principal.userId))),
        ),
      ),
    );
  /** The latest notices the caller can read, each with its read state. */
  const latest = async (ctx: Ctx, limit: number, noticeType?: string) => {
    const rows = await db
      .select({
        noticeId: sysNotice.noticeId,
        noticeTitle: sysNotice.noticeTitle,
        noticeType: sysNotice.noticeType,
        status: sysNotice.status,
        createBy: sysNotice.createBy,
        createTime: sysNotice.createTime,
        read: sql<boolean>`${readBy(ctx.principal.userId)}`,
      })
      .from(sysNotice)
      .where(and(readable(ctx), noticeType ? eq(sysNotice.noticeType, noticeType) : undefined))
      .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId))
      .limit(limit);
    return rows.map((r) => ({ ...r, createTime: formatDate(r.createTime) }));
  };
  const markAllReadable = (ctx: Ctx) =>
    db.execute(
      sql`insert into ${sysNoticeRead} (notice_id, user_id, read_time)
          select ${sysNotice.noticeId}, ${ctx.principal.userId}, ${new Date(deps.clock.now()).toISOString()}::timestamptz
            from ${sysNotice} where ${readable(ctx)}
          on conflict do nothing`,
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
    resourceRoutes(app, deps, {
      base: '/system/notice',
      perm: 'system:notice',
      tags,
      title: 'notices',
      idName: 'noticeId',
      idsName: 'noticeIds',
      row: noticeRow,
      list: {
        query: listQuery,
        sortable: NOTICE_SORTABLE,
        order: NOTICE_ORDER,
        rows: (scope, q, page) => listNotices(db, scope, q, page),
      },
      get: async (scope, id) => noticeView(await findNotice(db, scope, id)),
      add: { body: noticeAddBody, run: (scope, body) => insertNotice(db, scope, now(), body) },
      edit: {
        body: noticeEditBody,
        run: (scope, { noticeId, ...body }) => updateNotice(db, scope, now(), noticeId, body),
      },
      remove: (scope, ids) => deleteNotices(db, scope, ids),
    });

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
        return { ...ok(req.lang, await latest(ctx, req.query.limit ?? 5)), unreadCount: await unreadCount(ctx) };
      },
    );

    // the navbar bell of RuoYi clients: the five latest open notices with `isRead`, and the unread count
    app.get(
      '/system/notice/listTop',
      {
        schema: {
          tags,
          summary: "The navbar bell: the latest notices with the caller's read state, and the unread count",
          querystring: z.object({ noticeType: z.enum(['1', '2', '']).optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const type = req.query.noticeType || undefined;
        return {
          ...ok(
            req.lang,
            (await latest(ctx, 5, type)).map(({ read, ...row }) => ({ ...row, isRead: read })),
          ),
          unreadCount: await unreadCount(ctx, type),
        };
      },
    );

    app.post(
      '/system/notice/markRead',
      {
        schema: {
          tags,
          summary: 'Mark one notice read for the caller (noticeId in the query, as RuoYi clients send it, or the body)',
          querystring: markReadInput.partial(),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const noticeId = req.query.noticeId ?? parseInput(markReadInput, bodyObject(req.body), req.lang).noticeId;
        const [row] = await db
          .select({ id: sysNotice.noticeId })
          .from(sysNotice)
          .where(and(eq(sysNotice.noticeId, noticeId), readable(ctx)));
        if (!row) throw notFound();
        await markRead(ctx, [row.id]);
        return ok(req.lang);
      },
    );

    app.post(
      '/system/notice/markReadAll',
      {
        schema: {
          tags,
          summary: 'Mark the given notices read for the caller (ids "1,2,3"); without ids, every notice it can read',
          querystring: markReadAllInput,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = req.query.ids ?? parseInput(markReadAllInput, bodyObject(req.body), req.lang).ids;
        if (!ids?.length) {
          await markAllReadable(ctx);
          return ok(req.lang);
        }
        const wanted = [...new Set(ids)];
        const rows = await db
          .select({ id: sysNotice.noticeId })
          .from(sysNotice)
          .where(and(inArray(sysNotice.noticeId, wanted), readable(ctx)));
        if (rows.length !== wanted.length) throw notFound();
        await markRead(
          ctx,
          rows.map((r) => r.id),
        );
        return ok(req.lang);
      },
    );

    app.get(
      '/system/notice/readUsers/list',
      {
        config: { perm: 'system:notice:list' },
        schema: { tags, summary: 'Who has read a notice, latest first', querystring: readUsersQuery },
      },
      async (req) => {
        const ctx = req.auth();
        const notice = await findNotice(db, ctx, req.query.noticeId);
        const search = req.query.searchValue?.trim();
        const where = and(
          eq(sysNoticeRead.noticeId, notice.noticeId),
          eq(sysUser.delFlag, '0'),
          customerWhere(ctx, sysUser.clientId),
          dataScopeFilter(ctx.principal, { dept: sysUser.deptId, user: sysUser.userId }),
          search
            ? or(ilike(sysUser.userName, containing(search)), ilike(sysUser.nickName, containing(search)))
            : undefined,
        );
        const { limit, offset } = pageOf(req.query);
        const [rows, [count]] = await Promise.all([
          db
            .select({
              userId: sysUser.userId,
              userName: sysUser.userName,
              nickName: sysUser.nickName,
              deptName: sysDept.deptName,
              phonenumber: sysUser.phonenumber,
              readTime: sysNoticeRead.readTime,
            })
            .from(sysNoticeRead)
            .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
            .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
            .where(where)
            .orderBy(...orderOf(req.query, READER_SORTABLE, [desc(sysNoticeRead.readTime), asc(sysUser.userId)]))
            .limit(limit)
            .offset(offset),
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(sysNoticeRead)
            .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
            .where(where),
        ]);
        return table(
          req.lang,
          rows.map((r) => ({ ...r, deptName: r.deptName ?? '', readTime: formatDate(r.readTime) })),
          Number(count?.n ?? 0),
        );
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
        return ok(req.lang, { ...noticeView(row), read: true });
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
      await markAllReadable(req.auth());
      return ok(req.lang);
    });
  };
}
