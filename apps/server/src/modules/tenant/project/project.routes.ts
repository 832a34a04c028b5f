import { checkOperatePwdBody, projectCreateBody, projectUpdateBody } from '@luxgrid/contracts';
import { MAP_TYPES } from '@luxgrid/contracts/enums';
import { and, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, parseIds, textFilter } from '../../../platform/params.ts';
import { customerWhere } from '../../../platform/scope.ts';
import { sysClient } from '../customer/customer.table.ts';
import {
  createProject,
  deleteProjects,
  projectView,
  scopedProject,
  updateProject,
  verifyOperatePassword,
} from './project.service.ts';
import { bizProject } from './project.table.ts';

const listQuery = pageQuery.extend({
  projectName: textFilter(40),
  projectCode: textFilter(40),
  city: textFilter(40),
  /** platform users: one customer's projects (the clientId header does the same) */
  belongClient: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  mapType: z.enum([...MAP_TYPES, '']).optional(),
  commType: textFilter(4),
  status: flagFilter(),
});
type ListQuery = z.infer<typeof listQuery>;

const SORTABLE = {
  projectId: bizProject.projectId,
  projectCode: bizProject.code,
  projectName: bizProject.name,
  city: bizProject.city,
  createTime: bizProject.createTime,
};

/** Projects of a customer: the spec's full form, the operation password check for control actions. */
export function projectRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const filters = (ctx: Ctx, q: ListQuery): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      eq(bizProject.delFlag, '0'),
      customerWhere(ctx, bizProject.clientId),
      q.belongClient ? eq(bizProject.clientId, q.belongClient) : undefined,
      q.projectName
        ? or(ilike(bizProject.name, `%${q.projectName}%`), ilike(bizProject.shortName, `%${q.projectName}%`))
        : undefined,
      q.projectCode ? ilike(bizProject.code, `%${q.projectCode}%`) : undefined,
      q.city ? ilike(bizProject.city, `%${q.city}%`) : undefined,
      q.mapType ? eq(bizProject.mapType, q.mapType) : undefined,
      q.commType ? eq(bizProject.commType, q.commType) : undefined,
      q.status ? eq(bizProject.status, q.status) : undefined,
      begin ? gte(bizProject.createTime, begin) : undefined,
      end ? lte(bizProject.createTime, end) : undefined,
    );
  };

  const select = () =>
    db
      .select({ project: bizProject, clientName: sysClient.name })
      .from(bizProject)
      .leftJoin(sysClient, eq(sysClient.clientId, bizProject.clientId));

  return async (app) => {
    const tags = ['sysclient/project'];

    app.get(
      '/sysclient/project/list',
      { config: { perm: 'sysclient:project:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.auth(), req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          select()
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(bizProject.projectId)]))
            .limit(limit)
            .offset(offset),
          db.$count(bizProject, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => projectView(r.project, r.clientName)),
          total,
        );
      },
    );

    app.post(
      '/sysclient/project/export',
      {
        config: { perm: 'sysclient:project:export', operLog: { title: 'projects', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await select().where(filters(req.auth(), q)).orderBy(bizProject.projectId).limit(100_000);
        const en = req.lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'projects' : '项目管理',
          [
            { header: en ? 'Id' : '项目编号', key: 'projectId', width: 10 },
            { header: en ? 'Customer' : '客户名称', key: 'clientName', width: 24 },
            { header: en ? 'Code' : '项目编码', key: 'projectCode', width: 14 },
            { header: en ? 'Name' : '项目名称', key: 'projectName', width: 28 },
            { header: en ? 'Short name' : '项目简称', key: 'projectShortName', width: 18 },
            { header: en ? 'City' : '城市', key: 'city', width: 12 },
            { header: en ? 'Address' : '地址', key: 'address', width: 30 },
            { header: en ? 'Longitude' : '经度', key: 'longitude', width: 12 },
            { header: en ? 'Latitude' : '纬度', key: 'latitude', width: 12 },
            { header: en ? 'Contacts' : '联系人', key: 'projectContacts', width: 12 },
            { header: en ? 'Phone' : '联系电话', key: 'projectContactsPhone', width: 16 },
            { header: en ? 'Map type' : '地图类型', key: 'mapType', width: 12 },
            { header: en ? 'Language' : '默认语言', key: 'language', width: 10 },
            { header: en ? 'Time zone' : '时区', key: 'timeZone', width: 8 },
            { header: en ? 'Operator' : '操作员', key: 'operate', width: 14 },
            { header: en ? 'Band standard' : '频段标准', key: 'bandStandard', width: 12 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => projectView(r.project, r.clientName)),
        );
      },
    );

    app.post(
      '/sysclient/project/checkOperatePwd',
      {
        // every user who may act on a project's devices must be able to confirm its operation password
        config: { operLog: { title: 'operation password', businessType: 0 } },
        schema: { tags, summary: "Checks the project's operation password", body: checkOperatePwdBody },
      },
      async (req) =>
        ok(req.lang, await verifyOperatePassword(deps, req.auth(), req.body.projectId, req.body.operatePwd)),
    );

    app.get(
      '/sysclient/project/:projectId',
      { config: { perm: 'sysclient:project:query' }, schema: { tags, params: idParam('projectId') } },
      async (req) => {
        const project = await scopedProject(db, req.auth(), req.params.projectId);
        const [client] = await db
          .select({ name: sysClient.name })
          .from(sysClient)
          .where(eq(sysClient.clientId, project.clientId));
        return ok(req.lang, projectView(project, client?.name ?? null));
      },
    );

    app.post(
      '/sysclient/project',
      {
        config: { perm: 'sysclient:project:add', operLog: { title: 'projects', businessType: 1 } },
        schema: { tags, body: projectCreateBody },
      },
      async (req) => ok(req.lang, { projectId: await createProject(deps, req.auth(), req.body) }),
    );

    app.put(
      '/sysclient/project',
      {
        config: { perm: 'sysclient:project:edit', operLog: { title: 'projects', businessType: 2 } },
        schema: { tags, body: projectUpdateBody },
      },
      async (req) => {
        await updateProject(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/project/:projectIds',
      {
        config: { perm: 'sysclient:project:remove', operLog: { title: 'projects', businessType: 3 } },
        schema: { tags, params: idsParam('projectIds') },
      },
      async (req) => {
        await deleteProjects(deps, req.auth(), parseIds(req.params.projectIds));
        return ok(req.lang);
      },
    );
  };
}
