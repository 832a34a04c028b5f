import {
  checkOperatePwdBody,
  dataOf,
  projectCreateBody,
  projectRow,
  projectUpdateBody,
  tableOf,
} from '@luxgrid/contracts';
import { MAP_TYPES } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, parseIds, textFilter } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { exportProjects, listProjects, PROJECT_ORDER, PROJECT_SORTABLE, projectDetail } from './project.repository.ts';
import { createProject, deleteProjects, updateProject, verifyOperatePassword } from './project.service.ts';

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

/** Projects of a customer: the spec's full form, the operation password check for control actions. */
export function projectRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['sysclient/project'];

    app.get(
      '/sysclient/project/list',
      {
        config: { perm: 'sysclient:project:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(tableOf(projectRow)) } },
      },
      async (req) => {
        const { limit, offset } = pageOf(req.query);
        const page = { limit, offset, orderBy: orderOf(req.query, PROJECT_SORTABLE, PROJECT_ORDER) };
        const { rows, total } = await listProjects(db, req.auth(), req.query, page);
        return table(req.lang, rows, total);
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
        const rows = await exportProjects(db, req.auth(), q);
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
          rows,
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
      {
        config: { perm: 'sysclient:project:query' },
        schema: { tags, params: idParam('projectId'), response: { 200: answer(dataOf(projectRow)) } },
      },
      async (req) => ok(req.lang, await projectDetail(db, req.auth(), req.params.projectId)),
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
