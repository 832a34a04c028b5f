import type { Lang, MenuAddBody } from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { orderOf } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import type { Principal } from '../../../platform/rbac.ts';
import { type Scope, sameCustomer } from '../../../platform/scope.ts';
import { sysClientMenu } from '../../tenant/customer/customer.table.ts';
import { sysSystem } from '../../tenant/subsystem/subsystem.table.ts';
import { grantableMenuIds } from '../role/grants.ts';
import { sysRoleMenu } from '../role/role.table.ts';
import { buildTree } from '../tree.ts';
import { formatDate } from '../user/user-info.ts';
import { sysMenu } from './menu.table.ts';

/** The menu tree of every subsystem: its SQL. Customers read the menus chosen for them; platform users every menu. */

type MenuRow = typeof sysMenu.$inferSelect;

export interface MenuFilter {
  menuName?: string;
  status?: '0' | '1' | '';
  visible?: '0' | '1' | '';
  menuType?: 'M' | 'C' | 'F' | '';
  systemId?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}

/** Siblings are ordered by the chosen column; rows always come grouped by subsystem and parent. */
const SORTABLE = { orderNum: sysMenu.orderNum, menuName: sysMenu.menuName, menuId: sysMenu.menuId };

const view = (row: MenuRow, lang: Lang) => ({
  ...row,
  title: localized(lang, row.menuName, row.menuNameEn),
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

/** The menus a customer user reads: those chosen for its customer; a platform user reads all. */
function menusOfScope(db: Db, scope: Scope): SQL | undefined {
  if (scope.platform) return undefined;
  return inArray(
    sysMenu.menuId,
    db
      .select({ id: sysClientMenu.menuId })
      .from(sysClientMenu)
      .where(sameCustomer(sysClientMenu.clientId, scope.clientId)),
  );
}

export async function listMenus(db: Db, scope: Scope, q: MenuFilter) {
  const rows = await db
    .select()
    .from(sysMenu)
    .where(
      and(
        menusOfScope(db, scope),
        q.menuName
          ? or(ilike(sysMenu.menuName, containing(q.menuName)), ilike(sysMenu.menuNameEn, containing(q.menuName)))
          : undefined,
        q.status ? eq(sysMenu.status, q.status) : undefined,
        q.visible ? eq(sysMenu.visible, q.visible) : undefined,
        q.menuType ? eq(sysMenu.menuType, q.menuType) : undefined,
        q.systemId ? eq(sysMenu.systemId, q.systemId) : undefined,
      ),
    )
    .orderBy(
      asc(sysMenu.systemId),
      asc(sysMenu.parentId),
      ...orderOf(q, SORTABLE, [asc(sysMenu.orderNum), asc(sysMenu.menuId)]),
    )
    .limit(20_000);
  return rows.map((r) => view(r, scope.lang));
}

/** A menu the scope may read, or "not found". */
export async function findMenu(db: Db, scope: Scope, menuId: number) {
  const [row] = await db
    .select()
    .from(sysMenu)
    .where(and(eq(sysMenu.menuId, menuId), menusOfScope(db, scope)));
  if (!row) throw notFound();
  return view(row, scope.lang);
}

/** The menus the caller may grant to a role of this customer (null: the platform's), as a tree. */
export async function menuTree(db: Db, principal: Principal, lang: Lang, roleClient: number | null) {
  const rows = await db
    .select({
      menuId: sysMenu.menuId,
      parentId: sysMenu.parentId,
      menuName: sysMenu.menuName,
      menuNameEn: sysMenu.menuNameEn,
      menuType: sysMenu.menuType,
      systemId: sysMenu.systemId,
      perms: sysMenu.perms,
      status: sysMenu.status,
    })
    .from(sysMenu)
    .where(inArray(sysMenu.menuId, grantableMenuIds(db, principal, roleClient)))
    .orderBy(asc(sysMenu.systemId), asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  return buildTree(
    rows,
    (r) => r.menuId,
    (r) => r.parentId,
    (r) => ({
      id: r.menuId,
      label: localized(lang, r.menuName, r.menuNameEn),
      menuType: r.menuType,
      systemId: r.systemId,
      perms: r.perms,
      status: r.status,
    }),
  );
}

/** The menus granted to a role, with their parents. */
export function roleMenus(db: Db, roleId: number) {
  return db
    .select({ id: sysRoleMenu.menuId, parentId: sysMenu.parentId })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(eq(sysRoleMenu.roleId, roleId));
}

/** Ids of the menu's descendants (the menu itself excluded). */
async function descendants(database: Database, menuId: number): Promise<Set<number>> {
  const rows = await database.query<{ menu_id: number }>(
    `with recursive t as (select menu_id from sys_menu where parent_id = $1
       union all select m.menu_id from sys_menu m join t on m.parent_id = t.menu_id)
     select menu_id from t`,
    [menuId],
  );
  return new Set(rows.map((r) => Number(r.menu_id)));
}

/** The subsystem a menu goes into: the chosen one at the top, else its parent's (never below a button). */
async function placement(db: Db, body: MenuAddBody): Promise<number> {
  if (body.parentId === 0) {
    const systemId = body.systemId ?? 100;
    const [system] = await db.select().from(sysSystem).where(eq(sysSystem.systemId, systemId));
    if (!system) throw fail('system.menu.systemMissing');
    return systemId;
  }
  const [parent] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, body.parentId));
  if (!parent) throw fail('system.menu.parentMissing');
  if (parent.menuType === 'F') throw fail('system.menu.parentButton');
  return parent.systemId;
}

/** Menu names are unique among their siblings. */
async function ensureUniqueName(db: Db, body: MenuAddBody, systemId: number, selfId?: number) {
  const [clash] = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(
      and(
        eq(sysMenu.parentId, body.parentId),
        eq(sysMenu.systemId, systemId),
        eq(sysMenu.menuName, body.menuName),
        selfId ? ne(sysMenu.menuId, selfId) : undefined,
      ),
    );
  if (clash) throw fail('system.menu.nameExists', { menuName: body.menuName });
}

const values = (body: MenuAddBody) => ({
  menuName: body.menuName,
  menuNameEn: body.menuNameEn ?? '',
  parentId: body.parentId,
  orderNum: body.orderNum,
  path: body.menuType === 'F' ? '' : (body.path ?? ''),
  component: body.menuType === 'C' ? body.component || null : null,
  query: body.menuType === 'C' ? (body.query ?? '') : '',
  routeName: body.routeName ?? '',
  isFrame: body.isFrame,
  isCache: body.isCache,
  menuType: body.menuType,
  visible: body.visible,
  status: body.status,
  perms: body.perms ?? '',
  icon: body.icon || '#',
  remark: body.remark ?? '',
});

export async function insertMenu(db: Db, scope: Scope, now: number, body: MenuAddBody): Promise<number> {
  const systemId = await placement(db, body);
  await ensureUniqueName(db, body, systemId);
  const [row] = await db
    .insert(sysMenu)
    .values({ ...values(body), systemId, createBy: scope.userName, createTime: new Date(now) })
    .returning({ id: sysMenu.menuId });
  return row!.id;
}

/** Changes a menu; moved to another subsystem, the menus below it move along. */
export async function updateMenu(
  database: Database,
  scope: Scope,
  now: number,
  body: MenuAddBody & { menuId: number },
): Promise<void> {
  const { db } = database;
  const [target] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, body.menuId));
  if (!target) throw notFound();
  if (body.parentId === target.menuId || (await descendants(database, target.menuId)).has(body.parentId))
    throw fail('system.menu.parentSelf', { menuName: body.menuName });
  const systemId = body.parentId === 0 && !body.systemId ? target.systemId : await placement(db, body);
  await ensureUniqueName(db, body, systemId, target.menuId);
  await db.transaction(async (tx) => {
    await tx
      .update(sysMenu)
      .set({ ...values(body), systemId, updateBy: scope.userName, updateTime: new Date(now) })
      .where(eq(sysMenu.menuId, target.menuId));
    if (systemId !== target.systemId) {
      const below = [...(await descendants(database, target.menuId))];
      if (below.length) await tx.update(sysMenu).set({ systemId }).where(inArray(sysMenu.menuId, below));
    }
  });
}

/** Saves the display order of menus; every id must name one. */
export async function sortMenus(db: Db, scope: Scope, now: number, pairs: Map<number, number>): Promise<void> {
  const found = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(inArray(sysMenu.menuId, [...pairs.keys()]));
  if (found.length !== pairs.size) throw notFound();
  const at = new Date(now);
  await db.transaction(async (tx) => {
    for (const [menuId, orderNum] of pairs)
      await tx
        .update(sysMenu)
        .set({ orderNum, updateBy: scope.userName, updateTime: at })
        .where(eq(sysMenu.menuId, menuId));
  });
}

/** Removes a menu with nothing below it that no role or customer holds. */
export async function deleteMenu(db: Db, menuId: number): Promise<void> {
  const [target] = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.menuId, menuId));
  if (!target) throw notFound();
  const [child] = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1);
  if (child) throw fail('system.menu.hasChildren');
  const [granted] = await db
    .select({ id: sysRoleMenu.roleId })
    .from(sysRoleMenu)
    .where(eq(sysRoleMenu.menuId, menuId))
    .limit(1);
  const [selected] = await db
    .select({ id: sysClientMenu.clientId })
    .from(sysClientMenu)
    .where(eq(sysClientMenu.menuId, menuId))
    .limit(1);
  if (granted || selected) throw fail('system.menu.assigned');
  await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
}
