import type { Lang } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { customerWhere, type Scope, sameCustomer } from '../../../platform/scope.ts';
import { sysUser } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { sysDeviceLog, sysLogininfor, sysOperLog } from './log.table.ts';
import { loginMessageText } from './login-log.ts';

/** Sign-in, operation and device-call logs: their SQL, always within the scope's customer. */

/* ---------------------------------------------------------------- login log */

export interface LoginLogFilter extends PageQuery {
  userName?: string;
  ipaddr?: string;
  status?: '0' | '1' | '';
}

export const LOGIN_SORTABLE = {
  infoId: sysLogininfor.infoId,
  userName: sysLogininfor.userName,
  ipaddr: sysLogininfor.ipaddr,
  status: sysLogininfor.status,
  loginTime: sysLogininfor.loginTime,
};
export const LOGIN_ORDER = [desc(sysLogininfor.infoId)];

/** A login-log row in the viewer's language (the message is stored as its key). */
const loginView = (row: typeof sysLogininfor.$inferSelect, lang: Lang) => ({
  ...row,
  msg: loginMessageText(row.msg, lang),
  loginTime: formatDate(row.loginTime),
});

function loginFiltered(scope: Scope, q: LoginLogFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    customerWhere(scope, sysLogininfor.clientId),
    q.userName ? ilike(sysLogininfor.userName, containing(q.userName)) : undefined,
    q.ipaddr ? ilike(sysLogininfor.ipaddr, containing(q.ipaddr)) : undefined,
    q.status ? eq(sysLogininfor.status, q.status) : undefined,
    begin ? gte(sysLogininfor.loginTime, begin) : undefined,
    end ? lte(sysLogininfor.loginTime, end) : undefined,
  );
}

export async function listLogins(db: Db, scope: Scope, q: LoginLogFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysLogininfor, loginFiltered(scope, q), page);
  return { rows: rows.map((r) => loginView(r, scope.lang)), total };
}

export async function exportLogins(db: Db, scope: Scope, q: LoginLogFilter) {
  const rows = await readExport(db, sysLogininfor, loginFiltered(scope, q), ...LOGIN_ORDER);
  return rows.map((r) => loginView(r, scope.lang));
}

/** Empties the scope's login log. */
export async function cleanLogins(db: Db, scope: Scope): Promise<void> {
  await db.delete(sysLogininfor).where(customerWhere(scope, sysLogininfor.clientId));
}

/** Removes the scope's rows among these ids; answers how many went. */
export async function deleteLogins(db: Db, scope: Scope, ids: number[]): Promise<number> {
  const removed = await db
    .delete(sysLogininfor)
    .where(and(inArray(sysLogininfor.infoId, ids), customerWhere(scope, sysLogininfor.clientId)))
    .returning({ id: sysLogininfor.infoId });
  return removed.length;
}

/** Whether the scope's customer has an account of this name (any case). */
export async function ownAccountNamed(db: Db, scope: Scope, userName: string): Promise<boolean> {
  const [own] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(
      and(sql`lower(${sysUser.userName}) = ${userName.toLowerCase()}`, sameCustomer(sysUser.clientId, scope.clientId)),
    );
  return own !== undefined;
}

/* ---------------------------------------------------------------- operation log */

export interface OperLogFilter extends PageQuery {
  title?: string;
  operName?: string;
  operIp?: string;
  businessType?: number;
  status?: number;
  'businessTypes[]'?: unknown;
}

export const OPER_SORTABLE = {
  operId: sysOperLog.operId,
  title: sysOperLog.title,
  businessType: sysOperLog.businessType,
  operName: sysOperLog.operName,
  status: sysOperLog.status,
  operTime: sysOperLog.operTime,
  costTime: sysOperLog.costTime,
};
export const OPER_ORDER = [desc(sysOperLog.operId)];

const operView = (row: typeof sysOperLog.$inferSelect) => ({ ...row, operTime: formatDate(row.operTime) });

/** Which operations: every one of the scope, or (customerUsersOnly) those of customer users. */
const operScope = (scope: Scope, customerUsersOnly: boolean) =>
  and(customerWhere(scope, sysOperLog.clientId), customerUsersOnly ? isNotNull(sysOperLog.clientId) : undefined);

function operFiltered(scope: Scope, q: OperLogFilter, customerUsersOnly: boolean): SQL | undefined {
  const { begin, end } = dateRange(q);
  const types = q['businessTypes[]'];
  const typeList = (Array.isArray(types) ? types : types === undefined ? [] : [types])
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 9);
  return and(
    operScope(scope, customerUsersOnly),
    q.title ? ilike(sysOperLog.title, containing(q.title)) : undefined,
    q.operName ? ilike(sysOperLog.operName, containing(q.operName)) : undefined,
    q.operIp ? ilike(sysOperLog.operIp, containing(q.operIp)) : undefined,
    q.businessType !== undefined ? eq(sysOperLog.businessType, q.businessType) : undefined,
    typeList.length ? inArray(sysOperLog.businessType, typeList) : undefined,
    q.status !== undefined ? eq(sysOperLog.status, q.status) : undefined,
    begin ? gte(sysOperLog.operTime, begin) : undefined,
    end ? lte(sysOperLog.operTime, end) : undefined,
  );
}

export async function listOperations(
  db: Db,
  scope: Scope,
  q: OperLogFilter,
  page: ListPage,
  customerUsersOnly: boolean,
) {
  const { rows, total } = await readPage(db, sysOperLog, operFiltered(scope, q, customerUsersOnly), page);
  return { rows: rows.map(operView), total };
}

export async function exportOperations(db: Db, scope: Scope, q: OperLogFilter, customerUsersOnly: boolean) {
  const rows = await readExport(db, sysOperLog, operFiltered(scope, q, customerUsersOnly), ...OPER_ORDER);
  return rows.map(operView);
}

export async function findOperation(db: Db, scope: Scope, operId: number, customerUsersOnly: boolean) {
  const row = await findIn(db, sysOperLog, sysOperLog.operId, operId, operScope(scope, customerUsersOnly));
  return row && operView(row);
}

/** Empties the scope's operation log. */
export async function cleanOperations(db: Db, scope: Scope): Promise<void> {
  await db.delete(sysOperLog).where(customerWhere(scope, sysOperLog.clientId));
}

/** Removes the scope's rows among these ids; answers how many went. */
export async function deleteOperations(db: Db, scope: Scope, ids: number[]): Promise<number> {
  const removed = await db
    .delete(sysOperLog)
    .where(and(inArray(sysOperLog.operId, ids), customerWhere(scope, sysOperLog.clientId)))
    .returning({ id: sysOperLog.operId });
  return removed.length;
}

/* ---------------------------------------------------------------- device log */

export interface DeviceLogFilter extends PageQuery {
  deviceUid?: string;
  deviceName?: string;
  action?: string;
  operName?: string;
  requestIp?: string;
  batchId?: string;
  status?: number;
}

export const DEVICE_LOG_SORTABLE = {
  logId: sysDeviceLog.logId,
  deviceUid: sysDeviceLog.deviceUid,
  action: sysDeviceLog.action,
  operName: sysDeviceLog.operName,
  status: sysDeviceLog.status,
  consumeTime: sysDeviceLog.consumeTime,
  batchCount: sysDeviceLog.batchCount,
  createTime: sysDeviceLog.createTime,
};
export const DEVICE_LOG_ORDER = [desc(sysDeviceLog.logId)];

const deviceView = (row: typeof sysDeviceLog.$inferSelect) => ({
  ...row,
  createTime: formatDate(row.createTime),
  finishTime: formatDate(row.finishTime),
});

/** Device calls of the scope's customer, and of its chosen project when there is one. */
const deviceScope = (scope: Scope) =>
  and(
    customerWhere(scope, sysDeviceLog.clientId),
    scope.projectId !== null ? eq(sysDeviceLog.projectId, scope.projectId) : undefined,
  );

function deviceFiltered(scope: Scope, q: DeviceLogFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    deviceScope(scope),
    q.deviceUid ? ilike(sysDeviceLog.deviceUid, containing(q.deviceUid)) : undefined,
    q.deviceName ? ilike(sysDeviceLog.deviceName, containing(q.deviceName)) : undefined,
    q.action ? eq(sysDeviceLog.action, q.action) : undefined,
    q.operName ? ilike(sysDeviceLog.operName, containing(q.operName)) : undefined,
    q.requestIp ? ilike(sysDeviceLog.requestIp, containing(q.requestIp)) : undefined,
    q.batchId ? eq(sysDeviceLog.batchId, q.batchId) : undefined,
    q.status !== undefined ? eq(sysDeviceLog.status, q.status) : undefined,
    begin ? gte(sysDeviceLog.createTime, begin) : undefined,
    end ? lte(sysDeviceLog.createTime, end) : undefined,
  );
}

export async function listDeviceCalls(db: Db, scope: Scope, q: DeviceLogFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysDeviceLog, deviceFiltered(scope, q), page);
  return { rows: rows.map(deviceView), total };
}

export async function exportDeviceCalls(db: Db, scope: Scope, q: DeviceLogFilter) {
  const rows = await readExport(db, sysDeviceLog, deviceFiltered(scope, q), ...DEVICE_LOG_ORDER);
  return rows.map(deviceView);
}

export async function findDeviceCall(db: Db, scope: Scope, logId: number) {
  const row = await findIn(db, sysDeviceLog, sysDeviceLog.logId, logId, deviceScope(scope));
  return row && deviceView(row);
}
