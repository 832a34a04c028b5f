import { boolean, char, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

export const sysRole = pgTable(
  'sys_role',
  {
    roleId: id('role_id'),
    /** null = platform role; otherwise the customer that owns it */
    clientId: ref('client_id'),
    roleName: varchar('role_name', { length: 30 }).notNull(),
    roleKey: varchar('role_key', { length: 100 }).notNull(),
    roleSort: integer('role_sort').notNull().default(0),
    /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only */
    dataScope: char('data_scope', { length: 1 }).notNull().default('1'),
    menuCheckStrictly: boolean('menu_check_strictly').notNull().default(true),
    deptCheckStrictly: boolean('dept_check_strictly').notNull().default(true),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('sys_role_client_idx').on(t.clientId)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  { roleId: ref('role_id').notNull(), menuId: ref('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)],
);

export const sysRoleDept = pgTable(
  'sys_role_dept',
  { roleId: ref('role_id').notNull(), deptId: ref('dept_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] }), index('sys_role_dept_dept_idx').on(t.deptId)],
);
