import { ACTION_PERMISSION, commandOf, LIGHTING, RETRIED_STATUSES, taskApplyBody } from '@luxgrid/contracts';
import { CONTROL_ACTIONS, TASK_SOURCES } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { countTasks } from '../../../platform/devices/task-progress.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { dateRange, MAX_PAGE_SIZE, pageQuery } from '../../../platform/paging.ts';
import { hasPermission } from '../../../platform/rbac.ts';
import { checkOperatePassword, expandControlTargets } from '../device/control-targets.ts';
import { type ControlRow, controlRows } from '../device/device.repository.ts';
import { projectInScope } from '../device/device.service.ts';
import { issueCommands } from '../gateway/commands.ts';
import { cancelCommands } from '../gateway/runtime.repository.ts';
import {
  countOwned,
  devicesEndedIn,
  findTask,
  memberControlRows,
  openCommandIds,
  pageTasks,
  projectControlRows,
} from './task.repository.ts';

const SCREENS = ['singleApply', 'groupApply'] as const;
const batchParam = z.object({ batchId: z.string().regex(/^[\w-]{1,64}$/) });

/** §6: each action asks for its own permission on the screen it is applied from (one device: either screen). */
function requireActionPerm(ctx: Ctx, action: string, single: boolean) {
  const suffix = ACTION_PERMISSION[action as keyof typeof ACTION_PERMISSION];
  const screens = single ? SCREENS : (['groupApply'] as const);
  if (!suffix || !screens.some((screen) => hasPermission(ctx.principal, `lighting:${screen}:${suffix}`)))
    throw forbidden();
}

/** The device types that carry an action out themselves (a project-wide task starts from them). */
const doersOf = (action: string) =>
  LIGHTING.types
    .filter((type) => {
      const command = commandOf(type.code, action);
      return command && !command.passedTo;
    })
    .map((type) => type.code);

/** What a task starts from, before the thing model expands it. */
async function pickedDevices(deps: Deps, ctx: Ctx, projectId: number, kind: string, ids: number[]) {
  const db = deps.database;
  if (kind === 'PROJECT') return [];
  if (kind === 'DEVICE') {
    const rows = await controlRows(db, ctx, ids);
    if (rows.length !== ids.length || rows.some((r) => r.projectId !== projectId)) throw notFound();
    return rows;
  }
  const owned = kind as 'GROUP' | 'TAG' | 'BOX';
  if ((await countOwned(db, ctx, owned, projectId, ids)) !== ids.length) throw notFound();
  return memberControlRows(db, owned, projectId, ids);
}

/** Control tasks: apply an action to one device or many, follow its progress, cancel it, retry the failed. */
export function taskRoutes(deps: Deps): FastifyPluginAsyncZod {
  const q = deps.database;
  return async (app) => {
    const tags = ['lighting/task'];

    app.post(
      '/lighting/task',
      {
        config: {
          perm: { any: SCREENS.flatMap((screen) => CONTROL_ACTIONS.map((a) => `lighting:${screen}:${a}`)) },
          operLog: { title: 'control task', businessType: 0 },
        },
        schema: {
          tags,
          summary:
            'Apply an action to picked devices, groups, tags, boxes (their branches) or a whole project; one command per device',
          body: taskApplyBody,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const body = req.body;
        const ids = [...new Set(body.targetIds ?? [])];
        const single = body.targetKind === 'DEVICE' && ids.length === 1;
        requireActionPerm(ctx, body.action, single);
        const project = await projectInScope(deps, ctx, body.projectId);
        const picked =
          body.targetKind === 'PROJECT'
            ? await projectControlRows(q, project.projectId, doersOf(body.action))
            : await pickedDevices(deps, ctx, project.projectId, body.targetKind, ids);
        if (!picked.length) throw fail(single ? 'lighting.control.notSupported' : 'lighting.group.noControllable');
        const targets = await expandControlTargets(q, body.action, picked, single);
        await checkOperatePassword(project, body.operatePwd);
        const result = await issueCommands(deps, ctx, {
          clientId: project.clientId,
          projectId: project.projectId,
          targets,
          action: body.action,
          value: body.value,
          source: 'CONTROL',
          name: body.name,
          groupId: body.targetKind === 'GROUP' && ids.length === 1 ? ids[0] : undefined,
          targetKind: body.targetKind,
          ttlMs: body.ttlMinutes ? body.ttlMinutes * 60_000 : undefined,
        });
        return ok(req.lang, result);
      },
    );

    app.get(
      '/lighting/task/list',
      {
        config: { perm: { any: ['lighting:singleApply:list', 'lighting:groupApply:list', 'lighting:taskLog:list'] } },
        schema: {
          tags,
          summary: 'Tasks newest first, each with its devices per lifecycle state',
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            source: z.enum(TASK_SOURCES).optional(),
            action: z.string().max(20).optional(),
            operName: z.string().max(50).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const size = Math.min(req.query.pageSize ?? req.query.size ?? 20, MAX_PAGE_SIZE);
        const offset = ((req.query.pageNum ?? req.query.current ?? 1) - 1) * size;
        const { begin, end } = dateRange(req.query);
        const page = await pageTasks(
          q,
          { clientId: ctx.clientId, projectId: req.query.projectId ?? ctx.projectId ?? null },
          {
            source: req.query.source,
            action: req.query.action,
            operName: req.query.operName,
            begin: begin?.getTime(),
            end: end?.getTime(),
          },
          { size, offset },
        );
        const counts = page.rows.length
          ? await countTasks(
              q,
              page.rows.map((r) => r.batchId),
            )
          : new Map();
        return table(
          req.lang,
          page.rows.map((r) => ({ ...r, ...counts.get(r.batchId), total: r.total })),
          page.total,
        );
      },
    );

    app.get(
      '/lighting/task/:batchId',
      {
        config: {
          perm: { any: ['lighting:singleApply:query', 'lighting:groupApply:query', 'lighting:taskLog:list'] },
        },
        schema: { tags, summary: 'One task and its devices per lifecycle state', params: batchParam },
      },
      async (req) => {
        const task = await findTask(q, req.auth(), req.params.batchId);
        if (!task) throw notFound();
        const counts = (await countTasks(q, [task.batchId])).get(task.batchId)!;
        return ok(req.lang, { ...task, counts: counts.counts, done: counts.done });
      },
    );

    app.put(
      '/lighting/task/:batchId/cancel',
      {
        config: {
          perm: { any: ['lighting:singleApply:remove', 'lighting:groupApply:remove', 'lighting:taskLog:cancel'] },
          operLog: { title: 'control task', businessType: 2 },
        },
        schema: { tags, summary: 'Cancel every command of the task still waiting or under way', params: batchParam },
      },
      async (req) => {
        const task = await findTask(q, req.auth(), req.params.batchId);
        if (!task) throw notFound();
        const ids = await openCommandIds(q, task.batchId);
        if (!ids.length) throw fail('lighting.task.finished');
        await cancelCommands(q, ids, deps.clock.now());
        // commands a session already took: the device is told to drop them, and its answer is recorded
        await deps.deviceHub?.cancel(ids);
        deps.deviceHub?.progress.touch(task.batchId, task);
        return ok(req.lang, { canceled: ids.length });
      },
    );

    app.post(
      '/lighting/task/:batchId/retry',
      {
        config: {
          perm: { any: ['lighting:singleApply:issue', 'lighting:groupApply:issue'] },
          operLog: { title: 'control task', businessType: 1 },
        },
        schema: {
          tags,
          summary: 'A new task, linked to this one, for its devices that FAILED, timed out or EXPIRED',
          params: batchParam,
          body: z.object({ operatePwd: z.string().max(64).optional() }).optional(),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const task = await findTask(q, ctx, req.params.batchId);
        if (!task) throw notFound();
        requireActionPerm(ctx, task.action, task.total === 1);
        const targets: ControlRow[] = await devicesEndedIn(q, task.batchId, RETRIED_STATUSES);
        if (!targets.length) throw fail('lighting.task.nothingToRetry');
        const project = await projectInScope(deps, ctx, task.projectId);
        await checkOperatePassword(project, req.body?.operatePwd);
        const result = await issueCommands(deps, ctx, {
          clientId: project.clientId,
          projectId: project.projectId,
          targets,
          action: task.action,
          value: task.value ?? undefined,
          source: 'CONTROL',
          name: task.name,
          groupId: task.groupId ?? undefined,
          targetKind: task.targetKind ?? undefined,
          parentBatchId: task.batchId,
        });
        return ok(req.lang, result);
      },
    );
  };
}
