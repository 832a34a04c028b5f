import { idList, noticeAddBody, noticeEditBody, noticeRow, rule } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, optionalFilter, parseInput } from '../../../platform/params.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import {
  deleteNotices,
  findNotice,
  insertNotice,
  latestNotices,
  listNotices,
  markAllRead,
  markRead,
  NOTICE_ORDER,
  NOTICE_SORTABLE,
  noticeReaders,
  noticeView,
  readableIds,
  readableNotice,
  unreadCount,
  updateNotice,
} from './notice.repository.ts';

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

const markReadInput = z.object({ noticeId: noticeIdInput() });
const markReadAllInput = z.object({ ids: idList().optional() });
const bodyObject = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

/** Notices and announcements (rich text, sanitized on the server) and who has read them. */
export function noticeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

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
        return {
          ...ok(req.lang, await latestNotices(db, ctx, req.query.limit ?? 5)),
          unreadCount: await unreadCount(db, ctx),
        };
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
            (await latestNotices(db, ctx, 5, type)).map(({ read, ...row }) => ({ ...row, isRead: read })),
          ),
          unreadCount: await unreadCount(db, ctx, type),
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
        const row = await readableNotice(db, ctx, noticeId);
        await markRead(db, ctx, now(), [row.noticeId]);
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
          await markAllRead(db, ctx, now());
          return ok(req.lang);
        }
        await markRead(db, ctx, now(), await readableIds(db, ctx, [...new Set(ids)]));
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
        const { rows, total } = await noticeReaders(db, ctx, notice.noticeId, req.query);
        return table(req.lang, rows, total);
      },
    );

    app.get('/system/notice/unreadCount', { schema: { tags } }, async (req) =>
      ok(req.lang, await unreadCount(db, req.auth())),
    );

    app.get(
      '/system/notice/read/:noticeId',
      { schema: { tags, summary: 'Open a notice (and mark it read)', params: idParam('noticeId') } },
      async (req) => {
        const ctx = req.auth();
        const row = await readableNotice(db, ctx, req.params.noticeId);
        await markRead(db, ctx, now(), [row.noticeId]);
        return ok(req.lang, { ...noticeView(row), read: true });
      },
    );

    app.put(
      '/system/notice/read/:noticeId',
      { schema: { tags, summary: 'Mark a notice read', params: idParam('noticeId') } },
      async (req) => {
        const ctx = req.auth();
        const row = await readableNotice(db, ctx, req.params.noticeId);
        await markRead(db, ctx, now(), [row.noticeId]);
        return ok(req.lang);
      },
    );

    app.put('/system/notice/readAll', { schema: { tags, summary: 'Mark every readable notice read' } }, async (req) => {
      await markAllRead(db, req.auth(), now());
      return ok(req.lang);
    });
  };
}
