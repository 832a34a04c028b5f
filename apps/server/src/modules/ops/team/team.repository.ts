import type { TeamBody, TeamRow } from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import type { Page } from '../../../platform/paging.ts';
import { requireCustomer, type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/**
 * The only SQL over maintenance teams: a customer's teams, their members with the on-duty roster,
 * the projects they cover. Every statement carries the scope's customer.
 */

export interface TeamFilter {
  name?: string;
  status?: string;
  skill?: string;
  projectId?: number;
}

export const TEAM_SORTABLE: Record<string, string> = {
  teamId: 't.team_id',
  name: 't.name',
  createTime: 't.create_time',
};

const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface MemberRow {
  team_id: number;
  user_id: number;
  user_name: string;
  nick_name: string;
  duty_days: string;
  duty_from: string;
  duty_to: string;
}

/** The weekday (1 = Monday) and HH:mm of an instant in a time zone. */
function localNow(now: number, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { day, time: `${get('hour')}:${get('minute')}` };
}

/** Whether a roster line covers a local weekday and time; hours past midnight (22:00–06:00) belong to the day they start. */
export function onDuty(
  m: { dutyDays: number[]; dutyFrom: string; dutyTo: string },
  local: { day: number; time: string },
) {
  const { day, time } = local;
  if (m.dutyFrom <= m.dutyTo) return m.dutyDays.includes(day) && time >= m.dutyFrom && time < m.dutyTo;
  const yesterday = day === 1 ? 7 : day - 1;
  return (m.dutyDays.includes(day) && time >= m.dutyFrom) || (m.dutyDays.includes(yesterday) && time < m.dutyTo);
}

/** The customer's time zone for rosters: its first project's, else China Standard Time. */
async function zoneOf(db: Database, clientId: number | null): Promise<string> {
  if (clientId === null) return 'Asia/Shanghai';
  const [p] = await db.query<{ tz: string | null }>(
    'select iana_time_zone as tz from biz_project where client_id = $1 order by project_id limit 1',
    [clientId],
  );
  try {
    if (p?.tz) new Intl.DateTimeFormat('en', { timeZone: p.tz });
    return p?.tz || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
}

async function membersOf(db: Database, teamIds: readonly number[], local: { day: number; time: string }) {
  const rows = teamIds.length
    ? await db.query<MemberRow>(
        `select m.team_id, m.user_id, u.user_name, u.nick_name, m.duty_days, m.duty_from, m.duty_to
           from ops_team_member m join sys_user u on u.user_id = m.user_id
          where m.team_id = any($1::bigint[]) order by m.team_id, u.user_name`,
        [teamIds],
      )
    : [];
  const byTeam = new Map<number, TeamRow['members']>();
  for (const r of rows) {
    const member = {
      userId: Number(r.user_id),
      userName: r.user_name,
      nickName: r.nick_name,
      dutyDays: r.duty_days ? r.duty_days.split(',').map(Number) : [],
      dutyFrom: r.duty_from,
      dutyTo: r.duty_to,
      onDuty: false,
    };
    member.onDuty = onDuty(member, local);
    const list = byTeam.get(Number(r.team_id)) ?? [];
    list.push(member);
    byTeam.set(Number(r.team_id), list);
  }
  return byTeam;
}

const ROW = `t.team_id as "teamId", t.name, t.leader_id as "leaderId",
  coalesce(nullif(u.nick_name, ''), u.user_name) as "leaderName", t.phone, t.skills, t.project_ids as "projectIds", t.status,
  t.create_by as "createBy", ${fmt('t.create_time')} as "createTime", t.update_by as "updateBy",
  ${fmt('t.update_time')} as "updateTime", t.remark`;
const FROM = 'from ops_team t left join sys_user u on u.user_id = t.leader_id';

function where(scope: Pick<Scope, 'clientId'>, f: TeamFilter, p: SqlParams) {
  const conds = [scopeSql(scope, p, { client: 't.client_id' })];
  if (f.name) conds.push(`t.name ilike ${p.add(like(f.name))}`);
  if (f.status) conds.push(`t.status = ${p.add(f.status)}`);
  if (f.skill) conds.push(`t.skills ? ${p.add(f.skill)}`);
  if (f.projectId)
    conds.push(`(t.project_ids = '[]'::jsonb or t.project_ids @> ${p.add(JSON.stringify([f.projectId]))}::jsonb)`);
  return conds.join(' and ');
}

async function withMembers(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  rows: Omit<TeamRow, 'members' | 'onDutyCount'>[],
  now: number,
) {
  const local = localNow(now, await zoneOf(db, scope.clientId));
  const members = await membersOf(
    db,
    rows.map((r) => Number(r.teamId)),
    local,
  );
  return rows.map((r) => {
    const list = members.get(Number(r.teamId)) ?? [];
    return { ...r, members: list, onDutyCount: list.filter((m) => m.onDuty).length } as TeamRow;
  });
}

export async function listTeams(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  f: TeamFilter,
  order: string,
  page: Page,
  now: number,
) {
  const p = new SqlParams();
  const cond = where(scope, f, p);
  const [rows, count] = await Promise.all([
    db.query<Omit<TeamRow, 'members' | 'onDutyCount'>>(
      `select ${ROW} ${FROM} where ${cond} order by ${order}, t.team_id limit ${page.limit} offset ${page.offset}`,
      p.values,
    ),
    db.query<{ n: number }>(`select count(*)::int as n ${FROM} where ${cond}`, p.values),
  ]);
  return { rows: await withMembers(db, scope, rows, now), total: count[0]!.n };
}

export async function findTeam(db: Database, scope: Pick<Scope, 'clientId'>, teamId: number, now: number) {
  const p = new SqlParams(teamId);
  const rows = await db.query<Omit<TeamRow, 'members' | 'onDutyCount'>>(
    `select ${ROW} ${FROM} where t.team_id = $1 and ${scopeSql(scope, p, { client: 't.client_id' })}`,
    p.values,
  );
  return (await withMembers(db, scope, rows, now))[0];
}

/** Members, leader and projects must all be the customer's own. */
async function check(db: Database, clientId: number, b: TeamBody) {
  const userIds = [...new Set([...b.members.map((m) => m.userId), ...(b.leaderId ? [b.leaderId] : [])])];
  if (userIds.length) {
    const found = await db.query<{ user_id: number }>(
      "select user_id from sys_user where user_id = any($1::bigint[]) and client_id = $2 and del_flag = '0'",
      [userIds, clientId],
    );
    const have = new Set(found.map((r) => Number(r.user_id)));
    const missing = userIds.filter((id) => !have.has(id));
    if (missing.length) throw fail('ops.team.userNotFound', { ids: missing.join(', ') });
  }
  if (b.projectIds.length) {
    const found = await db.query<{ project_id: number }>(
      'select project_id from biz_project where project_id = any($1::bigint[]) and client_id = $2',
      [b.projectIds, clientId],
    );
    const have = new Set(found.map((r) => Number(r.project_id)));
    const missing = b.projectIds.filter((id) => !have.has(id));
    if (missing.length) throw fail('ops.team.projectNotFound', { ids: missing.join(', ') });
  }
  const [clash] = await db.query<{ team_id: number }>(
    'select team_id from ops_team where client_id = $1 and name = $2 and team_id <> $3',
    [clientId, b.name, b.teamId ?? 0],
  );
  if (clash) throw fail('ops.team.nameExists', { name: b.name });
}

async function saveMembers(db: Database, clientId: number, teamId: number, b: TeamBody) {
  const members = [...new Map(b.members.map((m) => [m.userId, m])).values()];
  await db.query(
    `with d as (delete from ops_team_member where team_id = $1)
     insert into ops_team_member (team_id, user_id, client_id, duty_days, duty_from, duty_to)
     select $1, x.u, $2, x.d, x.f, x.t from json_to_recordset($3::json) as x(u bigint, d text, f text, t text)`,
    [
      teamId,
      clientId,
      JSON.stringify(
        members.map((m) => ({
          u: m.userId,
          d: [...new Set(m.dutyDays)].sort().join(','),
          f: m.dutyFrom,
          t: m.dutyTo,
        })),
      ),
    ],
  );
}

export async function insertTeam(db: Database, scope: Scope, now: number, b: TeamBody) {
  const clientId = requireCustomer(scope);
  await check(db, clientId, b);
  const [row] = await db.query<{ team_id: number }>(
    `insert into ops_team (client_id, name, leader_id, phone, skills, project_ids, status, remark, create_by, create_time)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, to_timestamp($10 / 1000.0)) returning team_id`,
    [
      clientId,
      b.name,
      b.leaderId ?? null,
      b.phone ?? '',
      JSON.stringify(b.skills),
      JSON.stringify(b.projectIds),
      b.status,
      b.remark ?? '',
      scope.userName,
      now,
    ],
  );
  await saveMembers(db, clientId, row!.team_id, b);
  return { teamId: Number(row!.team_id) };
}

export async function updateTeam(db: Database, scope: Scope, now: number, b: TeamBody) {
  if (!b.teamId) throw fail('valid.required', { field: 'teamId' });
  const p = new SqlParams(b.teamId);
  const [owner] = await db.query<{ client_id: number }>(
    `select client_id from ops_team where team_id = $1 and ${scopeSql(scope, p)}`,
    p.values,
  );
  if (!owner) throw notFound();
  const clientId = Number(owner.client_id);
  await check(db, clientId, b);
  await db.query(
    `update ops_team set name = $2, leader_id = $3, phone = $4, skills = $5::jsonb, project_ids = $6::jsonb, status = $7,
            remark = $8, update_by = $9, update_time = to_timestamp($10 / 1000.0) where team_id = $1`,
    [
      b.teamId,
      b.name,
      b.leaderId ?? null,
      b.phone ?? '',
      JSON.stringify(b.skills),
      JSON.stringify(b.projectIds),
      b.status,
      b.remark ?? '',
      scope.userName,
      now,
    ],
  );
  await saveMembers(db, clientId, b.teamId, b);
}

/** Removes teams without open orders; another customer's team is not found. */
export async function removeTeams(db: Database, scope: Pick<Scope, 'clientId'>, ids: number[]) {
  const p = new SqlParams(ids);
  const found = await db.query<{ team_id: number; name: string; open: number }>(
    `select t.team_id, t.name,
            (select count(*)::int from ops_work_order o where o.team_id = t.team_id and o.state <> 'CLOSED') as open
       from ops_team t where t.team_id = any($1::bigint[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
  if (found.length !== new Set(ids).size) throw notFound();
  const busy = found.find((t) => t.open > 0);
  if (busy) throw fail('ops.team.inUse', { name: busy.name });
  await db.query(
    `with m as (delete from ops_team_member where team_id = any($1::bigint[]))
     delete from ops_team where team_id = any($1::bigint[])`,
    [ids],
  );
}

/** The customer's users, for the member, leader and assignee pickers. */
export async function customerUsers(db: Database, scope: Pick<Scope, 'clientId'>) {
  const clientId = requireCustomer(scope);
  return db.query<{ userId: number; userName: string; nickName: string; phonenumber: string }>(
    `select user_id as "userId", user_name as "userName", nick_name as "nickName", phonenumber
       from sys_user where client_id = $1 and del_flag = '0' and status = '0' order by user_name limit 1000`,
    [clientId],
  );
}

/** Whom an order of this project may go to: the enabled teams covering it (members on duty now first), and the customer's users. */
export async function dispatchChoices(db: Database, scope: Pick<Scope, 'clientId'>, projectId: number, now: number) {
  const { rows } = await listTeams(db, scope, { status: '0', projectId }, 't.name', { limit: 500, offset: 0 }, now);
  const teams = rows.map((t) => ({
    ...t,
    members: [...t.members].sort((a, b) => Number(b.onDuty) - Number(a.onDuty)),
  }));
  return { teams, users: await customerUsers(db, scope) };
}
