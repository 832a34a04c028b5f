import type { Lang, MessageKey } from '@luxgrid/contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './db.ts';
import { fail, forbidden } from './errors.ts';
import { dataScopeFilter, isAdmin, type Principal } from './rbac.ts';

/**
 * Who asks, for which customer and project, in which language: built once per request when the
 * token is read (see `authenticate`) and handed to services and repositories. Every repository
 * function takes it first, so that no query can be written without it.
 */
export interface Scope {
  readonly userId: number;
  readonly userName: string;
  /** the customer acted for: a customer user's own, or the one a platform user chose; null = all customers */
  readonly clientId: number | null;
  /** the user belongs to no customer (platform operator) */
  readonly platform: boolean;
  /** the project chosen in the top bar; null = every project of the customer */
  readonly projectId: number | null;
  /** the data scopes of the user's roles ('1' all … '5' self only), for department/user-owned rows */
  readonly dataScopes: readonly string[];
  readonly lang: Lang;
  /** the signed-in user with roles and permissions, for data-scope filters and permission checks */
  readonly principal: Principal;
}

/** The scope of a signed-in user: customer users always work inside their own customer. */
export function buildScope(
  principal: Principal,
  chosen: { clientId: number | null; projectId: number | null },
  lang: Lang,
): Scope {
  return {
    userId: principal.userId,
    userName: principal.userName,
    clientId: principal.clientId ?? chosen.clientId,
    platform: principal.clientId === null,
    projectId: chosen.projectId,
    dataScopes: principal.roles.map((role) => role.dataScope),
    lang,
    principal,
  };
}

/** The customer filter on one column: none when a platform user chose all customers. */
export function customerWhere(scope: Pick<Scope, 'clientId'>, column: AnyPgColumn): SQL | undefined {
  return scope.clientId === null ? undefined : eq(column, scope.clientId);
}

/** Rows of exactly this customer (null = the platform's own rows), for uniqueness within a customer. */
export function sameCustomer(column: AnyPgColumn, clientId: number | null): SQL {
  return clientId === null ? isNull(column) : eq(column, clientId);
}

/** A table whose rows belong to a customer, and perhaps to one of its projects. */
export interface ScopedColumns {
  clientId: AnyPgColumn;
  projectId?: AnyPgColumn;
}

/**
 * The scope of a query over a customer's table: its customer always; its project when one is
 * given (a list's project filter, by default the project chosen in the top bar). By-id lookups
 * pass `{ projectId: null }`: a record of the customer is found whichever project is chosen.
 */
export function scopeWhere(
  scope: Pick<Scope, 'clientId' | 'projectId'>,
  table: ScopedColumns,
  opts: { projectId?: number | null } = {},
): SQL | undefined {
  const projectId = opts.projectId === undefined ? scope.projectId : opts.projectId;
  return and(
    customerWhere(scope, table.clientId),
    table.projectId && projectId ? eq(table.projectId, projectId) : undefined,
  );
}

/** The rows of department- or user-owned tables the user's roles let it see (undefined = all). */
export function dataScopeWhere(
  scope: Pick<Scope, 'principal'>,
  cols: { dept: AnyPgColumn | SQL; user?: AnyPgColumn | SQL },
): SQL | undefined {
  return dataScopeFilter(scope.principal, cols);
}

/** The one customer a write acts for; platform users must have chosen one. */
export function requireCustomer(scope: Pick<Scope, 'clientId'>): number {
  if (scope.clientId === null) throw fail('tenant.customerRequired');
  return scope.clientId;
}

/** Global settings and the customers themselves are administered by platform users only. */
export function requirePlatform(scope: Pick<Scope, 'platform'>, key: MessageKey = 'http.403'): void {
  if (!scope.platform) throw forbidden(key);
}

/** A platform administrator (the only one who may share records with every customer). */
export function isPlatformAdmin(scope: Pick<Scope, 'platform' | 'principal'>): boolean {
  return scope.platform && isAdmin(scope.principal);
}

/** Who created a row and when. */
export function created(scope: Pick<Scope, 'userName'>, now: number) {
  return { createBy: scope.userName, createTime: new Date(now) };
}

/** Who last changed a row and when. */
export function updated(scope: Pick<Scope, 'userName'>, now: number) {
  return { updateBy: scope.userName, updateTime: new Date(now) };
}

/** Positional parameters of one raw SQL statement: `add(value)` keeps the value and answers its `$n`. */
export class SqlParams {
  readonly values: unknown[];
  constructor(...values: unknown[]) {
    this.values = values;
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The scope of a raw SQL query, the counterpart of `scopeWhere` for statements written by hand:
 * `<client column> = $n` for one customer and, when a project column is named and a project is
 * given, `<project column> = $m`; `true` when a platform user chose all customers. It replaces the
 * hand-written `($n::bigint is null or client_id = $n)`.
 */
export function scopeSql(
  scope: { clientId: number | null; projectId?: number | null },
  params: SqlParams,
  columns: { client: string; project?: string } = { client: 'client_id' },
): string {
  const conds: string[] = [];
  if (scope.clientId !== null) conds.push(`${columns.client} = ${params.add(scope.clientId)}`);
  if (columns.project && scope.projectId != null) conds.push(`${columns.project} = ${params.add(scope.projectId)}`);
  return conds.length ? conds.join(' and ') : 'true';
}

/** The IANA time zone dates are shown in: the chosen project's, else the platform's default. */
export async function scopeTimeZone(database: Database, scope: Pick<Scope, 'clientId' | 'projectId'>) {
  if (scope.projectId !== null) {
    const p = new SqlParams(scope.projectId);
    const [row] = await database.query<{ zone: string }>(
      `select iana_time_zone as zone from biz_project where project_id = $1 and ${scopeSql(scope, p)}`,
      p.values,
    );
    if (row) return row.zone;
  }
  return DEFAULT_TIME_ZONE;
}

/** The zone of a project created without one (biz_project.iana_time_zone's default). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
