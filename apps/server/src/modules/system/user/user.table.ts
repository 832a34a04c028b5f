import { boolean, char, index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

export const sysUser = pgTable(
  'sys_user',
  {
    userId: id('user_id'),
    /** null for platform users; customer users belong to exactly one customer */
    clientId: ref('client_id'),
    deptId: ref('dept_id'),
    userName: varchar('user_name', { length: 30 }).notNull(),
    nickName: varchar('nick_name', { length: 30 }).notNull(),
    userType: varchar('user_type', { length: 8 }).notNull().default('00'),
    email: varchar('email', { length: 50 }).notNull().default(''),
    phonenumber: varchar('phonenumber', { length: 20 }).notNull().default(''),
    sex: char('sex', { length: 1 }).notNull().default('2'),
    avatar: varchar('avatar', { length: 200 }).notNull().default(''),
    password: varchar('password', { length: 200 }).notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    loginIp: varchar('login_ip', { length: 128 }).notNull().default(''),
    loginDate: ts('login_date'),
    pwdMustChange: boolean('pwd_must_change').notNull().default(false),
    pwdUpdateDate: ts('pwd_update_date'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('sys_user_user_name_uq').on(t.userName),
    index('sys_user_client_idx').on(t.clientId, t.deptId),
    index('sys_user_dept_idx').on(t.deptId),
    index('sys_user_phone_idx').on(t.phonenumber),
    index('sys_user_email_idx').on(t.email),
  ],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  { userId: ref('user_id').notNull(), roleId: ref('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

export const sysUserPost = pgTable(
  'sys_user_post',
  { userId: ref('user_id').notNull(), postId: ref('post_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('sys_user_post_post_idx').on(t.postId)],
);
