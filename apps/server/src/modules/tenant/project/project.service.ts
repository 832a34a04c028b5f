import {
  DEFAULT_IANA_ZONES,
  LORAWAN_COMM_TYPE,
  type ProjectCreateBody,
  type ProjectUpdateBody,
} from '@luxgrid/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../../platform/auth/password.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { customerWhere } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { sysClient } from '../customer/customer.table.ts';
import { bizProject } from './project.table.ts';

type ProjectRow = typeof bizProject.$inferSelect;

export const OPERATE_PWD_RETRIES = 5;
export const OPERATE_PWD_LOCK_MINUTES = 10;

/** A project as screens show it, under both the spec's names (projectName …) and the short ones; never the operation password. */
export function projectView(row: ProjectRow, clientName: string | null) {
  const { operatePwd, delFlag: _deleted, ...rest } = row;
  return {
    ...rest,
    id: row.projectId,
    belongClient: row.clientId,
    clientName: clientName ?? '',
    projectName: row.name,
    projectCode: row.code,
    projectShortName: row.shortName,
    projectContacts: row.contacts,
    projectContactsPhone: row.phone,
    hasOperatePwd: operatePwd !== '',
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

/** A project inside the caller's scope (its customer, or the one chosen in the header); otherwise not found. */
export async function scopedProject(db: Db, ctx: Ctx, projectId: number): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(bizProject)
    .where(
      and(eq(bizProject.projectId, projectId), eq(bizProject.delFlag, '0'), customerWhere(ctx, bizProject.clientId)),
    );
  if (!row) throw notFound();
  return row;
}

async function ensureCodeFree(db: Db, clientId: number, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: bizProject.projectId })
    .from(bizProject)
    .where(
      and(
        eq(bizProject.clientId, clientId),
        eq(bizProject.code, code),
        eq(bizProject.delFlag, '0'),
        selfId ? ne(bizProject.projectId, selfId) : undefined,
      ),
    );
  if (clash) throw fail('tenant.project.codeExists', { code });
}

const formFields = (body: ProjectCreateBody | ProjectUpdateBody) => ({
  name: body.projectName,
  code: body.projectCode,
  shortName: body.projectShortName,
  city: body.city,
  address: body.address,
  longitude: body.longitude,
  latitude: body.latitude,
  contacts: body.projectContacts,
  phone: body.projectContactsPhone,
  mapType: body.mapType,
  language: body.language,
  timeZone: body.timeZone,
  // the zone used for local times (sunrise, sunset, schedules): named, or derived from the offset
  ianaTimeZone: body.ianaTimeZone ?? DEFAULT_IANA_ZONES[body.timeZone],
  operate: body.operate,
  commType: body.commType,
  bandStandard:
    body.commType === undefined ? body.bandStandard : body.commType === LORAWAN_COMM_TYPE ? body.bandStandard : '',
  status: body.status,
  remark: body.remark,
});

/**
 * A new project of the caller's customer. Platform users name the customer in the form
 * (belongClient) or in the clientId header; without one there is nothing to attach it to.
 */
export async function createProject(deps: Deps, ctx: Ctx, body: ProjectCreateBody): Promise<number> {
  const { db } = deps.database;
  const clientId = ctx.principal.clientId ?? body.belongClient ?? ctx.clientId;
  if (clientId === null) throw fail('tenant.clientBeforeProject');
  const [client] = await db
    .select({ id: sysClient.clientId })
    .from(sysClient)
    .where(and(eq(sysClient.clientId, clientId), eq(sysClient.delFlag, '0')));
  if (!client) throw notFound();
  await ensureCodeFree(db, clientId, body.projectCode);
  const fields = formFields(body);
  const [row] = await db
    .insert(bizProject)
    .values({
      ...fields,
      clientId,
      shortName: fields.shortName ?? '',
      city: fields.city ?? '',
      address: fields.address ?? '',
      contacts: fields.contacts ?? '',
      phone: fields.phone ?? '',
      operate: fields.operate ?? '',
      commType: fields.commType ?? '',
      bandStandard: fields.bandStandard ?? '',
      status: fields.status ?? '0',
      remark: fields.remark ?? '',
      operatePwd: body.operatePwd ? await hashPassword(body.operatePwd) : '',
      createBy: ctx.principal.userName,
      createTime: new Date(deps.clock.now()),
    })
    .returning({ id: bizProject.projectId });
  return row!.id;
}

/** Edits a project in scope; its customer does not change. */
export async function updateProject(deps: Deps, ctx: Ctx, body: ProjectUpdateBody): Promise<void> {
  const { db } = deps.database;
  const current = await scopedProject(db, ctx, body.projectId);
  if (body.projectCode !== current.code)
    await ensureCodeFree(db, current.clientId, body.projectCode, current.projectId);
  const fields = formFields(body);
  const operatePwd = body.removeOperatePwd ? '' : body.operatePwd ? await hashPassword(body.operatePwd) : undefined;
  await db
    .update(bizProject)
    .set({
      ...fields,
      operatePwd,
      updateBy: ctx.principal.userName,
      updateTime: new Date(deps.clock.now()),
    })
    .where(and(eq(bizProject.projectId, current.projectId), eq(bizProject.clientId, current.clientId)));
}

export async function deleteProjects(deps: Deps, ctx: Ctx, ids: number[]): Promise<void> {
  const { db } = deps.database;
  const rows = await db
    .select({ id: bizProject.projectId })
    .from(bizProject)
    .where(
      and(inArray(bizProject.projectId, ids), eq(bizProject.delFlag, '0'), customerWhere(ctx, bizProject.clientId)),
    );
  if (rows.length !== ids.length) throw notFound();
  await db
    .update(bizProject)
    .set({ delFlag: '2', updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
    .where(and(inArray(bizProject.projectId, ids), customerWhere(ctx, bizProject.clientId)));
}

const lockKey = (userId: number, projectId: number) => `operate_pwd_err:${userId}:${projectId}`;

/**
 * Confirms a project's operation password before a control action. Wrong answers count per user
 * and project, like sign-in: after five, the check is locked for ten minutes. A project without
 * an operation password needs none (required: false).
 */
export async function verifyOperatePassword(
  deps: Deps,
  ctx: Ctx,
  projectId: number | null | undefined,
  password: string,
): Promise<{ required: boolean }> {
  const id = projectId ?? ctx.projectId;
  if (!id) throw fail(ctx.clientId === null ? 'tenant.clientBeforeProject' : 'tenant.project.required');
  const project = await scopedProject(deps.database.db, ctx, id);
  if (!project.operatePwd) return { required: false };
  const key = lockKey(ctx.principal.userId, project.projectId);
  const failures = Number((await deps.cache.get(key)) ?? 0);
  if (failures >= OPERATE_PWD_RETRIES)
    throw fail('tenant.project.operatePwdLocked', { minutes: OPERATE_PWD_LOCK_MINUTES });
  const verdict = await verifyPassword(password, project.operatePwd);
  if (!verdict.ok) {
    const count = await deps.cache.incr(key, OPERATE_PWD_LOCK_MINUTES * 60);
    if (count >= OPERATE_PWD_RETRIES)
      throw fail('tenant.project.operatePwdLocked', { minutes: OPERATE_PWD_LOCK_MINUTES });
    throw fail('tenant.project.operatePwdWrong', { left: OPERATE_PWD_RETRIES - count });
  }
  await deps.cache.del(key);
  return { required: true };
}
