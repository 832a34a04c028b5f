import { invalidateAuthz } from '../src/platform/auth/principal.ts';
import type { TestApp } from './harness.ts';

/** Grants a seeded menu (by key) to a role (by key) the way the role screen does, then drops cached grants. */
export async function grantToRole(t: TestApp, roleKey: string, menuKey: string): Promise<void> {
  await t.deps.database.query(
    'insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = $1 and m.menu_key = $2 on conflict do nothing',
    [roleKey, menuKey],
  );
  await t.deps.database.query(
    'insert into sys_client_menu (client_id, menu_id) select r.client_id, m.menu_id from sys_role r, sys_menu m where r.role_key = $1 and m.menu_key = $2 and r.client_id is not null on conflict do nothing',
    [roleKey, menuKey],
  );
  await invalidateAuthz(t.deps.cache);
}

/**
 * Gives a customer role read access to the back office (every System screen and its query
 * button), as a department-scoped clerk would have: the seeded duty operator holds none of it.
 */
export async function grantBackOfficeReading(t: TestApp, roleKey: string): Promise<void> {
  const menus = await t.deps.database.query<{ menu_key: string }>(
    `select m.menu_key from sys_menu m
      where m.menu_key like 'system.%' and (m.perms is null or m.perms = '' or m.perms ~ ':(list|query)$')
        and exists (select 1 from sys_client_menu cm join sys_role r on r.client_id = cm.client_id
                     where cm.menu_id = m.menu_id and r.role_key = $1)`,
    [roleKey],
  );
  for (const m of menus) await grantToRole(t, roleKey, m.menu_key);
}

/** A second customer with its own admin, to prove that customers never see each other. */
export async function secondCustomer(t: TestApp): Promise<{ clientId: number; token: string }> {
  const [client] = await t.deps.database.query<{ client_id: number }>(
    "insert into sys_client (code, name) values ('RIVAL', '邻市照明') returning client_id",
  );
  const clientId = client!.client_id;
  await t.deps.database.query('insert into sys_client_system (client_id, system_id) values ($1, 100), ($1, 101)', [
    clientId,
  ]);
  await t.deps.database.query(
    "insert into biz_project (client_id, code, name, longitude, latitude) values ($1, 'R01', '邻市主城区', 117.2, 39.1)",
    [clientId],
  );
  const [role] = await t.deps.database.query<{ role_id: number }>(
    "insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, '邻市管理员', 'rival_admin', '1') returning role_id",
    [clientId],
  );
  await t.deps.database.query(
    "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'monitor.online%' or menu_key = 'monitor'",
    [clientId],
  );
  await t.deps.database.query(
    "insert into sys_role_menu (role_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'monitor.online%' or menu_key = 'monitor'",
    [role!.role_id],
  );
  // the demo accounts' password (admin123): the admin replaces its initial one at first sign-in
  const [user] = await t.deps.database.query<{ user_id: number }>(
    "insert into sys_user (user_name, nick_name, password, client_id) select 'rival_admin', '邻市管理员', password, $1 from sys_user where user_name = 'demo_admin' returning user_id",
    [clientId],
  );
  await t.deps.database.query('insert into sys_user_role (user_id, role_id) values ($1, $2)', [
    user!.user_id,
    role!.role_id,
  ]);
  return { clientId, token: await t.login('rival_admin') };
}
