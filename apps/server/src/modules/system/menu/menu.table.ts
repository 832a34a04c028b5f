import { char, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

export const sysMenu = pgTable(
  'sys_menu',
  {
    menuId: id('menu_id'),
    /** stable seed key; null for menus created by users */
    menuKey: varchar('menu_key', { length: 100 }),
    systemId: integer('system_id').notNull(),
    menuName: varchar('menu_name', { length: 50 }).notNull(),
    menuNameEn: varchar('menu_name_en', { length: 100 }).notNull().default(''),
    parentId: ref('parent_id').notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    path: varchar('path', { length: 200 }).notNull().default(''),
    component: varchar('component', { length: 255 }),
    query: varchar('query', { length: 255 }).notNull().default(''),
    routeName: varchar('route_name', { length: 50 }).notNull().default(''),
    /** '0' external link, '1' internal (RuoYi convention) */
    isFrame: char('is_frame', { length: 1 }).notNull().default('1'),
    /** '0' cached, '1' not cached */
    isCache: char('is_cache', { length: 1 }).notNull().default('0'),
    menuType: char('menu_type', { length: 1 }).notNull(),
    visible: char('visible', { length: 1 }).notNull().default('0'),
    status: char('status', { length: 1 }).notNull().default('0'),
    perms: varchar('perms', { length: 100 }).notNull().default(''),
    icon: varchar('icon', { length: 100 }).notNull().default('#'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_menu_key_uq').on(t.menuKey), index('sys_menu_parent_idx').on(t.parentId)],
);
