/** Every table, for Drizzle and drizzle-kit. Tables live beside their module. */
export * from '../modules/monitor/job/job.table.ts';
export * from '../modules/system/config/config.table.ts';
export * from '../modules/system/dept/dept.table.ts';
export * from '../modules/system/dict/dict.table.ts';
export * from '../modules/system/log/log.table.ts';
export * from '../modules/system/menu/menu.table.ts';
export * from '../modules/system/notice/notice.table.ts';
export * from '../modules/system/post/post.table.ts';
export * from '../modules/system/role/role.table.ts';
export * from '../modules/system/user/user.table.ts';
export * from '../modules/tenant/customer/customer.table.ts';
export * from '../modules/tenant/project/project.table.ts';
export * from '../modules/tenant/subsystem/subsystem.table.ts';
export * from '../platform/auth/session.table.ts';
