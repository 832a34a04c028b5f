import {
  dataOf,
  dispatchBody,
  OUTCOME_LABELS,
  PRIORITY_LABELS,
  requiredCommentBody,
  SOURCE_LABELS,
  STATE_LABELS,
  slaBody,
  stepBody,
  tableOf,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATES,
  type WorkOrderRow,
  workOrderAddBody,
  workOrderDetail,
  workOrderEditBody,
  workOrderRow,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, pageOf, pageQuery } from '../../../platform/paging.ts';
import { requireCustomer, type Scope } from '../../../platform/scope.ts';
import { dispatchChoices } from '../team/team.repository.ts';
import {
  findOrder,
  listOrders,
  ORDER_SORTABLE,
  type OrderFilter,
  orderDetail,
  removeOrders,
  saveSla,
  slaOf,
} from './work-order.repository.ts';
import {
  approveOrder,
  cancelOrder,
  closeOrder,
  createOrder,
  dispatchOrder,
  editOrder,
  sendBackOrder,
} from './work-order.service.ts';

const blank = z.literal('').transform(() => undefined);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().or(blank);
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const orderListQuery = pageQuery.extend({
  projectId: positiveId.optional(),
  keyword: z.string().trim().max(64).optional(),
  state: optionalEnum(WORK_ORDER_STATES),
  source: optionalEnum(WORK_ORDER_SOURCES),
  priority: optionalEnum(WORK_ORDER_PRIORITIES),
  teamId: positiveId.optional(),
  breached: optionalEnum(['true', 'false']),
  open: optionalEnum(['true', 'false']),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const filterOf = (q: OrderListQuery): OrderFilter => ({ ...q, ...dateRange(q) });

/** The ORDER BY of a list: a whitelisted column, else the most urgent clock first among the newest. */
export function orderBy(q: OrderListQuery, fallback = 'o.create_time desc'): string {
  if (!q.orderByColumn) return fallback;
  const column = ORDER_SORTABLE[q.orderByColumn];
  if (!column) throw fail('valid.sortColumn', { field: q.orderByColumn });
  return `${column} ${q.isAsc === 'desc' || q.isAsc === 'descending' ? 'desc' : 'asc'}`;
}

const orderParams = z.object({ orderId: positiveId });
const label = (labels: Record<string, [string, string]>, en: boolean) => (value: unknown) =>
  labels[String(value)]?.[en ? 1 : 0] ?? String(value ?? '');

/**
 * The dispatcher's work orders (`ops/work-order`): list with SLA clocks, detail with its history,
 * photos, parts and alarms, add and edit, dispatch, approve or send back, close, cancel, remove,
 * Excel export, and the customer's SLA settings.
 */
export function workOrderRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['ops/work-order'];
  const now = () => deps.clock.now();
  const log = (businessType: number) => ({ title: 'work orders', businessType });

  return async (app) => {
    app.get(
      '/ops/work-order/list',
      {
        config: { perm: 'ops:workOrder:list' },
        schema: { tags, querystring: orderListQuery, response: { 200: tableOf(workOrderRow) } },
      },
      async (req) => {
        const { rows, total } = await listOrders(
          db,
          req.auth(),
          filterOf(req.query),
          orderBy(req.query),
          pageOf(req.query),
          now(),
        );
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/ops/work-order/sla',
      {
        config: { perm: 'ops:workOrder:query' },
        schema: { tags, summary: "The customer's SLA clocks per priority and the verification hold of alarm orders" },
      },
      async (req) => ok(req.lang, await slaOf(db, requireCustomer(req.auth()))),
    );

    app.put(
      '/ops/work-order/sla',
      {
        config: { perm: 'ops:workOrder:edit', operLog: { title: 'work order SLA', businessType: 2 } },
        schema: { tags, body: slaBody },
      },
      async (req) => {
        const scope = req.auth();
        await saveSla(db, requireCustomer(scope), req.body, scope.userName, now());
        return ok(req.lang);
      },
    );

    app.get(
      '/ops/work-order/choices',
      {
        config: { perm: 'ops:workOrder:dispatch' },
        schema: {
          tags,
          summary: "The teams covering an order's project (members on duty now) and the customer's users",
          querystring: z.object({ orderId: positiveId }),
        },
      },
      async (req) => {
        const scope = req.auth();
        const order = await findOrder(db, scope, req.query.orderId, now());
        if (!order) throw notFound();
        return ok(req.lang, await dispatchChoices(db, scope, order.projectId, now()));
      },
    );

    app.get(
      '/ops/work-order/:orderId',
      {
        config: { perm: 'ops:workOrder:query' },
        schema: { tags, params: orderParams, response: { 200: dataOf(workOrderDetail) } },
      },
      async (req) => {
        const order = await findOrder(db, req.auth(), req.params.orderId, now());
        if (!order) throw notFound();
        return ok(req.lang, { ...order, ...(await orderDetail(db, order.orderId)) });
      },
    );

    app.post(
      '/ops/work-order',
      { config: { perm: 'ops:workOrder:add', operLog: log(1) }, schema: { tags, body: workOrderAddBody } },
      async (req) => ok(req.lang, await createOrder(deps, req.auth(), req.body)),
    );

    app.put(
      '/ops/work-order',
      { config: { perm: 'ops:workOrder:edit', operLog: log(2) }, schema: { tags, body: workOrderEditBody } },
      async (req) => {
        await editOrder(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.delete(
      '/ops/work-order/:orderIds',
      {
        config: { perm: 'ops:workOrder:remove', operLog: log(3) },
        schema: {
          tags,
          summary: 'Removes orders not in progress (new or closed)',
          params: z.object({ orderIds: z.string().regex(/^\d{1,16}(,\d{1,16})*$/) }),
        },
      },
      async (req) => {
        const scope = req.auth();
        const ids = [...new Set(req.params.orderIds.split(',').map(Number))];
        const refused = await removeOrders(db, scope, ids);
        if (refused === 'notFound') throw notFound();
        if (refused) throw fail('ops.order.state', { state: label(STATE_LABELS, scope.lang === 'en-US')(refused) });
        return ok(req.lang);
      },
    );

    const step = (
      path: string,
      perm: string,
      body: typeof stepBody | typeof requiredCommentBody,
      run: (scope: Scope, orderId: number, comment: string | undefined) => Promise<void>,
      summary: string,
    ) =>
      app.put(
        `/ops/work-order/:orderId/${path}`,
        { config: { perm, operLog: log(2) }, schema: { tags, summary, params: orderParams, body } },
        async (req) => {
          await run(req.auth(), req.params.orderId, req.body.comment);
          return ok(req.lang);
        },
      );

    step(
      'approve',
      'ops:workOrder:approval',
      stepBody,
      (s, id, c) => approveOrder(deps, s, id, c),
      'Approves a resolved order',
    );
    step(
      'send-back',
      'ops:workOrder:approval',
      requiredCommentBody,
      (s, id, c) => sendBackOrder(deps, s, id, c!),
      'Sends a resolved order back to the crew, saying why',
    );
    step(
      'close',
      'ops:workOrder:approval',
      stepBody,
      (s, id, c) => closeOrder(deps, s, id, c),
      'Closes an approved order',
    );
    step(
      'cancel',
      'ops:workOrder:edit',
      requiredCommentBody,
      (s, id, c) => cancelOrder(deps, s, id, c!),
      'Cancels an order not yet resolved, saying why',
    );

    app.put(
      '/ops/work-order/:orderId/dispatch',
      {
        config: { perm: 'ops:workOrder:dispatch', operLog: log(2) },
        schema: {
          tags,
          summary: 'Dispatches (or re-dispatches) an order to a team and/or a person',
          params: orderParams,
          body: dispatchBody,
        },
      },
      async (req) => {
        await dispatchOrder(deps, req.auth(), req.params.orderId, req.body);
        return ok(req.lang);
      },
    );

    app.post(
      '/ops/work-order/export',
      {
        config: { perm: 'ops:workOrder:export', operLog: log(5) },
        schema: { tags, body: orderListQuery.partial().optional() },
      },
      async (req, reply) => {
        const scope = req.auth();
        const q = orderListQuery.parse(req.body ?? {});
        const { rows } = await listOrders(db, scope, filterOf(q), orderBy(q), { limit: 100_000, offset: 0 }, now());
        const en = req.lang === 'en-US';
        const yes = en ? 'Yes' : '是';
        const no = en ? 'No' : '否';
        const state = label(STATE_LABELS, en);
        const source = label(SOURCE_LABELS, en);
        const priority = label(PRIORITY_LABELS, en);
        const outcome = label(OUTCOME_LABELS, en);
        return sendWorkbook(
          reply,
          en ? 'work_orders' : '工单数据',
          [
            { header: en ? 'Order no.' : '工单编号', key: 'orderNo', width: 20 },
            { header: en ? 'Title' : '标题', key: 'title', width: 30 },
            { header: en ? 'Project' : '项目', key: 'projectName', width: 20 },
            { header: en ? 'Source' : '来源', key: 'source', width: 12 },
            { header: en ? 'Priority' : '优先级', key: 'priority', width: 10 },
            { header: en ? 'State' : '状态', key: 'state', width: 10 },
            { header: en ? 'Outcome' : '结果', key: 'outcome', width: 12 },
            { header: en ? 'Device' : '设备', key: 'device', width: 24 },
            { header: en ? 'Address' : '地址', key: 'address', width: 24 },
            { header: en ? 'Team' : '班组', key: 'teamName', width: 16 },
            { header: en ? 'Assignee' : '处理人', key: 'assigneeName', width: 14 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
            { header: en ? 'Accepted' : '接单时间', key: 'acceptTime', width: 20 },
            { header: en ? 'Resolved' : '处理时间', key: 'resolveTime', width: 20 },
            { header: en ? 'Closed' : '关闭时间', key: 'closeTime', width: 20 },
            { header: en ? 'Accept SLA breached' : '接单超时', key: 'acceptBreached', width: 12 },
            { header: en ? 'Resolve SLA breached' : '处理超时', key: 'resolveBreached', width: 12 },
            { header: en ? 'Resolution' : '处理结果', key: 'resolution', width: 30 },
          ],
          rows.map((r: WorkOrderRow) => ({
            ...r,
            source: source(r.source),
            priority: priority(r.priority),
            state: state(r.state),
            outcome: r.outcome ? outcome(r.outcome) : '',
            device: r.deviceUid ? `${r.deviceName ?? ''} (${r.deviceUid})` : '',
            acceptBreached: r.acceptBreached ? yes : no,
            resolveBreached: r.resolveBreached ? yes : no,
          })),
        );
      },
    );
  };
}
