import {
  OPEN_STATES,
  type PartBody,
  STATE_LABELS,
  type WorkOrderAddBody,
  type WorkOrderEditBody,
  type WorkOrderState,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { requireCustomer, type Scope } from '../../../platform/scope.ts';
import {
  deviceInProject,
  duesOf,
  fileOfCustomer,
  findOrder,
  holdMaintenance,
  insertOrder,
  insertParts,
  insertPhoto,
  note,
  opDone,
  openOrderOf,
  projectClient,
  releaseMaintenance,
  slaOf,
  type Transition,
  teamOfCustomer,
  transition,
  updateOrder,
  userOfCustomer,
} from './work-order.repository.ts';

/**
 * The life cycle of a work order: created → dispatched → accepted → on site → resolved →
 * approved (or sent back) → closed. Each step is one guarded UPDATE with its history row; the
 * crew's steps carry a client-generated id, so a step sent twice (an offline queue replayed)
 * is applied once.
 */

const stateError = (scope: Pick<Scope, 'lang'>, state: string) =>
  fail('ops.order.state', { state: STATE_LABELS[state as WorkOrderState]?.[scope.lang === 'en-US' ? 1 : 0] ?? state });

async function found(deps: Deps, scope: Scope, orderId: number) {
  const order = await findOrder(deps.database, scope, orderId, deps.clock.now());
  if (!order) throw notFound();
  return order;
}

/** Applies a transition; a refused one says which state the order is in. */
async function move(deps: Deps, scope: Scope, t: Omit<Transition, 'by' | 'at'> & { at?: number }) {
  const done = await transition(deps.database, scope, { ...t, by: scope.userName, at: t.at ?? deps.clock.now() });
  if (done) return done;
  if (t.opId && (await opDone(deps.database, t.opId))) return undefined;
  const order = await found(deps, scope, t.orderId);
  throw stateError(scope, order.state);
}

/** Closing an order ends the maintenance it put its device under. */
async function afterClose(deps: Deps, done: { deviceId: number | null; orderNo: string } | undefined) {
  if (done?.deviceId) await releaseMaintenance(deps.database, done.deviceId, done.orderNo);
}

/* ------------------------------------------------------------------ dispatcher */

export async function createOrder(deps: Deps, scope: Scope, body: WorkOrderAddBody) {
  const db = deps.database;
  requireCustomer(scope);
  const clientId = await projectClient(db, scope, body.projectId);
  if (!clientId) throw fail('ops.order.projectNotFound');
  if (body.deviceId && !(await deviceInProject(db, body.deviceId, body.projectId)))
    throw fail('ops.order.deviceNotFound');
  const now = deps.clock.now();
  const sla = await slaOf(db, clientId);
  const created = await insertOrder(db, {
    ...body,
    clientId,
    ...duesOf(sla, body.priority, now),
    by: scope.userName,
    at: now,
  });
  if (!created) {
    const open = body.deviceId ? await openOrderOf(db, body.deviceId) : undefined;
    throw fail('ops.order.deviceOpen', { orderNo: open?.order_no ?? '' });
  }
  if (body.deviceId) await holdMaintenance(db, body.deviceId, created.orderNo, scope.userName, now);
  return created;
}

export async function editOrder(deps: Deps, scope: Scope, body: WorkOrderEditBody) {
  const order = await found(deps, scope, body.orderId);
  const sla = await slaOf(deps.database, requireCustomer(scope));
  const from = Date.parse(order.createTime!.replace(' ', 'T'));
  const ok = await updateOrder(
    deps.database,
    scope,
    { ...body, ...duesOf(sla, body.priority, from) },
    scope.userName,
    deps.clock.now(),
  );
  if (!ok) throw stateError(scope, order.state);
}

export async function dispatchOrder(
  deps: Deps,
  scope: Scope,
  orderId: number,
  b: { teamId?: number | null; assigneeId?: number | null; comment?: string },
) {
  const db = deps.database;
  const order = await found(deps, scope, orderId);
  const clientId = (await projectClient(db, { clientId: null }, order.projectId))!;
  let teamName: string | null = null;
  if (b.teamId) {
    const team = await teamOfCustomer(db, b.teamId, clientId);
    if (!team) throw fail('ops.order.teamNotFound');
    if (team.project_ids.length && !team.project_ids.map(Number).includes(order.projectId))
      throw fail('ops.order.teamProject', { team: team.name });
    teamName = team.name;
  }
  if (b.assigneeId && !(await userOfCustomer(db, b.assigneeId, clientId))) throw fail('ops.order.userNotFound');
  const now = deps.clock.now();
  await move(deps, scope, {
    orderId,
    from: ['CREATED', 'DISPATCHED', 'ACCEPTED'],
    to: 'DISPATCHED',
    action: 'DISPATCHED',
    comment: b.comment,
    detail: { teamId: b.teamId ?? null, teamName, assigneeId: b.assigneeId ?? null },
    set: {
      team_id: b.teamId ?? null,
      assignee_id: b.assigneeId ?? null,
      dispatch_time: new Date(now),
      accept_time: null,
    },
  });
}

export async function approveOrder(deps: Deps, scope: Scope, orderId: number, comment?: string) {
  await move(deps, scope, {
    orderId,
    from: ['RESOLVED'],
    to: 'APPROVED',
    action: 'APPROVED',
    comment,
    set: { approve_time: new Date(deps.clock.now()) },
  });
}

export async function sendBackOrder(deps: Deps, scope: Scope, orderId: number, comment: string) {
  await move(deps, scope, {
    orderId,
    from: ['RESOLVED'],
    to: 'ACCEPTED',
    action: 'SENT_BACK',
    comment,
    set: { resolve_time: null },
  });
}

export async function closeOrder(deps: Deps, scope: Scope, orderId: number, comment?: string) {
  const done = await move(deps, scope, {
    orderId,
    from: ['APPROVED'],
    to: 'CLOSED',
    action: 'CLOSED',
    comment,
    set: { close_time: new Date(deps.clock.now()), outcome: 'DONE' },
  });
  await afterClose(deps, done);
}

export async function cancelOrder(deps: Deps, scope: Scope, orderId: number, comment: string) {
  const done = await move(deps, scope, {
    orderId,
    from: ['CREATED', 'DISPATCHED', 'ACCEPTED', 'ON_SITE'],
    to: 'CLOSED',
    action: 'CANCELLED',
    comment,
    set: { close_time: new Date(deps.clock.now()), outcome: 'CANCELLED' },
  });
  await afterClose(deps, done);
}

/* ------------------------------------------------------------------ crew */

interface CrewStep {
  opId: string;
  comment?: string;
  longitude?: number | null;
  latitude?: number | null;
  at?: number;
}

/** An order of the crew member (assigned to them or their team); another's is refused, a foreign one not found. */
export async function crewOrder(deps: Deps, scope: Scope, orderId: number) {
  const order = await found(deps, scope, orderId);
  const mine = await findOrder(deps.database, scope, orderId, deps.clock.now(), scope.userId);
  if (!mine) throw fail('ops.order.notYours');
  return order;
}

/** When a step was done: the phone's time, never in the future nor before the order existed. */
function stepTime(deps: Deps, createTime: string | null, at?: number) {
  const now = deps.clock.now();
  const created = createTime ? Date.parse(createTime.replace(' ', 'T')) : now;
  return Math.min(now, Math.max(created, at ?? now));
}

const where = (s: CrewStep) =>
  s.longitude != null && s.latitude != null ? { longitude: s.longitude, latitude: s.latitude } : {};

export async function acceptOrder(deps: Deps, scope: Scope, orderId: number, s: CrewStep) {
  if (await opDone(deps.database, s.opId)) return;
  const order = await crewOrder(deps, scope, orderId);
  const at = stepTime(deps, order.createTime, s.at);
  await move(deps, scope, {
    orderId,
    from: ['DISPATCHED'],
    to: 'ACCEPTED',
    action: 'ACCEPTED',
    comment: s.comment,
    detail: where(s),
    at,
    opId: s.opId,
    set: { accept_time: new Date(at), assignee_id: order.assigneeId ?? scope.userId },
  });
}

export async function arriveOrder(deps: Deps, scope: Scope, orderId: number, s: CrewStep) {
  if (await opDone(deps.database, s.opId)) return;
  const order = await crewOrder(deps, scope, orderId);
  const at = stepTime(deps, order.createTime, s.at);
  await move(deps, scope, {
    orderId,
    from: ['ACCEPTED'],
    to: 'ON_SITE',
    action: 'ARRIVED',
    comment: s.comment,
    detail: where(s),
    at,
    opId: s.opId,
    set: { arrive_time: new Date(at) },
  });
}

export async function resolveOrder(
  deps: Deps,
  scope: Scope,
  orderId: number,
  s: CrewStep & { resolution: string; parts: PartBody[] },
) {
  if (await opDone(deps.database, s.opId)) return;
  const order = await crewOrder(deps, scope, orderId);
  const at = stepTime(deps, order.createTime, s.at);
  const done = await move(deps, scope, {
    orderId,
    from: ['ACCEPTED', 'ON_SITE'],
    to: 'RESOLVED',
    action: 'RESOLVED',
    comment: s.comment,
    detail: { ...where(s), parts: s.parts.length },
    at,
    opId: s.opId,
    set: { resolve_time: new Date(at), resolution: s.resolution },
  });
  if (done)
    await insertParts(
      deps.database,
      orderId,
      done.clientId,
      s.parts.map((p, i) => ({ ...p, opId: `${s.opId}:${i}` })),
      scope.userName,
      at,
    );
}

export async function addPart(deps: Deps, scope: Scope, orderId: number, p: PartBody & { opId: string }) {
  if (await opDone(deps.database, p.opId)) return;
  const order = await crewOrder(deps, scope, orderId);
  if (order.state === 'CLOSED') throw stateError(scope, order.state);
  const clientId = await clientOf(deps, order.projectId);
  const now = deps.clock.now();
  if (await insertParts(deps.database, orderId, clientId, [p], scope.userName, now))
    await note(deps.database, {
      orderId,
      clientId,
      state: order.state,
      action: 'PART',
      by: scope.userName,
      at: now,
      detail: { name: p.name, model: p.model ?? '', quantity: p.quantity, unit: p.unit ?? '' },
      opId: p.opId,
    });
}

export async function addPhoto(
  deps: Deps,
  scope: Scope,
  orderId: number,
  b: {
    opId: string;
    url: string;
    kind: string;
    takenAt?: number;
    longitude?: number | null;
    latitude?: number | null;
  },
) {
  if (await opDone(deps.database, b.opId)) return;
  const order = await crewOrder(deps, scope, orderId);
  if (order.state === 'CLOSED') throw stateError(scope, order.state);
  const clientId = await clientOf(deps, order.projectId);
  const path = deps.files.pathOf(b.url.replace(/^.*?\/profile\//, '/profile/'));
  if (!path || !(await fileOfCustomer(deps.database, path, clientId))) throw fail('ops.order.photoFile');
  const now = deps.clock.now();
  const takenAt = stepTime(deps, order.createTime, b.takenAt);
  if (await insertPhoto(deps.database, { ...b, orderId, clientId, takenAt, opId: b.opId, by: scope.userName, at: now }))
    await note(deps.database, {
      orderId,
      clientId,
      state: order.state,
      action: 'PHOTO',
      by: scope.userName,
      // in the order's steps when it was taken (a photo taken offline arrives later)
      at: takenAt,
      detail: { kind: b.kind, ...where(b) },
      opId: b.opId,
    });
}

async function clientOf(deps: Deps, projectId: number) {
  return (await projectClient(deps.database, { clientId: null }, projectId))!;
}

export const OPEN: readonly WorkOrderState[] = OPEN_STATES;
