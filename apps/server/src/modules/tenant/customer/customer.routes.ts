import { customerCreateBody, customerRow, customerStatusBody, customerUpdateBody, tableOf } from '@luxgrid/contracts';
import { CUSTOMER_VALIDITY } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, parseIds, textFilter } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { dictLabels } from '../../system/dict/dict.service.ts';
import { CUSTOMER_ORDER, CUSTOMER_SORTABLE, exportCustomers, listCustomers } from './customer.repository.ts';
import {
  assignableMenuTree,
  changeCustomerStatus,
  createCustomer,
  customerDetail,
  deleteCustomers,
  updateCustomer,
} from './customer.service.ts';

const listQuery = pageQuery.extend({
  code: textFilter(40),
  name: textFilter(40),
  status: flagFilter(),
  validState: z.enum([...CUSTOMER_VALIDITY, '']).optional(),
});

const VALIDITY_LABELS = {
  not_started: ['未开始', 'Not started'],
  normal: ['正常', 'Normal'],
  expired: ['已过期', 'Expired'],
} as const;

/** Customers (tenants): list, detail, create with main account, edit, status, delete, export. */
export function customerRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const now = () => deps.clock.now();

  return async (app) => {
    const tags = ['sysclient/customer'];

    app.get(
      '/sysclient/client/list',
      {
        config: { perm: 'sysclient:customer:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(tableOf(customerRow)) } },
      },
      async (req) => {
        const { limit, offset } = pageOf(req.query);
        const page = { limit, offset, orderBy: orderOf(req.query, CUSTOMER_SORTABLE, CUSTOMER_ORDER) };
        const { rows, total } = await listCustomers(db, req.auth(), now(), req.query, page);
        return table(req.lang, rows, total);
      },
    );

    app.post(
      '/sysclient/client/export',
      {
        config: { perm: 'sysclient:customer:export', operLog: { title: 'customers', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await exportCustomers(db, req.auth(), now(), q);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_normal_disable');
        return sendWorkbook(
          reply,
          en ? 'customers' : '客户管理',
          [
            { header: en ? 'Id' : '客户编号', key: 'clientId', width: 10 },
            { header: en ? 'Code' : '客户编码', key: 'code', width: 16 },
            { header: en ? 'Name' : '客户名称', key: 'name', width: 28 },
            { header: en ? 'Short name' : '简称', key: 'shortName', width: 18 },
            { header: en ? 'Contacts' : '联系人', key: 'contacts', width: 14 },
            { header: en ? 'Phone' : '联系电话', key: 'phone', width: 16 },
            { header: en ? 'Main account' : '主账号', key: 'mainAccount', width: 16 },
            { header: en ? 'Package' : '套餐', key: 'packageName', width: 20 },
            { header: en ? 'Valid from' : '有效期开始', key: 'validFrom', width: 20 },
            { header: en ? 'Valid to' : '有效期结束', key: 'validTo', width: 20 },
            { header: en ? 'Validity' : '有效期状态', key: 'validity', width: 12 },
            { header: en ? 'Status' : '状态', key: 'statusLabel', width: 10 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...r,
            validity: VALIDITY_LABELS[r.validState][en ? 1 : 0],
            statusLabel: status(r.status),
          })),
        );
      },
    );

    app.get(
      '/sysclient/client/menuTree',
      {
        config: { perm: { any: ['sysclient:customer:add', 'sysclient:customer:edit', 'sysclient:customer:query'] } },
        schema: {
          tags,
          summary: 'Menus a customer may be given, per subsystem',
          querystring: z.object({
            systemIds: z
              .string()
              .max(2000)
              .regex(/^(\d{1,9}(,\d{1,9})*)?$/),
          }),
        },
      },
      async (req) => {
        requirePlatform(req.auth());
        return ok(req.lang, await assignableMenuTree(db, parseIds(req.query.systemIds), req.lang));
      },
    );

    app.put(
      '/sysclient/client/changeStatus',
      {
        config: { perm: 'sysclient:customer:changeStatus', operLog: { title: 'customers', businessType: 2 } },
        schema: { tags, body: customerStatusBody },
      },
      async (req) => {
        await changeCustomerStatus(deps, req.auth(), req.body.clientId, req.body.status);
        return ok(req.lang);
      },
    );

    app.get(
      '/sysclient/client/:clientId',
      { config: { perm: 'sysclient:customer:query' }, schema: { tags, params: idParam('clientId') } },
      async (req) => ok(req.lang, await customerDetail(deps, req.auth(), req.params.clientId)),
    );

    app.post(
      '/sysclient/client',
      {
        config: { perm: 'sysclient:customer:add', operLog: { title: 'customers', businessType: 1 } },
        schema: { tags, body: customerCreateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const clientId = await createCustomer(deps, ctx, req.body);
        return ok(req.lang, { clientId });
      },
    );

    app.put(
      '/sysclient/client',
      {
        config: { perm: 'sysclient:customer:edit', operLog: { title: 'customers', businessType: 2 } },
        schema: { tags, body: customerUpdateBody },
      },
      async (req) => {
        await updateCustomer(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/client/:clientIds',
      {
        config: { perm: 'sysclient:customer:remove', operLog: { title: 'customers', businessType: 3 } },
        schema: { tags, params: idsParam('clientIds') },
      },
      async (req) => {
        await deleteCustomers(deps, req.auth(), parseIds(req.params.clientIds));
        return ok(req.lang);
      },
    );
  };
}
