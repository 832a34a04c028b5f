import { dataOf, SKILL_LABELS, TEAM_SKILLS, tableOf, teamBody, teamRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { pageOf, pageQuery } from '../../../platform/paging.ts';
import {
  customerUsers,
  findTeam,
  insertTeam,
  listTeams,
  removeTeams,
  TEAM_SORTABLE,
  type TeamFilter,
  updateTeam,
} from './team.repository.ts';

const blank = z.literal('').transform(() => undefined);
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const teamListQuery = pageQuery.extend({
  name: z.string().trim().max(40).optional(),
  status: z.enum(['0', '1']).optional().or(blank),
  skill: z.enum(TEAM_SKILLS).optional().or(blank),
  projectId: positiveId.optional(),
});
type TeamListQuery = z.infer<typeof teamListQuery>;

function orderBy(q: TeamListQuery): string {
  if (!q.orderByColumn) return 't.team_id desc';
  const column = TEAM_SORTABLE[q.orderByColumn];
  if (!column) throw fail('valid.sortColumn', { field: q.orderByColumn });
  return `${column} ${q.isAsc === 'desc' || q.isAsc === 'descending' ? 'desc' : 'asc'}`;
}

/** Maintenance teams (`ops/team`): members with their on-duty roster, skills, projects covered. */
export function teamRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['ops/team'];
  const now = () => deps.clock.now();
  const log = (businessType: number) => ({ title: 'maintenance teams', businessType });

  return async (app) => {
    app.get(
      '/ops/team/list',
      {
        config: { perm: 'ops:team:list' },
        schema: { tags, querystring: teamListQuery, response: { 200: tableOf(teamRow) } },
      },
      async (req) => {
        const { rows, total } = await listTeams(
          db,
          req.auth(),
          req.query as TeamFilter,
          orderBy(req.query),
          pageOf(req.query),
          now(),
        );
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/ops/team/users',
      {
        config: { perm: { any: ['ops:team:add', 'ops:team:edit', 'ops:workOrder:dispatch'] } },
        schema: { tags, summary: "The customer's users, for members, leaders and assignees" },
      },
      async (req) => ok(req.lang, await customerUsers(db, req.auth())),
    );

    app.get(
      '/ops/team/:teamId',
      {
        config: { perm: 'ops:team:query' },
        schema: { tags, params: z.object({ teamId: positiveId }), response: { 200: dataOf(teamRow) } },
      },
      async (req) => {
        const team = await findTeam(db, req.auth(), req.params.teamId, now());
        if (!team) throw notFound();
        return ok(req.lang, team);
      },
    );

    app.post(
      '/ops/team',
      { config: { perm: 'ops:team:add', operLog: log(1) }, schema: { tags, body: teamBody } },
      async (req) => ok(req.lang, await insertTeam(db, req.auth(), now(), req.body)),
    );

    app.put(
      '/ops/team',
      { config: { perm: 'ops:team:edit', operLog: log(2) }, schema: { tags, body: teamBody } },
      async (req) => {
        await updateTeam(db, req.auth(), now(), req.body);
        return ok(req.lang);
      },
    );

    app.delete(
      '/ops/team/:teamIds',
      {
        config: { perm: 'ops:team:remove', operLog: log(3) },
        schema: { tags, params: z.object({ teamIds: z.string().regex(/^\d{1,16}(,\d{1,16})*$/) }) },
      },
      async (req) => {
        await removeTeams(db, req.auth(), req.params.teamIds.split(',').map(Number));
        return ok(req.lang);
      },
    );

    app.post(
      '/ops/team/export',
      {
        config: { perm: 'ops:team:export', operLog: log(5) },
        schema: { tags, body: teamListQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = teamListQuery.parse(req.body ?? {});
        const { rows } = await listTeams(
          db,
          req.auth(),
          q as TeamFilter,
          orderBy(q),
          { limit: 100_000, offset: 0 },
          now(),
        );
        const en = req.lang === 'en-US';
        const skill = (s: string) => SKILL_LABELS[s as keyof typeof SKILL_LABELS]?.[en ? 1 : 0] ?? s;
        return sendWorkbook(
          reply,
          en ? 'maintenance_teams' : '运维班组',
          [
            { header: en ? 'Team' : '班组名称', key: 'name', width: 20 },
            { header: en ? 'Leader' : '负责人', key: 'leaderName', width: 14 },
            { header: en ? 'Phone' : '电话', key: 'phone', width: 16 },
            { header: en ? 'Skills' : '技能', key: 'skills', width: 30 },
            { header: en ? 'Members' : '成员', key: 'members', width: 40 },
            { header: en ? 'On duty now' : '当前在岗', key: 'onDutyCount', width: 12 },
            { header: en ? 'Status' : '状态', key: 'status', width: 10 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...r,
            skills: r.skills.map(skill).join(', '),
            members: r.members.map((m) => m.nickName || m.userName).join(', '),
            status: r.status === '0' ? (en ? 'Normal' : '正常') : en ? 'Disabled' : '停用',
          })),
        );
      },
    );
  };
}
