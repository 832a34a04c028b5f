import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../src/modules/system/user/user.table.ts';
import { invalidateAuthz, loadPrincipal } from '../src/platform/auth/principal.ts';
import { dataScopeFilter } from '../src/platform/rbac.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Departments of the demo customer: company → ops centre → crew, plus a sales office.
 * Users: one in each department. A role of each scope decides who sees whom.
 */
let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  const q = t.deps.database.query.bind(t.deps.database);
  const [client] = await q<{ client_id: number }>("select client_id from sys_client where code = 'DEMO'");
  const c = client!.client_id;
  const dept = async (name: string) =>
    (await q<{ dept_id: number }>('select dept_id from sys_dept where dept_name = $1', [name]))[0]!.dept_id;
  const company = await dept('演示城市照明');
  const ops = await dept('运维中心');
  const crew = await dept('延庆维修班');
  const [sales] = await q<{ dept_id: number }>(
    "insert into sys_dept (client_id, parent_id, ancestors, dept_name) values ($1, $2, $3, '销售部') returning dept_id",
    [c, company, `0,${company}`],
  );
  ids = { company, ops, crew, sales: sales!.dept_id, client: c };
  for (const [name, deptId] of Object.entries({
    u_company: company,
    u_ops: ops,
    u_crew: crew,
    u_sales: sales!.dept_id,
  })) {
    await q("insert into sys_user (user_name, nick_name, password, client_id, dept_id) values ($1, $1, 'x', $2, $3)", [
      name,
      c,
      deptId,
    ]);
  }
});
afterAll(async () => t?.close());

async function visibleTo(userName: string, scopes: string[], customDepts: number[] = []) {
  const q = t.deps.database.query.bind(t.deps.database);
  const [user] = await q<{ user_id: number }>('select user_id from sys_user where user_name = $1', [userName]);
  await q('delete from sys_user_role where user_id = $1', [user!.user_id]);
  for (const scope of scopes) {
    const [role] = await q<{ role_id: number }>(
      'insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, $2, $2, $3) returning role_id',
      [ids.client, `scope_${scope}_${Math.random().toString(36).slice(2, 7)}`, scope],
    );
    await q('insert into sys_user_role (user_id, role_id) values ($1, $2)', [user!.user_id, role!.role_id]);
    for (const d of customDepts)
      await q('insert into sys_role_dept (role_id, dept_id) values ($1, $2)', [role!.role_id, d]);
  }
  await invalidateAuthz(t.deps.cache);
  const principal = (await loadPrincipal(t.deps.cache, user!.user_id, t.deps.principals))!;
  const rows = await t.deps.database.db
    .select({ name: sysUser.userName })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.clientId, ids.client),
        sql`${sysUser.userName} like 'u\\_%'`,
        dataScopeFilter(principal, { dept: sysUser.deptId, user: sysUser.userId }),
      ),
    );
  return rows.map((r) => r.name).sort();
}

describe('data scopes', () => {
  it('1 all', async () => {
    expect(await visibleTo('u_crew', ['1'])).toEqual(['u_company', 'u_crew', 'u_ops', 'u_sales']);
  });
  it('2 custom departments', async () => {
    expect(await visibleTo('u_crew', ['2'], [ids.sales!, ids.company!])).toEqual(['u_company', 'u_sales']);
  });
  it('3 own department', async () => {
    expect(await visibleTo('u_ops', ['3'])).toEqual(['u_ops']);
  });
  it('4 own department and below', async () => {
    expect(await visibleTo('u_ops', ['4'])).toEqual(['u_crew', 'u_ops']);
  });
  it('5 self only', async () => {
    expect(await visibleTo('u_sales', ['5'])).toEqual(['u_sales']);
  });
  it('several roles combine with OR', async () => {
    expect(await visibleTo('u_sales', ['5', '3'])).toEqual(['u_sales']);
    expect(await visibleTo('u_ops', ['5', '2'], [ids.sales!])).toEqual(['u_ops', 'u_sales']);
  });
  it('no role sees nothing', async () => {
    expect(await visibleTo('u_company', [])).toEqual([]);
  });
});
