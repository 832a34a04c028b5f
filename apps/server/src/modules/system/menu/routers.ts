import { type Lang, pageExists } from '@luxgrid/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { localized } from '../../../platform/i18n.ts';
import { isAdmin } from '../../../platform/rbac.ts';
import { sysClientMenu, sysClientSystem } from '../../tenant/customer/customer.table.ts';
import { sysSystem } from '../../tenant/subsystem/subsystem.table.ts';
import { sysRoleMenu } from '../role/role.table.ts';
import { sysMenu } from './menu.table.ts';

type MenuRow = typeof sysMenu.$inferSelect;

export interface RouteNode {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  query?: string;
  alwaysShow?: boolean;
  meta: { title: string; icon: string; noCache: boolean; link: string | null; systemId?: number };
  children?: RouteNode[];
}

/** Enabled catalogues and menus (M, C) the principal may open, in tree order. */
export async function visibleMenus(deps: Deps, ctx: Ctx, systemId?: number): Promise<MenuRow[]> {
  const { db } = deps.database;
  const { principal } = ctx;
  const filters = [inArray(sysMenu.menuType, ['M', 'C']), eq(sysMenu.status, '0')];
  if (systemId !== undefined) filters.push(eq(sysMenu.systemId, systemId));
  // disabled subsystems are not entered, and customers only enter their own
  filters.push(
    inArray(sysMenu.systemId, db.select({ id: sysSystem.systemId }).from(sysSystem).where(eq(sysSystem.status, '0'))),
  );
  if (principal.clientId !== null) {
    filters.push(
      inArray(
        sysMenu.systemId,
        db
          .select({ id: sysClientSystem.systemId })
          .from(sysClientSystem)
          .where(eq(sysClientSystem.clientId, principal.clientId)),
      ),
      inArray(
        sysMenu.menuId,
        db
          .select({ id: sysClientMenu.menuId })
          .from(sysClientMenu)
          .where(eq(sysClientMenu.clientId, principal.clientId)),
      ),
    );
  }
  if (!isAdmin(principal)) {
    const roleIds = principal.roles.map((r) => r.roleId);
    if (!roleIds.length) return [];
    filters.push(
      inArray(
        sysMenu.menuId,
        db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds)),
      ),
    );
  }
  return db
    .select()
    .from(sysMenu)
    .where(and(...filters))
    .orderBy(asc(sysMenu.systemId), asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
}

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** A page menu opens a screen the web has (external links and bare parents always do). */
const hasScreen = (menu: MenuRow) =>
  menu.menuType !== 'C' || isExternal(menu.path) || !menu.component || pageExists(menu.component);

/**
 * What the menu tree may offer: page menus whose screen is not built yet stay seeded (with their
 * permissions) but are left out, and so are catalogues left without any page below them.
 */
export function builtMenus(menus: MenuRow[]): MenuRow[] {
  const kept = menus.filter(hasScreen);
  const children = new Map<number, MenuRow[]>();
  for (const menu of kept) children.set(menu.parentId, [...(children.get(menu.parentId) ?? []), menu]);
  const memo = new Map<number, boolean>();
  const offersPage = (menu: MenuRow): boolean => {
    if (menu.menuType !== 'M') return true;
    const known = memo.get(menu.menuId);
    if (known !== undefined) return known;
    memo.set(menu.menuId, false);
    const answer = (children.get(menu.menuId) ?? []).some(offersPage);
    memo.set(menu.menuId, answer);
    return answer;
  };
  return kept.filter(offersPage);
}

/** Subsystems with at least one enabled page menu whose screen is built ("available"). */
export async function systemsWithScreens(deps: Deps): Promise<Set<number>> {
  const pages = await deps.database.db
    .select()
    .from(sysMenu)
    .where(and(eq(sysMenu.menuType, 'C'), eq(sysMenu.status, '0')));
  return new Set(pages.filter(hasScreen).map((menu) => menu.systemId));
}

function routeName(menu: MenuRow): string {
  if (menu.routeName) return menu.routeName;
  if (isExternal(menu.path)) return `Link${menu.menuId}`;
  const base = menu.path
    .split(/[/:_-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  return `${base || 'Menu'}${menu.menuId}`;
}

function meta(menu: MenuRow, lang: Lang) {
  return {
    title: localized(lang, menu.menuName, menu.menuNameEn),
    icon: menu.icon === '#' ? '' : menu.icon,
    noCache: menu.isCache === '1',
    link: isExternal(menu.path) ? menu.path : null,
    systemId: menu.systemId,
  };
}

/**
 * The RuoYi router tree: catalogues (M) with children get alwaysShow + 'noRedirect';
 * buttons (F) never appear; visible '1' → hidden; disabled menus are absent; external links
 * carry meta.link. A top-level page (C) is wrapped in a Layout parent.
 */
export function buildRouterTree(menus: MenuRow[], lang: Lang): RouteNode[] {
  const ids = new Set(menus.map((m) => m.menuId));
  const byParent = new Map<number, MenuRow[]>();
  for (const menu of menus) {
    // a child whose parent is disabled or not granted is unreachable too
    const parent = ids.has(menu.parentId) ? menu.parentId : menu.parentId === 0 ? 0 : -1;
    if (parent < 0) continue;
    const list = byParent.get(parent) ?? [];
    list.push(menu);
    byParent.set(parent, list);
  }
  const build = (parentId: number, depth: number): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((menu) => {
      const top = depth === 0;
      const children = menu.menuType === 'M' ? build(menu.menuId, depth + 1) : [];
      if (menu.menuType === 'M') {
        return {
          name: routeName(menu),
          path: top && !isExternal(menu.path) ? `/${menu.path}` : menu.path,
          hidden: menu.visible === '1',
          redirect: 'noRedirect',
          component: top ? 'Layout' : 'ParentView',
          alwaysShow: children.length > 0,
          meta: meta(menu, lang),
          children,
        };
      }
      const page: RouteNode = {
        name: routeName(menu),
        path: menu.path,
        hidden: menu.visible === '1',
        component: isExternal(menu.path) ? 'InnerLink' : menu.component || 'ParentView',
        ...(menu.query ? { query: menu.query } : {}),
        meta: meta(menu, lang),
      };
      if (!top || isExternal(menu.path)) return page;
      return {
        name: `${page.name}Root`,
        path: '/',
        hidden: page.hidden,
        component: 'Layout',
        meta: { ...page.meta },
        children: [page],
      };
    });
  return build(0, 0);
}
