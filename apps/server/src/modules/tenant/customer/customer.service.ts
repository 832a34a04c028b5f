import {
  type CustomerConfigBody,
  type CustomerCreateBody,
  type CustomerUpdateBody,
  type Lang,
  message,
  parseDateTime,
} from '@luxgrid/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { hashPassword } from '../../../platform/auth/password.ts';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { isAdmin } from '../../../platform/rbac.ts';
import { sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../../system/dept/dept.table.ts';
import { sysRole } from '../../system/role/role.table.ts';
import { sysUser, sysUserRole } from '../../system/user/user.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { sysPackage } from '../package/package.table.ts';
import { bizProject } from '../project/project.table.ts';
import {
  endOf,
  followSubscriptions,
  runningAt,
  subscribablePackage,
  subscriptionState,
} from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysSystem } from '../subsystem/subsystem.table.ts';
import { clientState, forgetClientState } from './client-state.ts';
import { sysClient, sysClientMenu, sysClientSystem } from './customer.table.ts';
import { applyEntitlements, assignableMenus, CUSTOMER_ADMIN_ROLE, type MenuNode } from './entitlements.ts';
import { type ValidState, validState } from './validity.ts';

type ClientRow = typeof sysClient.$inferSelect;

/** A customer as screens show it: dates formatted, validity computed, the default password never. */
export function customerView(row: ClientRow, now: number) {
  const state = validState(row.validFrom, row.validTo, now);
  const { defaultPassword, delFlag: _deleted, ...rest } = row;
  return {
    ...rest,
    id: row.clientId,
    validFrom: formatDate(row.validFrom),
    validTo: formatDate(row.validTo),
    validState: state,
    expire: state !== 'normal',
    hasDefaultPassword: defaultPassword !== '',
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

/** Rows of customers in the validity state at `now`. */
export function validStateFilter(state: ValidState, now: number): SQL | undefined {
  const at = new Date(now);
  const started = or(isNull(sysClient.validFrom), lte(sysClient.validFrom, at));
  if (state === 'not_started') return gt(sysClient.validFrom, at);
  if (state === 'expired') return and(started, lt(sysClient.validTo, at));
  return and(started, or(isNull(sysClient.validTo), gte(sysClient.validTo, at)));
}

/** The customer a caller may read: customer users only their own (another id is simply not found). */
export async function readableClient(db: Db, ctx: Ctx, clientId: number): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(sysClient)
    .where(
      and(
        eq(sysClient.clientId, clientId),
        eq(sysClient.delFlag, '0'),
        ctx.platform ? undefined : sameCustomer(sysClient.clientId, ctx.clientId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** Per-customer figures for a page of the list: main account, running package, project and user counts. */
export async function listExtras(db: Db, rows: ClientRow[], now: number) {
  const ids = rows.map((r) => r.clientId);
  if (!ids.length) return new Map<number, ListExtra>();
  const mainIds = rows.map((r) => r.mainUserId).filter((id): id is number => id !== null);
  const [accounts, running, projects, users] = await Promise.all([
    mainIds.length
      ? db
          .select({ id: sysUser.userId, userName: sysUser.userName })
          .from(sysUser)
          .where(inArray(sysUser.userId, mainIds))
      : [],
    db
      .select({
        clientId: sysClientSubscription.clientId,
        packageId: sysPackage.packageId,
        packageName: sysPackage.packageName,
        endTime: sysClientSubscription.endTime,
      })
      .from(sysClientSubscription)
      .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId))
      .where(and(inArray(sysClientSubscription.clientId, ids), runningAt(new Date(now))))
      .orderBy(asc(sysClientSubscription.endTime)),
    db
      .select({ clientId: bizProject.clientId, n: count() })
      .from(bizProject)
      .where(and(inArray(bizProject.clientId, ids), eq(bizProject.delFlag, '0')))
      .groupBy(bizProject.clientId),
    db
      .select({ clientId: sysUser.clientId, n: count() })
      .from(sysUser)
      .where(and(inArray(sysUser.clientId, ids), eq(sysUser.delFlag, '0')))
      .groupBy(sysUser.clientId),
  ]);
  const out = new Map<number, ListExtra>();
  for (const row of rows) {
    // the subscription that runs longest names the current package
    const current = running.filter((s) => s.clientId === row.clientId).pop();
    out.set(row.clientId, {
      mainAccount: accounts.find((a) => a.id === row.mainUserId)?.userName ?? null,
      packageId: current?.packageId ?? null,
      packageName: current?.packageName ?? null,
      projectCount: projects.find((p) => p.clientId === row.clientId)?.n ?? 0,
      userCount: users.find((u) => u.clientId === row.clientId)?.n ?? 0,
    });
  }
  return out;
}

interface ListExtra {
  mainAccount: string | null;
  packageId: number | null;
  packageName: string | null;
  projectCount: number;
  userCount: number;
}

/** A customer with what was chosen for it and what it holds now, for the edit form and the detail view. */
export async function customerDetail(deps: Deps, ctx: Ctx, clientId: number) {
  const { db } = deps.database;
  const row = await readableClient(db, ctx, clientId);
  // a subscription may have started or ended since anyone of the customer last came by
  await clientState(deps, clientId);
  const now = deps.clock.now();
  const [extras, systems, menus, subscriptions] = await Promise.all([
    listExtras(db, [row], now),
    db.select().from(sysClientSystem).where(eq(sysClientSystem.clientId, clientId)),
    db.select().from(sysClientMenu).where(eq(sysClientMenu.clientId, clientId)),
    db
      .select({ subscription: sysClientSubscription, packageName: sysPackage.packageName })
      .from(sysClientSubscription)
      .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId))
      .where(eq(sysClientSubscription.clientId, clientId))
      .orderBy(desc(sysClientSubscription.endTime))
      .limit(50),
  ]);
  return {
    ...customerView(row, now),
    ...extras.get(clientId),
    /** chosen for the customer */
    systemIds: sortedIds(systems.filter((s) => s.explicit).map((s) => s.systemId)),
    menuIds: sortedIds(menus.filter((m) => m.explicit).map((m) => m.menuId)),
    /** granted now by running subscriptions */
    subscribedSystemIds: sortedIds(systems.filter((s) => !s.explicit).map((s) => s.systemId)),
    /** everything the customer may enter and hold now */
    effectiveSystemIds: sortedIds(systems.map((s) => s.systemId)),
    effectiveMenuCount: menus.length,
    subscriptions: subscriptions.map(({ subscription: s, packageName }) => ({
      subscriptionId: s.subscriptionId,
      packageId: s.packageId,
      packageName,
      startTime: formatDate(s.startTime),
      endTime: formatDate(s.endTime),
      price: Number(s.price),
      status: s.status,
      state: subscriptionState(s, now),
    })),
  };
}

const sortedIds = (ids: number[]) => [...ids].sort((a, b) => a - b);

const dateOrNull = (value: string | null | undefined, endOfDay: boolean): Date | null | undefined =>
  value === undefined ? undefined : value === null ? null : parseDateTime(value, endOfDay);

async function ensureCodeFree(db: Db, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: sysClient.clientId })
    .from(sysClient)
    .where(
      and(eq(sysClient.code, code), eq(sysClient.delFlag, '0'), selfId ? ne(sysClient.clientId, selfId) : undefined),
    );
  if (clash) throw fail('tenant.codeExists', { code });
}

/** Only platform administrators set a customer's homepage address. */
function guardHomeRouter(ctx: Ctx, wanted: string | undefined, current: string) {
  if (wanted === undefined || wanted === current) return;
  if (!isAdmin(ctx.principal)) throw forbidden();
}

/**
 * A new customer with its main account: department root, customer-admin role holding every menu
 * given to the customer, and the admin user with the default password (to be changed at first
 * sign-in). An optional package starts its first subscription.
 */
export async function createCustomer(deps: Deps, ctx: Ctx, body: CustomerCreateBody): Promise<number> {
  const { db } = deps.database;
  guardHomeRouter(ctx, body.homeRouter || undefined, '');
  await ensureCodeFree(db, body.code);
  const [taken] = await db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, body.mainAccount));
  if (taken) throw fail('tenant.mainAccountExists', { userName: body.mainAccount });
  const pkg = body.packageId ? await subscribablePackage(db, body.packageId) : null;
  if (pkg && pkg.status !== '0') throw fail('tenant.package.disabled', { name: pkg.packageName });

  const passwordHash = await hashPassword(body.defaultPassword);
  const now = deps.clock.now();
  const by = ctx.principal.userName;
  const validFrom = dateOrNull(body.validFrom, false) ?? null;
  const validTo = dateOrNull(body.validTo, true) ?? null;
  const clientId = await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(sysClient)
      .values({
        code: body.code,
        name: body.name,
        shortName: body.shortName ?? '',
        address: body.address ?? '',
        contacts: body.contacts ?? '',
        phone: body.phone ?? '',
        platformName: body.platformName ?? '',
        logo: body.logo ?? '',
        loginPageBackground: body.loginPageBackground ?? '',
        loginPageLogo: body.loginPageLogo ?? '',
        homeRouter: body.homeRouter ?? '',
        operators: body.operators ?? '',
        validFrom,
        validTo,
        defaultPassword: passwordHash,
        status: body.status ?? '0',
        remark: body.remark ?? '',
        createBy: by,
        createTime: new Date(now),
      })
      .returning({ id: sysClient.clientId });
    const id = client!.id;
    const [dept] = await tx
      .insert(sysDept)
      .values({
        clientId: id,
        parentId: 0,
        ancestors: '0',
        deptName: body.name.slice(0, 30),
        orderNum: 0,
        leader: (body.contacts ?? '').slice(0, 20),
        phone: body.phone ?? '',
        createBy: by,
      })
      .returning({ id: sysDept.deptId });
    const [role] = await tx
      .insert(sysRole)
      .values({
        clientId: id,
        roleName: message('tenant.customerAdminRole', ctx.lang),
        roleKey: CUSTOMER_ADMIN_ROLE,
        roleSort: 1,
        dataScope: '1',
        createBy: by,
      })
      .returning({ id: sysRole.roleId });
    const [user] = await tx
      .insert(sysUser)
      .values({
        clientId: id,
        deptId: dept!.id,
        userName: body.mainAccount,
        nickName: (body.shortName || body.name).slice(0, 30),
        phonenumber: body.phone ?? '',
        password: passwordHash,
        pwdMustChange: true,
        createBy: by,
        createTime: new Date(now),
      })
      .returning({ id: sysUser.userId });
    await tx.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
    await tx.update(sysClient).set({ mainUserId: user!.id }).where(eq(sysClient.clientId, id));
    if (pkg) {
      const start = validFrom ?? new Date(now);
      await tx.insert(sysClientSubscription).values({
        clientId: id,
        packageId: pkg.packageId,
        startTime: start,
        endTime: endOf(pkg, start, validTo),
        price: pkg.subscriptionPrice,
        createBy: by,
        createTime: new Date(now),
      });
      await followSubscriptions(tx, id, by, now);
    }
    await applyEntitlements(tx, id, now, { systemIds: body.systemIds ?? [], menuIds: body.menuIds });
    return id;
  });
  await forgetClientState(deps, clientId);
  return clientId;
}

/** Edits a customer (platform users). Absent fields keep their value. */
export async function updateCustomer(deps: Deps, ctx: Ctx, body: CustomerUpdateBody): Promise<void> {
  const { db } = deps.database;
  const current = await readableClient(db, ctx, body.clientId);
  if (!ctx.platform) throw forbidden();
  guardHomeRouter(ctx, body.homeRouter, current.homeRouter);
  if (body.code !== current.code) await ensureCodeFree(db, body.code, current.clientId);
  const passwordHash = body.defaultPassword ? await hashPassword(body.defaultPassword) : undefined;
  const now = deps.clock.now();
  const changed = await db.transaction(async (tx) => {
    await tx
      .update(sysClient)
      .set({
        code: body.code,
        name: body.name,
        shortName: body.shortName,
        address: body.address,
        contacts: body.contacts,
        phone: body.phone,
        platformName: body.platformName,
        logo: body.logo,
        loginPageBackground: body.loginPageBackground,
        loginPageLogo: body.loginPageLogo,
        homeRouter: body.homeRouter,
        operators: body.operators,
        validFrom: dateOrNull(body.validFrom, false),
        validTo: dateOrNull(body.validTo, true),
        defaultPassword: passwordHash,
        status: body.status,
        remark: body.remark,
        updateBy: ctx.principal.userName,
        updateTime: new Date(now),
      })
      .where(eq(sysClient.clientId, current.clientId));
    if (body.systemIds === undefined && body.menuIds === undefined) return false;
    const systemIds =
      body.systemIds ??
      (
        await tx
          .select({ id: sysClientSystem.systemId })
          .from(sysClientSystem)
          .where(and(eq(sysClientSystem.clientId, current.clientId), eq(sysClientSystem.explicit, true)))
      ).map((r) => r.id);
    return applyEntitlements(tx, current.clientId, now, { systemIds, menuIds: body.menuIds });
  });
  if (changed) await invalidateAuthz(deps.cache);
  if (body.status === '1' && current.status !== '1') await endSessions(deps, current.clientId);
  await forgetClientState(deps, current.clientId);
}

/** Signs every user of a customer out (customer disabled or deleted). */
async function endSessions(deps: Deps, clientId: number) {
  const users = await deps.database.db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(eq(sysUser.clientId, clientId));
  for (const user of users) await deps.sessions.removeUser(user.id);
}

export async function changeCustomerStatus(deps: Deps, ctx: Ctx, clientId: number, status: string): Promise<void> {
  const current = await readableClient(deps.database.db, ctx, clientId);
  if (!ctx.platform) throw forbidden();
  await deps.database.db
    .update(sysClient)
    .set({ status, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
    .where(eq(sysClient.clientId, current.clientId));
  if (status === '1') await endSessions(deps, current.clientId);
  await forgetClientState(deps, current.clientId);
}

/** Removes customers that no longer have projects; their users can no longer sign in. */
export async function deleteCustomers(deps: Deps, ctx: Ctx, ids: number[]): Promise<void> {
  const { db } = deps.database;
  const rows = [];
  for (const id of ids) rows.push(await readableClient(db, ctx, id));
  if (!ctx.platform) throw forbidden();
  for (const row of rows) {
    const [busy] = await db
      .select({ id: bizProject.projectId })
      .from(bizProject)
      .where(and(eq(bizProject.clientId, row.clientId), eq(bizProject.delFlag, '0')))
      .limit(1);
    if (busy) throw fail('tenant.clientHasProjects', { name: row.name });
  }
  const now = new Date(deps.clock.now());
  const by = ctx.principal.userName;
  await db.transaction(async (tx) => {
    await tx
      .update(sysClient)
      .set({ delFlag: '2', updateBy: by, updateTime: now })
      .where(inArray(sysClient.clientId, ids));
    await tx.update(sysUser).set({ delFlag: '2', updateBy: by, updateTime: now }).where(inArray(sysUser.clientId, ids));
  });
  for (const id of ids) {
    await endSessions(deps, id);
    await forgetClientState(deps, id);
  }
  await invalidateAuthz(deps.cache);
}

/** What a customer administrator changes about its own customer: names, logos, login page, operators. */
export async function updateCustomerConfig(deps: Deps, ctx: Ctx, clientId: number, body: CustomerConfigBody) {
  const current = await readableClient(deps.database.db, ctx, clientId);
  await deps.database.db
    .update(sysClient)
    .set({ ...body, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
    .where(eq(sysClient.clientId, current.clientId));
}

export interface MenuTreeNode {
  id: number;
  label: string;
  menuType: string;
  children?: MenuTreeNode[];
}

/** The menus a customer may be given, per subsystem, as trees for the customer form. */
export async function assignableMenuTree(db: Db, systemIds: number[], lang: Lang) {
  const systems = systemIds.length
    ? await db
        .select()
        .from(sysSystem)
        .where(inArray(sysSystem.systemId, systemIds))
        .orderBy(asc(sysSystem.orderNum), asc(sysSystem.systemId))
    : [];
  const menus = await assignableMenus(
    db,
    systems.map((s) => s.systemId),
  );
  return systems.map((s) => ({
    systemId: s.systemId,
    encode: s.encode,
    name: localized(lang, s.name, s.nameEn),
    menus: buildTree(
      menus.filter((m) => m.systemId === s.systemId),
      lang,
    ),
  }));
}

function buildTree(menus: MenuNode[], lang: Lang): MenuTreeNode[] {
  const ids = new Set(menus.map((m) => m.menuId));
  const sorted = [...menus].sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
  const childrenOf = (parentId: number): MenuTreeNode[] =>
    sorted
      .filter((m) => m.parentId === parentId)
      .map((m) => {
        const children = childrenOf(m.menuId);
        return {
          id: m.menuId,
          label: localized(lang, m.menuName, m.menuNameEn),
          menuType: m.menuType,
          ...(children.length ? { children } : {}),
        };
      });
  // roots: menus whose parent is not among the assignable ones
  return sorted
    .filter((m) => !ids.has(m.parentId))
    .map((m) => {
      const children = childrenOf(m.menuId);
      return {
        id: m.menuId,
        label: localized(lang, m.menuName, m.menuNameEn),
        menuType: m.menuType,
        ...(children.length ? { children } : {}),
      };
    });
}
