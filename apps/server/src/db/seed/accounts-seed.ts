import { operatorHoldsMenu } from '@luxgrid/contracts/seed/roles';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sysDept } from '../../modules/system/dept/dept.table.ts';
import { sysMenu } from '../../modules/system/menu/menu.table.ts';
import { sysPost } from '../../modules/system/post/post.table.ts';
import { sysRole, sysRoleMenu } from '../../modules/system/role/role.table.ts';
import { sysUser, sysUserPost, sysUserRole } from '../../modules/system/user/user.table.ts';
import { sysClient, sysClientMenu, sysClientSystem } from '../../modules/tenant/customer/customer.table.ts';
import { isPlatformOnlyMenu } from '../../modules/tenant/customer/entitlements.ts';
import { sysPackage, sysPackageSystem } from '../../modules/tenant/package/package.table.ts';
import { bizProject } from '../../modules/tenant/project/project.table.ts';
import { sysClientSubscription } from '../../modules/tenant/subscription/subscription.table.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';

export const DEMO_PASSWORD = 'admin123';
export const DEMO_CUSTOMER_CODE = 'DEMO';

/** Subsystems the demo customer subscribes to. */
const DEMO_SYSTEMS = [100, 101, 103, 104, 105, 107, 108, 119, 121];

/** The package the demo customer subscribes to. */
const DEMO_PACKAGE_NAME = '标准照明套餐（三年）';

async function ensureDept(
  db: Db,
  values: {
    clientId: number | null;
    parentId: number;
    ancestors: string;
    deptName: string;
    orderNum: number;
    leader?: string;
  },
) {
  const [existing] = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.deptName, values.deptName),
        values.clientId === null ? isNull(sysDept.clientId) : eq(sysDept.clientId, values.clientId),
      ),
    );
  if (existing) return existing.id;
  const [row] = await db
    .insert(sysDept)
    .values({ ...values, createBy: 'system' })
    .returning({ id: sysDept.deptId });
  return row!.id;
}

async function ensureRole(
  db: Db,
  values: {
    clientId: number | null;
    roleName: string;
    roleKey: string;
    roleSort: number;
    dataScope: string;
    remark?: string;
  },
) {
  const [existing] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(
      and(
        eq(sysRole.roleKey, values.roleKey),
        values.clientId === null ? isNull(sysRole.clientId) : eq(sysRole.clientId, values.clientId),
      ),
    );
  if (existing) return { id: existing.id, created: false };
  const [row] = await db
    .insert(sysRole)
    .values({ ...values, createBy: 'system' })
    .returning({ id: sysRole.roleId });
  return { id: row!.id, created: true };
}

async function ensureUser(
  db: Db,
  values: {
    clientId: number | null;
    deptId: number;
    userName: string;
    nickName: string;
    email?: string;
    phonenumber?: string;
    sex?: string;
    pwdMustChange?: boolean;
  },
  roleIds: number[],
  postIds: number[] = [],
) {
  const [existing] = await db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, values.userName));
  if (existing) return existing.id;
  const [row] = await db
    .insert(sysUser)
    .values({ ...values, password: await hashPassword(DEMO_PASSWORD), createBy: 'system' })
    .returning({ id: sysUser.userId });
  if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
  if (postIds.length) await db.insert(sysUserPost).values(postIds.map((postId) => ({ userId: row!.id, postId })));
  return row!.id;
}

async function grantMenus(db: Db, roleId: number, menuIds: number[]) {
  if (menuIds.length)
    await db
      .insert(sysRoleMenu)
      .values(menuIds.map((menuId) => ({ roleId, menuId })))
      .onConflictDoNothing();
}

async function holdsMenu(db: Db, roleId: number, menus: { id: number; key: string | null }[], key: string) {
  const menu = menus.find((m) => m.key === key);
  if (!menu) return false;
  const [row] = await db
    .select({ id: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(and(eq(sysRoleMenu.roleId, roleId), eq(sysRoleMenu.menuId, menu.id)));
  return Boolean(row);
}

/** The platform admin, and (with demo data) a demo customer with two projects, its admin and an operator. */
export async function seedAccounts(db: Db, clock: Clock, opts: { demo: boolean }): Promise<void> {
  const rootDept = await ensureDept(db, {
    clientId: null,
    parentId: 0,
    ancestors: '0',
    deptName: 'Luxgrid',
    orderNum: 0,
    leader: 'admin',
  });
  const adminRole = await ensureRole(db, {
    clientId: null,
    roleName: '超级管理员',
    roleKey: 'admin',
    roleSort: 1,
    dataScope: '1',
    remark: 'platform administrator',
  });
  await ensureUser(
    db,
    {
      clientId: null,
      deptId: rootDept,
      userName: 'admin',
      nickName: '平台管理员',
      email: 'admin@luxgrid.local',
      sex: '0',
      pwdMustChange: true,
    },
    [adminRole.id],
  );
  if (!opts.demo) return;

  const now = clock.now();
  let [client] = await db.select().from(sysClient).where(eq(sysClient.code, DEMO_CUSTOMER_CODE));
  if (!client) {
    [client] = await db
      .insert(sysClient)
      .values({
        code: DEMO_CUSTOMER_CODE,
        name: '演示城市照明',
        shortName: 'Demo City Lighting',
        address: '北京市延庆区',
        contacts: '李工',
        phone: '13800138000',
        platformName: '演示城市智慧照明',
        validFrom: new Date(now - 30 * 86_400_000),
        validTo: new Date(now + 3 * 365 * 86_400_000),
        createBy: 'system',
      })
      .returning();
  }
  const clientId = client!.clientId;
  await db
    .insert(sysClientSystem)
    .values(DEMO_SYSTEMS.map((systemId) => ({ clientId, systemId })))
    .onConflictDoNothing();
  let [demoPackage] = await db
    .select({ id: sysPackage.packageId, price: sysPackage.subscriptionPrice })
    .from(sysPackage)
    .where(eq(sysPackage.packageName, DEMO_PACKAGE_NAME));
  if (!demoPackage) {
    [demoPackage] = await db
      .insert(sysPackage)
      .values({
        packageName: DEMO_PACKAGE_NAME,
        subscriptionPrice: '36000.00',
        mode: 'time',
        period: 'year',
        periodCount: 3,
        createBy: 'system',
      })
      .returning({ id: sysPackage.packageId, price: sysPackage.subscriptionPrice });
    await db
      .insert(sysPackageSystem)
      .values(DEMO_SYSTEMS.map((systemId) => ({ packageId: demoPackage!.id, systemId })))
      .onConflictDoNothing();
  }
  const [subscribed] = await db
    .select({ id: sysClientSubscription.subscriptionId })
    .from(sysClientSubscription)
    .where(eq(sysClientSubscription.clientId, clientId));
  if (!subscribed && client!.validTo)
    await db.insert(sysClientSubscription).values({
      clientId,
      packageId: demoPackage!.id,
      startTime: client!.validFrom ?? new Date(now),
      endTime: client!.validTo,
      price: demoPackage!.price,
      createBy: 'system',
    });
  const customerMenus = (
    await db
      .select({ id: sysMenu.menuId, key: sysMenu.menuKey, perms: sysMenu.perms })
      .from(sysMenu)
      .where(inArray(sysMenu.systemId, DEMO_SYSTEMS))
  ).filter((m) => !isPlatformOnlyMenu(m.key));
  await db
    .insert(sysClientMenu)
    .values(customerMenus.map((m) => ({ clientId, menuId: m.id })))
    .onConflictDoNothing();

  const company = await ensureDept(db, {
    clientId,
    parentId: 0,
    ancestors: '0',
    deptName: '演示城市照明',
    orderNum: 0,
    leader: '李工',
  });
  const opsDept = await ensureDept(db, {
    clientId,
    parentId: company,
    ancestors: `0,${company}`,
    deptName: '运维中心',
    orderNum: 1,
  });
  await ensureDept(db, {
    clientId,
    parentId: opsDept,
    ancestors: `0,${company},${opsDept}`,
    deptName: '延庆维修班',
    orderNum: 1,
  });

  let [post] = await db
    .select({ id: sysPost.postId })
    .from(sysPost)
    .where(and(eq(sysPost.clientId, clientId), eq(sysPost.postCode, 'operator')));
  if (!post) {
    [post] = await db
      .insert(sysPost)
      .values({ clientId, postCode: 'operator', postName: '值班员', postSort: 1, createBy: 'system' })
      .returning({ id: sysPost.postId });
  }

  const customerAdmin = await ensureRole(db, {
    clientId,
    roleName: '客户管理员',
    roleKey: 'customer_admin',
    roleSort: 1,
    dataScope: '1',
    remark: 'customer administrator',
  });
  if (customerAdmin.created)
    await grantMenus(
      db,
      customerAdmin.id,
      customerMenus.map((m) => m.id),
    );
  const operator = await ensureRole(db, {
    clientId,
    roleName: '值班操作员',
    roleKey: 'operator',
    roleSort: 2,
    dataScope: '4',
    remark: 'lighting operator',
  });
  if (operator.created) {
    // duty operators run the lights, handle alarms and work orders; they do not administer anything
    await grantMenus(
      db,
      operator.id,
      customerMenus.filter((m) => operatorHoldsMenu(m.key)).map((m) => m.id),
    );
  } else if (await holdsMenu(db, operator.id, customerMenus, 'monitor.operlog.remove')) {
    // demo data of an earlier seed, whose operator took the back office (users, logs, monitoring, tools): put it right
    await db.delete(sysRoleMenu).where(
      and(
        eq(sysRoleMenu.roleId, operator.id),
        inArray(
          sysRoleMenu.menuId,
          customerMenus.filter((m) => !operatorHoldsMenu(m.key)).map((m) => m.id),
        ),
      ),
    );
  }
  await ensureUser(
    db,
    {
      clientId,
      deptId: company,
      userName: 'demo_admin',
      nickName: '演示客户管理员',
      email: 'demo_admin@luxgrid.local',
      phonenumber: '13800138001',
      sex: '0',
    },
    [customerAdmin.id],
  );
  await ensureUser(
    db,
    {
      clientId,
      deptId: opsDept,
      userName: 'demo_operator',
      nickName: '值班员小王',
      email: 'operator@luxgrid.local',
      phonenumber: '13800138002',
      sex: '1',
    },
    [operator.id],
    post ? [post.id] : [],
  );

  const [anyProject] = await db
    .select({ id: bizProject.projectId })
    .from(bizProject)
    .where(eq(bizProject.clientId, clientId));
  if (!anyProject) {
    await db.insert(bizProject).values([
      {
        clientId,
        code: 'YQ001',
        name: '延庆城区智慧照明',
        shortName: '延庆城区',
        city: '北京',
        address: '北京市延庆区妫水北街',
        longitude: 115.97,
        latitude: 40.46,
        contacts: '李工',
        phone: '13800138000',
        mapType: 'gaode',
        language: 'zh-CN',
        timeZone: '+8',
        ianaTimeZone: 'Asia/Shanghai',
        operate: 'yanqing-ops',
        createBy: 'system',
      },
      {
        clientId,
        code: 'YZ002',
        name: '亦庄新城道路照明',
        shortName: '亦庄新城',
        city: '北京',
        address: '北京市大兴区荣华中路',
        longitude: 116.506,
        latitude: 39.795,
        contacts: '张工',
        phone: '13800138003',
        mapType: 'gaode',
        language: 'zh-CN',
        timeZone: '+8',
        ianaTimeZone: 'Asia/Shanghai',
        operate: 'yizhuang-ops',
        createBy: 'system',
      },
    ]);
  }
}
