import { char, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

export const sysDept = pgTable(
  'sys_dept',
  {
    deptId: id('dept_id'),
    clientId: ref('client_id'),
    parentId: ref('parent_id').notNull().default(0),
    /** comma-separated ids from the root, e.g. '0,100,101' */
    ancestors: varchar('ancestors', { length: 500 }).notNull().default('0'),
    deptName: varchar('dept_name', { length: 30 }).notNull(),
    deptCode: varchar('dept_code', { length: 30 }).notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
    leader: varchar('leader', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 50 }).notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('sys_dept_client_idx').on(t.clientId), index('sys_dept_parent_idx').on(t.parentId)],
);
