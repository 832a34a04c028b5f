import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { sysMenu } from '../../system/menu/menu.table.ts';
import { sysRole, sysRoleMenu } from '../../system/role/role.table.ts';
import { sysPackageSystem } from '../package/package.table.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysSystem } from '../subsystem/subsystem.table.ts';
import { sysClientMenu, sysClientSystem } from './customer.table.ts';

/** The role every customer's main account holds; it follows the customer's menus. */
export const CUSTOMER_ADMIN_ROLE = 'customer_admin';

/**
 * Menus only the platform operator holds, whatever a customer is given: tenant administration,
 * platform monitors and tools, the menu tree and dictionaries, the platform parameters.
 * A key matches itself and everything below it.
 */
export const PLATFORM_ONLY_MENU_KEYS = [
  'sysclient.customer',
  'sysclient.package',
  'sysclient.subscription',
  'sysclient.system',
  'sysclient.platform',
  'monitor.job',
  'monitor.jobLog',
  'monitor.druid',
  'monitor.server',
  'monitor.cache',
  'tool.gen',
  'tool.genEdit',
  'system.menu',
  'system.dict',
  'system.dictData',
  // the platform's parameters are its own (customers read only the public keys, by key)
  'system.config',
];

export function isPlatformOnlyMenu(key: string | null | undefined): boolean {
  if (!key) return false;
  return PLATFORM_ONLY_MENU_KEYS.some((p) => key === p || key.startsWith(`${p}.`));
}

export interface MenuNode {
  menuId: number;
  parentId: number;
  systemId: number;
  menuKey: string | null;
  menuName: string;
  menuNameEn: string;
  menuType: string;
  orderNum: number;
}

/** Menus of the given subsystems that a customer may be given. */
export async function assignableMenus(db: Db, systemIds: number[]): Promise<MenuNode[]> {
  if (!systemIds.length) return [];
  const rows = await db
    .select({
      menuId: sysMenu.menuId,
      parentId: sysMenu.parentId,
      systemId: sysMenu.systemId,
      menuKey: sysMenu.menuKey,
      menuName: sysMenu.menuName,
      menuNameEn: sysMenu.menuNameEn,
      menuType: sysMenu.menuType,
      orderNum: sysMenu.orderNum,
    })
    .from(sysMenu)
    .where(inArray(sysMenu.systemId, systemIds));
  return rows.filter((m) => !isPlatformOnlyMenu(m.menuKey));
}

/** Subsystems granted by the packages of the subscriptions running at `now`. */
export async function subscribedSystems(db: Db, clientId: number, now: number): Promise<number[]> {
  const at = new Date(now);
  const rows = await db
    .selectDistinct({ systemId: sysPackageSystem.systemId })
    .from(sysClientSubscription)
    .innerJoin(sysPackageSystem, eq(sysPackageSystem.packageId, sysClientSubscription.packageId))
    .where(
      and(
        eq(sysClientSubscription.clientId, clientId),
        eq(sysClientSubscription.status, '0'),
        lte(sysClientSubscription.startTime, at),
        gte(sysClientSubscription.endTime, at),
      ),
    );
  return rows.map((r) => r.systemId);
}

/** Advisory lock class of the entitlement sync (any constant; the customer id is the second key). */
const ENTITLEMENT_LOCK = 7_412_020;

export interface Selection {
  systemIds: number[];
  /** undefined: keep the chosen menus of the subsystems kept, all menus of newly chosen ones */
  menuIds?: number[];
}

/**
 * Brings a customer's subsystems and menus in step with what was chosen for it and what its
 * running subscriptions grant. Chosen menus always lie within chosen subsystems (their catalogues
 * included); a granted subsystem brings all its assignable menus. Menus the customer loses are
 * taken from its roles; menus it gains go to its customer-admin role. Run inside a transaction;
 * returns whether anything changed (the caller then drops cached grants).
 */
export async function applyEntitlements(
  db: Db,
  clientId: number,
  now: number,
  selection?: Selection,
): Promise<boolean> {
  // one writer per customer at a time (several requests may notice the same subscription boundary)
  await db.execute(sql`select pg_advisory_xact_lock(${ENTITLEMENT_LOCK}::int, ${clientId}::int)`);
  const [systemRows, menuRows] = await Promise.all([
    db.select().from(sysClientSystem).where(eq(sysClientSystem.clientId, clientId)),
    db
      .select({ menuId: sysClientMenu.menuId, explicit: sysClientMenu.explicit, systemId: sysMenu.systemId })
      .from(sysClientMenu)
      .leftJoin(sysMenu, eq(sysMenu.menuId, sysClientMenu.menuId))
      .where(eq(sysClientMenu.clientId, clientId)),
  ]);
  // the subsystem of every menu in play; a menu deleted from the tree has none and is dropped
  const menuSystem = new Map<number, number>();
  for (const r of menuRows) if (r.systemId !== null) menuSystem.set(r.menuId, r.systemId);
  const knownSystems = new Set((await db.select({ id: sysSystem.systemId }).from(sysSystem)).map((s) => s.id));

  const oldExplicitSystems = new Set(systemRows.filter((r) => r.explicit).map((r) => r.systemId));
  const explicitSystems = new Set(
    (selection ? selection.systemIds : [...oldExplicitSystems]).filter((id) => knownSystems.has(id)),
  );

  let explicitMenus = new Set(menuRows.filter((r) => r.explicit).map((r) => r.menuId));
  if (selection) {
    const candidates = await assignableMenus(db, [...explicitSystems]);
    for (const m of candidates) menuSystem.set(m.menuId, m.systemId);
    const byId = new Map(candidates.map((m) => [m.menuId, m]));
    const wanted =
      selection.menuIds !== undefined
        ? selection.menuIds.filter((id) => byId.has(id))
        : candidates
            .filter((m) => explicitMenus.has(m.menuId) || !oldExplicitSystems.has(m.systemId))
            .map((m) => m.menuId);
    // a chosen menu brings its catalogues, or the sidebar could not show it
    const closed = new Set<number>();
    for (const id of wanted) {
      let node = byId.get(id);
      while (node && !closed.has(node.menuId)) {
        closed.add(node.menuId);
        node = byId.get(node.parentId);
      }
    }
    explicitMenus = closed;
  }

  const granted = (await subscribedSystems(db, clientId, now)).filter((id) => knownSystems.has(id));
  const effectiveSystems = new Set([...explicitSystems, ...granted]);
  const grantedMenus = await assignableMenus(db, granted);
  for (const m of grantedMenus) menuSystem.set(m.menuId, m.systemId);
  const allIds = [...new Set([...explicitMenus, ...grantedMenus.map((m) => m.menuId)])];
  const effectiveMenus = new Map<number, boolean>();
  for (const id of allIds) {
    const systemId = menuSystem.get(id);
    if (systemId !== undefined && effectiveSystems.has(systemId)) effectiveMenus.set(id, explicitMenus.has(id));
  }
  const wantSystems = new Map([...effectiveSystems].map((id) => [id, explicitSystems.has(id)]));

  let changed = false;

  // subsystems
  const haveSystems = new Map(systemRows.map((r) => [r.systemId, r.explicit]));
  const dropSystems = [...haveSystems.keys()].filter((id) => !wantSystems.has(id));
  const addSystems = [...wantSystems].filter(([id]) => !haveSystems.has(id));
  const flipSystems = [...wantSystems].filter(
    ([id, explicit]) => haveSystems.has(id) && haveSystems.get(id) !== explicit,
  );
  if (dropSystems.length)
    await db
      .delete(sysClientSystem)
      .where(and(eq(sysClientSystem.clientId, clientId), inArray(sysClientSystem.systemId, dropSystems)));
  if (addSystems.length)
    await db
      .insert(sysClientSystem)
      .values(addSystems.map(([systemId, explicit]) => ({ clientId, systemId, explicit })))
      .onConflictDoNothing();
  for (const explicit of [true, false]) {
    const ids = flipSystems.filter(([, e]) => e === explicit).map(([id]) => id);
    if (ids.length)
      await db
        .update(sysClientSystem)
        .set({ explicit })
        .where(and(eq(sysClientSystem.clientId, clientId), inArray(sysClientSystem.systemId, ids)));
  }
  changed ||= dropSystems.length + addSystems.length + flipSystems.length > 0;

  // menus
  const haveMenus = new Map(menuRows.map((r) => [r.menuId, r.explicit]));
  const lostMenus = [...haveMenus.keys()].filter((id) => !effectiveMenus.has(id));
  const newMenus = [...effectiveMenus].filter(([id]) => !haveMenus.has(id));
  const flipMenus = [...effectiveMenus].filter(([id, explicit]) => haveMenus.has(id) && haveMenus.get(id) !== explicit);
  for (let i = 0; i < lostMenus.length; i += 1000)
    await db
      .delete(sysClientMenu)
      .where(and(eq(sysClientMenu.clientId, clientId), inArray(sysClientMenu.menuId, lostMenus.slice(i, i + 1000))));
  for (let i = 0; i < newMenus.length; i += 1000)
    await db
      .insert(sysClientMenu)
      .values(newMenus.slice(i, i + 1000).map(([menuId, explicit]) => ({ clientId, menuId, explicit })))
      .onConflictDoNothing();
  for (const explicit of [true, false]) {
    const ids = flipMenus.filter(([, e]) => e === explicit).map(([id]) => id);
    for (let i = 0; i < ids.length; i += 1000)
      await db
        .update(sysClientMenu)
        .set({ explicit })
        .where(and(eq(sysClientMenu.clientId, clientId), inArray(sysClientMenu.menuId, ids.slice(i, i + 1000))));
  }
  changed ||= lostMenus.length + newMenus.length + flipMenus.length > 0;

  const roles = db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole.clientId, clientId), ne(sysRole.delFlag, '2')));
  // the customer's roles never keep a menu the customer no longer has
  for (let i = 0; i < lostMenus.length; i += 1000)
    await db
      .delete(sysRoleMenu)
      .where(and(inArray(sysRoleMenu.roleId, roles), inArray(sysRoleMenu.menuId, lostMenus.slice(i, i + 1000))));
  if (newMenus.length) {
    const admins = await db
      .select({ id: sysRole.roleId })
      .from(sysRole)
      .where(and(eq(sysRole.clientId, clientId), eq(sysRole.roleKey, CUSTOMER_ADMIN_ROLE), ne(sysRole.delFlag, '2')));
    for (const admin of admins)
      for (let i = 0; i < newMenus.length; i += 1000)
        await db
          .insert(sysRoleMenu)
          .values(newMenus.slice(i, i + 1000).map(([menuId]) => ({ roleId: admin.id, menuId })))
          .onConflictDoNothing();
  }
  return changed;
}
