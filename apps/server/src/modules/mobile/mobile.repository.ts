import type {
  AppVersionBody,
  FeedbackHandleBody,
  FeedbackSubmitBody,
  PushBody,
  TerminalBody,
  TerminalRegisterBody,
} from '@luxgrid/contracts';
import { and, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { allIn, findIn } from '../../platform/repository.ts';
import { EXPORT_LIMIT, type ListPage } from '../../platform/resource-routes.ts';
import { created, customerWhere, type Scope, sameCustomer, updated } from '../../platform/scope.ts';
import { sysDept } from '../system/dept/dept.table.ts';
import { sysUser } from '../system/user/user.table.ts';
import { formatDate } from '../system/user/user-info.ts';
import { appFeedback, appPush, appPushReceipt, appTerminal, appVersion } from './mobile.table.ts';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const audit = <T extends { createTime: Date; updateTime: Date | null }>(row: T) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});
/** The customer whose records a user's own submissions belong to (a platform user's: none). */
const ownCustomer = (scope: Scope) => scope.principal.clientId ?? null;

export interface VersionFilter {
  platform?: string;
  versionName?: string;
  status?: string;
}
export interface TerminalFilter {
  userName?: string;
  terminalCode?: string;
  platform?: string;
  status?: string;
}
export interface PushFilter {
  title?: string;
  state?: string;
}
export interface FeedbackFilter {
  userName?: string;
  feedbackType?: string;
  state?: string;
}

/** The mobile app's records: the only SQL over app_*. */
export function mobileRepository(database: Database) {
  const { db } = database;

  /* ---------------------------------------------------------------- versions */

  /** A customer reads its own releases and the platform's; a platform user all (or the chosen customer's). */
  const versionsVisible = (scope: Scope) =>
    scope.clientId === null ? undefined : or(isNull(appVersion.clientId), eq(appVersion.clientId, scope.clientId));
  /** Only the owner changes a release: a customer its own, the platform (no customer chosen) its own. */
  const versionsOwned = (scope: Scope) => sameCustomer(appVersion.clientId, scope.clientId);
  const versionValues = (b: AppVersionBody, fileSize: number) => ({
    platform: b.platform,
    versionCode: b.versionCode,
    versionName: b.versionName,
    fileName: b.fileName ?? '',
    fileSize: b.fileName ? fileSize : 0,
    url: b.url ?? '',
    releaseNotes: b.releaseNotes ?? '',
    forceUpdate: b.forceUpdate ?? '0',
    status: b.status ?? '0',
    remark: b.remark ?? '',
  });
  const uniqueVersion = async (clientId: number | null, b: AppVersionBody, selfId?: number) => {
    const [clash] = await db
      .select({ id: appVersion.versionId })
      .from(appVersion)
      .where(
        and(
          sameCustomer(appVersion.clientId, clientId),
          eq(appVersion.platform, b.platform),
          eq(appVersion.versionCode, b.versionCode),
          selfId ? ne(appVersion.versionId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('app.version.exists', { platform: b.platform, code: b.versionCode });
  };
  const versionWhere = (scope: Scope, q: VersionFilter) =>
    and(
      versionsVisible(scope),
      q.platform ? eq(appVersion.platform, q.platform) : undefined,
      q.versionName ? ilike(appVersion.versionName, like(q.versionName)) : undefined,
      q.status ? eq(appVersion.status, q.status) : undefined,
    );

  const versions = {
    sortable: { versionId: appVersion.versionId, versionCode: appVersion.versionCode },
    order: [desc(appVersion.versionCode), desc(appVersion.versionId)],
    async list(scope: Scope, q: VersionFilter, page: ListPage) {
      const w = versionWhere(scope, q);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(appVersion)
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(appVersion, w),
      ]);
      return { rows: rows.map(audit), total };
    },
    async find(scope: Scope, id: number) {
      const row = await findIn(db, appVersion, appVersion.versionId, id, versionsVisible(scope));
      return row ? audit(row) : undefined;
    },
    async insert(scope: Scope, now: number, body: AppVersionBody, fileSize: number) {
      await uniqueVersion(scope.clientId, body);
      const [row] = await db
        .insert(appVersion)
        .values({ clientId: scope.clientId, ...versionValues(body, fileSize), ...created(scope, now) })
        .returning({ versionId: appVersion.versionId });
      return row;
    },
    async update(scope: Scope, now: number, id: number, body: AppVersionBody, fileSize: number | null) {
      const existing = await findIn(db, appVersion, appVersion.versionId, id, versionsOwned(scope));
      if (!existing) throw notFound();
      await uniqueVersion(existing.clientId, body, id);
      const size = fileSize ?? (body.fileName === existing.fileName ? existing.fileSize : 0);
      await db
        .update(appVersion)
        .set({ ...versionValues(body, size), ...updated(scope, now) })
        .where(eq(appVersion.versionId, id));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, appVersion, appVersion.versionId, ids, versionsOwned(scope)))) throw notFound();
      await db.delete(appVersion).where(inArray(appVersion.versionId, ids));
    },
    /** The newest enabled release of a platform the caller may install. */
    async latest(scope: Scope, platform: string) {
      const [row] = await db
        .select()
        .from(appVersion)
        .where(and(versionsVisible(scope), eq(appVersion.platform, platform), eq(appVersion.status, '0')))
        .orderBy(desc(appVersion.versionCode), desc(appVersion.versionId))
        .limit(1);
      return row;
    },
    /** Whether a newer enabled release than `code` asks to be forced. */
    async forcedSince(scope: Scope, platform: string, code: number) {
      const [row] = await db
        .select({ id: appVersion.versionId })
        .from(appVersion)
        .where(
          and(
            versionsVisible(scope),
            eq(appVersion.platform, platform),
            eq(appVersion.status, '0'),
            eq(appVersion.forceUpdate, '1'),
            sql`${appVersion.versionCode} > ${code}`,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };

  /* ---------------------------------------------------------------- terminals */

  const terminalWhere = (scope: Scope, q: TerminalFilter) =>
    and(
      customerWhere(scope, appTerminal.clientId),
      q.userName ? or(ilike(sysUser.userName, like(q.userName)), ilike(sysUser.nickName, like(q.userName))) : undefined,
      q.terminalCode ? ilike(appTerminal.terminalCode, like(q.terminalCode)) : undefined,
      q.platform ? eq(appTerminal.platform, q.platform) : undefined,
      q.status ? eq(appTerminal.status, q.status) : undefined,
    );
  const terminalSelect = () =>
    db
      .select({ t: appTerminal, userName: sysUser.userName, nickName: sysUser.nickName })
      .from(appTerminal)
      .innerJoin(sysUser, eq(sysUser.userId, appTerminal.userId));
  const shapeTerminal = (r: { t: typeof appTerminal.$inferSelect; userName: string; nickName: string }) => {
    const { tokenIds: _tokens, ...t } = r.t;
    return {
      ...audit(t),
      firstSeen: formatDate(t.firstSeen),
      lastSeen: formatDate(t.lastSeen),
      userName: r.userName,
      nickName: r.nickName,
    };
  };
  const terminalsIn = (scope: Scope, ids: number[]) =>
    db
      .select()
      .from(appTerminal)
      .where(and(inArray(appTerminal.terminalId, ids), customerWhere(scope, appTerminal.clientId)));

  const terminals = {
    sortable: { terminalId: appTerminal.terminalId, lastSeen: appTerminal.lastSeen },
    order: [sql`${appTerminal.lastSeen} desc nulls last`, desc(appTerminal.terminalId)] as SQL[],
    async list(scope: Scope, q: TerminalFilter, page: ListPage) {
      const w = terminalWhere(scope, q);
      const [rows, [count]] = await Promise.all([
        terminalSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(appTerminal)
          .innerJoin(sysUser, eq(sysUser.userId, appTerminal.userId))
          .where(w),
      ]);
      return { rows: rows.map((r) => ({ ...shapeTerminal(r), tokenIds: r.t.tokenIds })), total: Number(count?.n ?? 0) };
    },
    async exportRows(scope: Scope, q: TerminalFilter) {
      const rows = await terminalSelect()
        .where(terminalWhere(scope, q))
        .orderBy(desc(appTerminal.terminalId))
        .limit(EXPORT_LIMIT);
      return rows.map(shapeTerminal);
    },
    async find(scope: Scope, id: number) {
      const [row] = await terminalSelect().where(
        and(eq(appTerminal.terminalId, id), customerWhere(scope, appTerminal.clientId)),
      );
      return row ? { ...shapeTerminal(row), tokenIds: row.t.tokenIds } : undefined;
    },
    /** The user a terminal is handed to, in the caller's customer. */
    async userInScope(scope: Scope, userId: number) {
      const [u] = await db
        .select({ userId: sysUser.userId, clientId: sysUser.clientId })
        .from(sysUser)
        .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'), customerWhere(scope, sysUser.clientId)));
      if (!u) throw notFound();
      return u;
    },
    async insert(scope: Scope, now: number, body: TerminalBody, clientId: number | null) {
      const [clash] = await db
        .select({ id: appTerminal.terminalId })
        .from(appTerminal)
        .where(and(eq(appTerminal.userId, body.userId), eq(appTerminal.terminalCode, body.terminalCode)));
      if (clash) throw fail('app.terminal.exists', { code: body.terminalCode });
      const [row] = await db
        .insert(appTerminal)
        .values({
          clientId,
          userId: body.userId,
          terminalCode: body.terminalCode,
          platform: body.platform,
          deviceModel: body.deviceModel ?? '',
          status: body.status ?? '0',
          remark: body.remark ?? '',
          ...created(scope, now),
        })
        .returning({ terminalId: appTerminal.terminalId });
      return row;
    },
    /** Changes a terminal; answers the sessions to end when it is revoked by the change. */
    async update(scope: Scope, now: number, id: number, body: TerminalBody) {
      const [existing] = await terminalsIn(scope, [id]);
      if (!existing) throw notFound();
      await db
        .update(appTerminal)
        .set({
          platform: body.platform,
          deviceModel: body.deviceModel ?? '',
          status: body.status ?? existing.status,
          remark: body.remark ?? '',
          ...(body.status === '1' ? { tokenIds: [] } : {}),
          ...updated(scope, now),
        })
        .where(eq(appTerminal.terminalId, id));
      return body.status === '1' ? existing.tokenIds : [];
    },
    /** Revokes terminals; answers their sessions, which the caller ends. */
    async revoke(scope: Scope, now: number, ids: number[]) {
      const rows = await terminalsIn(scope, ids);
      if (rows.length !== ids.length) throw notFound();
      await db
        .update(appTerminal)
        .set({ status: '1', tokenIds: [], ...updated(scope, now) })
        .where(inArray(appTerminal.terminalId, ids));
      return rows.flatMap((r) => r.tokenIds);
    },
    async remove(scope: Scope, ids: number[]) {
      const rows = await terminalsIn(scope, ids);
      if (rows.length !== ids.length) throw notFound();
      await db.delete(appTerminal).where(inArray(appTerminal.terminalId, ids));
      return rows.flatMap((r) => r.tokenIds);
    },
    /**
     * Records the terminal a user just signed in from (or sees it again): its session, what it
     * says about itself, the browser's user agent and address. A revoked terminal is refused.
     */
    async register(
      scope: Scope,
      now: number,
      seen: { tokenId: string; userAgent: string; ip: string },
      body: TerminalRegisterBody,
    ): Promise<{ terminalId: number; revoked: boolean }> {
      const time = new Date(now);
      const [existing] = await db
        .select()
        .from(appTerminal)
        .where(and(eq(appTerminal.userId, scope.userId), eq(appTerminal.terminalCode, body.terminalCode)));
      const described = {
        platform: body.platform,
        ...(body.deviceModel ? { deviceModel: body.deviceModel } : {}),
        osVersion: body.osVersion ?? '',
        appVersion: body.appVersion ?? '',
        userAgent: seen.userAgent.slice(0, 300),
        ipaddr: seen.ip.slice(0, 128),
        lastSeen: time,
      };
      if (existing?.status === '1') return { terminalId: existing.terminalId, revoked: true };
      if (existing) {
        const tokenIds = [...existing.tokenIds.filter((t) => t !== seen.tokenId), seen.tokenId].slice(-10);
        await db
          .update(appTerminal)
          .set({ ...described, tokenIds, firstSeen: existing.firstSeen ?? time })
          .where(eq(appTerminal.terminalId, existing.terminalId));
        return { terminalId: existing.terminalId, revoked: false };
      }
      const [row] = await db
        .insert(appTerminal)
        .values({
          clientId: ownCustomer(scope),
          userId: scope.userId,
          terminalCode: body.terminalCode,
          ...described,
          tokenIds: [seen.tokenId],
          firstSeen: time,
          createBy: scope.userName,
          createTime: time,
        })
        .onConflictDoNothing()
        .returning({ terminalId: appTerminal.terminalId });
      return { terminalId: row?.terminalId ?? 0, revoked: false };
    },
  };

  /* ---------------------------------------------------------------- push messages */

  const pushWhere = (scope: Scope, q: PushFilter) =>
    and(
      customerWhere(scope, appPush.clientId),
      q.title ? ilike(appPush.title, like(q.title)) : undefined,
      q.state ? eq(appPush.state, q.state) : undefined,
    );
  const pushSelect = () =>
    db
      .select({
        p: appPush,
        recipients: sql<number>`(select count(*) from app_push_receipt r where r.push_id = ${appPush.pushId})::int`,
        readCount: sql<number>`(select count(*) from app_push_receipt r where r.push_id = ${appPush.pushId} and r.read_time is not null)::int`,
      })
      .from(appPush);
  /** The names of a message's users or departments. */
  const targetNames = async (rows: (typeof appPush.$inferSelect)[]) => {
    const userIds = rows.filter((r) => r.target === 'USER').flatMap((r) => r.targetIds);
    const deptIds = rows.filter((r) => r.target === 'DEPT').flatMap((r) => r.targetIds);
    const [users, depts] = await Promise.all([
      userIds.length
        ? db
            .select({ id: sysUser.userId, name: sysUser.nickName })
            .from(sysUser)
            .where(inArray(sysUser.userId, userIds))
        : [],
      deptIds.length
        ? db
            .select({ id: sysDept.deptId, name: sysDept.deptName })
            .from(sysDept)
            .where(inArray(sysDept.deptId, deptIds))
        : [],
    ]);
    const userName = new Map(users.map((u) => [u.id, u.name]));
    const deptName = new Map(depts.map((d) => [d.id, d.name]));
    return (r: typeof appPush.$inferSelect) =>
      r.target === 'ALL'
        ? ''
        : r.targetIds.map((id) => (r.target === 'USER' ? userName : deptName).get(id) ?? `#${id}`).join(', ');
  };
  const shapePushes = async (rows: { p: typeof appPush.$inferSelect; recipients: number; readCount: number }[]) => {
    const names = await targetNames(rows.map((r) => r.p));
    return rows.map((r) => ({
      ...audit(r.p),
      sentTime: formatDate(r.p.sentTime),
      targetNames: names(r.p),
      recipients: Number(r.recipients),
      readCount: Number(r.readCount),
    }));
  };
  const pushValues = (b: PushBody) => ({
    title: b.title,
    content: b.content,
    target: b.target,
    targetIds: b.target === 'ALL' ? [] : [...new Set(b.targetIds ?? [])],
    remark: b.remark ?? '',
  });
  /** The targets (users or departments) must be the message's customer's. */
  const checkTargets = async (clientId: number, b: PushBody) => {
    const ids = b.target === 'ALL' ? [] : [...new Set(b.targetIds ?? [])];
    if (!ids.length) return;
    const found =
      b.target === 'USER'
        ? await db
            .select({ id: sysUser.userId })
            .from(sysUser)
            .where(and(inArray(sysUser.userId, ids), eq(sysUser.clientId, clientId)))
        : await db
            .select({ id: sysDept.deptId })
            .from(sysDept)
            .where(and(inArray(sysDept.deptId, ids), eq(sysDept.clientId, clientId)));
    if (found.length !== ids.length) throw notFound();
  };

  const pushes = {
    sortable: { pushId: appPush.pushId, sentTime: appPush.sentTime },
    order: [desc(appPush.pushId)],
    async list(scope: Scope, q: PushFilter, page: ListPage) {
      const w = pushWhere(scope, q);
      const [rows, total] = await Promise.all([
        pushSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(appPush, w),
      ]);
      return { rows: await shapePushes(rows), total };
    },
    async find(scope: Scope, id: number) {
      const rows = await pushSelect().where(and(eq(appPush.pushId, id), customerWhere(scope, appPush.clientId)));
      return rows.length ? (await shapePushes(rows))[0] : undefined;
    },
    async insert(scope: Scope, now: number, clientId: number, body: PushBody) {
      await checkTargets(clientId, body);
      const [row] = await db
        .insert(appPush)
        .values({ clientId, ...pushValues(body), state: 'DRAFT', ...created(scope, now) })
        .returning({ pushId: appPush.pushId });
      return row!;
    },
    async update(scope: Scope, now: number, id: number, body: PushBody) {
      const existing = await findIn(db, appPush, appPush.pushId, id, customerWhere(scope, appPush.clientId));
      if (!existing) throw notFound();
      if (existing.state !== 'DRAFT') throw fail('app.push.sent');
      await checkTargets(existing.clientId, body);
      await db
        .update(appPush)
        .set({ ...pushValues(body), ...updated(scope, now) })
        .where(eq(appPush.pushId, id));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, appPush, appPush.pushId, ids, customerWhere(scope, appPush.clientId)))) throw notFound();
      await db.delete(appPushReceipt).where(inArray(appPushReceipt.pushId, ids));
      await db.delete(appPush).where(inArray(appPush.pushId, ids));
    },
    /**
     * Sends a draft once: its recipients now (enabled users of the customer; of the chosen users;
     * of the chosen departments and the departments under them) each get a receipt. Answers the
     * message and its recipients, for the live push.
     */
    async send(scope: Scope, now: number, id: number) {
      const existing = await findIn(db, appPush, appPush.pushId, id, customerWhere(scope, appPush.clientId));
      if (!existing) throw notFound();
      if (existing.state !== 'DRAFT') throw fail('app.push.sent');
      const base = and(eq(sysUser.clientId, existing.clientId), eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'));
      const ids = existing.targetIds;
      const who =
        existing.target === 'USER'
          ? inArray(sysUser.userId, ids)
          : existing.target === 'DEPT'
            ? sql`${sysUser.deptId} in (select d.dept_id from sys_dept d where d.client_id = ${existing.clientId} and (d.dept_id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )}) or exists (select 1 from unnest(string_to_array(d.ancestors, ',')) a where a in (${sql.join(
                ids.map((i) => sql`${String(i)}`),
                sql`, `,
              )}))))`
            : undefined;
      const users = await db.select({ userId: sysUser.userId }).from(sysUser).where(and(base, who));
      if (!users.length) throw fail('app.push.noRecipients');
      const sentTime = new Date(now);
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(appPush)
          .set({ state: 'SENT', sentTime, ...updated(scope, now) })
          .where(and(eq(appPush.pushId, id), eq(appPush.state, 'DRAFT')))
          .returning({ id: appPush.pushId });
        if (!claimed) throw fail('app.push.sent');
        await tx
          .insert(appPushReceipt)
          .values(users.map((u) => ({ pushId: id, userId: u.userId })))
          .onConflictDoNothing();
      });
      return { push: existing, userIds: users.map((u) => u.userId) };
    },
    /** The users and departments of the caller's customer a message may be sent to (the form's choices). */
    async recipients(clientId: number) {
      const [users, depts] = await Promise.all([
        db
          .select({ id: sysUser.userId, name: sysUser.nickName, userName: sysUser.userName })
          .from(sysUser)
          .where(and(eq(sysUser.clientId, clientId), eq(sysUser.delFlag, '0'), eq(sysUser.status, '0')))
          .orderBy(sysUser.userName)
          .limit(2000),
        db
          .select({ id: sysDept.deptId, name: sysDept.deptName })
          .from(sysDept)
          .where(and(eq(sysDept.clientId, clientId), eq(sysDept.delFlag, '0')))
          .orderBy(sysDept.deptId)
          .limit(2000),
      ]);
      return { users: users.map((u) => ({ id: u.id, name: `${u.name} (${u.userName})` })), depts };
    },
    /** The caller's inbox: the messages sent to them, newest first. */
    async inbox(scope: Scope, page: ListPage) {
      const where = eq(appPushReceipt.userId, scope.userId);
      const [rows, total] = await Promise.all([
        db
          .select({ p: appPush, readTime: appPushReceipt.readTime })
          .from(appPushReceipt)
          .innerJoin(appPush, eq(appPush.pushId, appPushReceipt.pushId))
          .where(where)
          .orderBy(desc(appPush.sentTime), desc(appPush.pushId))
          .limit(page.limit)
          .offset(page.offset),
        db.$count(appPushReceipt, where),
      ]);
      return {
        rows: rows.map((r) => ({
          pushId: r.p.pushId,
          title: r.p.title,
          content: r.p.content,
          sentTime: formatDate(r.p.sentTime),
          sender: r.p.updateBy || r.p.createBy,
          read: r.readTime !== null,
        })),
        total,
        unread: await db.$count(appPushReceipt, and(where, isNull(appPushReceipt.readTime))),
      };
    },
    /** Marks messages of the user's inbox read; a message that never reached the user is "not found". */
    async markRead(scope: Scope, now: number, pushIds: number[]) {
      const mine = and(eq(appPushReceipt.userId, scope.userId), inArray(appPushReceipt.pushId, pushIds));
      if ((await db.$count(appPushReceipt, mine)) !== new Set(pushIds).size) throw notFound();
      await db
        .update(appPushReceipt)
        .set({ readTime: new Date(now) })
        .where(
          and(
            eq(appPushReceipt.userId, scope.userId),
            inArray(appPushReceipt.pushId, pushIds),
            isNull(appPushReceipt.readTime),
          ),
        );
    },
  };

  /* ---------------------------------------------------------------- feedback */

  const feedbackWhere = (scope: Scope, q: FeedbackFilter) =>
    and(
      customerWhere(scope, appFeedback.clientId),
      q.userName ? ilike(appFeedback.userName, like(q.userName)) : undefined,
      q.feedbackType ? eq(appFeedback.feedbackType, q.feedbackType) : undefined,
      q.state ? eq(appFeedback.state, q.state) : undefined,
    );
  const feedbackSelect = () =>
    db
      .select({ f: appFeedback, nickName: sysUser.nickName })
      .from(appFeedback)
      .leftJoin(sysUser, eq(sysUser.userId, appFeedback.userId));
  const shapeFeedback = (r: { f: typeof appFeedback.$inferSelect; nickName: string | null }) => ({
    ...r.f,
    nickName: r.nickName ?? '',
    createTime: formatDate(r.f.createTime),
    handleTime: formatDate(r.f.handleTime),
  });

  const feedback = {
    sortable: { feedbackId: appFeedback.feedbackId, createTime: appFeedback.createTime },
    order: [desc(appFeedback.feedbackId)],
    async list(scope: Scope, q: FeedbackFilter, page: ListPage) {
      const w = feedbackWhere(scope, q);
      const [rows, total] = await Promise.all([
        feedbackSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(appFeedback, w),
      ]);
      return { rows: rows.map(shapeFeedback), total };
    },
    async find(scope: Scope, id: number) {
      const [row] = await feedbackSelect().where(
        and(eq(appFeedback.feedbackId, id), customerWhere(scope, appFeedback.clientId)),
      );
      return row ? shapeFeedback(row) : undefined;
    },
    async mine(scope: Scope, page: ListPage) {
      const where = eq(appFeedback.userId, scope.userId);
      const [rows, total] = await Promise.all([
        feedbackSelect().where(where).orderBy(desc(appFeedback.feedbackId)).limit(page.limit).offset(page.offset),
        db.$count(appFeedback, where),
      ]);
      return { rows: rows.map(shapeFeedback), total };
    },
    async submit(scope: Scope, now: number, body: FeedbackSubmitBody) {
      const [row] = await db
        .insert(appFeedback)
        .values({
          clientId: ownCustomer(scope),
          userId: scope.userId,
          userName: scope.userName,
          feedbackType: body.feedbackType,
          content: body.content,
          contact: body.contact ?? '',
          image: body.image ?? '',
          appVersion: body.appVersion ?? '',
          terminalCode: body.terminalCode ?? '',
          state: 'PENDING',
          createTime: new Date(now),
        })
        .returning({ feedbackId: appFeedback.feedbackId });
      return row;
    },
    async handle(scope: Scope, now: number, body: FeedbackHandleBody) {
      const existing = await findIn(
        db,
        appFeedback,
        appFeedback.feedbackId,
        body.feedbackId,
        customerWhere(scope, appFeedback.clientId),
      );
      if (!existing) throw notFound();
      const [done] = await db
        .update(appFeedback)
        .set({ state: 'HANDLED', reply: body.reply, handleBy: scope.userName, handleTime: new Date(now) })
        .where(and(eq(appFeedback.feedbackId, body.feedbackId), eq(appFeedback.state, 'PENDING')))
        .returning({ id: appFeedback.feedbackId });
      if (!done) throw fail('app.feedback.handled');
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, appFeedback, appFeedback.feedbackId, ids, customerWhere(scope, appFeedback.clientId))))
        throw notFound();
      await db.delete(appFeedback).where(inArray(appFeedback.feedbackId, ids));
    },
  };

  return { versions, terminals, pushes, feedback };
}
