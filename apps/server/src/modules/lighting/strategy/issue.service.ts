import {
  dimmingSchedule,
  LIGHTING,
  SCHEDULE_SCHEMES,
  type ScheduleKind,
  type ScheduleRunner,
  type StrategyBody,
  scheduleNow,
  scheduleResultData,
  strategySchedule,
  type VirtualDimmingBody,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { type CommandTarget, type Issuer, issueCommands } from '../gateway/commands.ts';
import { type IssueRow, issueRepository, type LampReach } from './issue.repository.ts';
import { strategyRepository, targetLamps } from './strategy.repository.ts';
import type { ltStrategy, ltVirtualDimming } from './strategy.table.ts';
import { projectPlace } from './sun.service.ts';

/**
 * Issuing strategies and virtual dimming plans to the controllers that carry their lamps: each
 * controller gets the schedule of its own lamps (protocol-schedule.ts) with a time sync; one that
 * cannot hold a schedule is run by the platform (scheduler.ts). Answers from the device hub settle
 * each controller's copy (PUSHED | FAILED) and the plan's issue state, pushed live to browsers.
 */

/** Which controllers an issue goes to: all of the plan's, the failed ones, the drifted ones, or those named. */
export type IssueWhich = 'ALL' | 'FAILED' | 'DRIFT' | number[];

const holdsByType = new Map(LIGHTING.types.map((t) => [t.code, t.holdsSchedule === true]));
const HOLDING_SCHEMES = new Set<string>(SCHEDULE_SCHEMES);

/** The thing model's capability: the controller's type holds schedules and its model's scheme is one that does. */
export function holdsSchedule(type: string | null, scheme: string | null): boolean {
  return !!type && holdsByType.get(type) === true && (scheme === null || HOLDING_SCHEMES.has(scheme));
}

interface Controller {
  deviceId: number;
  uid: string;
  name: string;
  runner: ScheduleRunner;
  lamps: string[];
}

/** The controllers carrying the lamps: one per session device, with the lamp UIDs it carries. */
export function controllersOf(reach: LampReach[]): { controllers: Controller[]; unreachable: number } {
  const byId = new Map<number, Controller>();
  let unreachable = 0;
  for (const lamp of reach) {
    if (lamp.gatewayId === null || lamp.gatewayUid === null) {
      unreachable++;
      continue;
    }
    let c = byId.get(lamp.gatewayId);
    if (!c) {
      c = {
        deviceId: lamp.gatewayId,
        uid: lamp.gatewayUid,
        name: lamp.gatewayName ?? lamp.gatewayUid,
        runner: holdsSchedule(lamp.gatewayType, lamp.scheme) ? 'DEVICE' : 'PLATFORM',
        lamps: [],
      };
      byId.set(lamp.gatewayId, c);
    }
    c.lamps.push(lamp.uid);
  }
  return { controllers: [...byId.values()], unreachable };
}

type StrategyRecord = typeof ltStrategy.$inferSelect;
type PlanRecord = typeof ltVirtualDimming.$inferSelect;

async function planOf(deps: Deps, scope: Scope, kind: ScheduleKind, planId: number) {
  const repo = strategyRepository(deps.database);
  const row = kind === 'STRATEGY' ? await repo.strategies.find(scope, planId) : await repo.plans.find(scope, planId);
  if (!row) throw notFound();
  return row as unknown as (StrategyRecord | PlanRecord) & { clientId: number };
}

/** Issues a plan to its controllers (or some of them); answers the counts and how many lamps no controller carries. */
export async function issuePlan(
  deps: Deps,
  ctx: Scope & Issuer,
  kind: ScheduleKind,
  planId: number,
  which: IssueWhich,
) {
  const issues = issueRepository(deps.database);
  const plan = await planOf(deps, ctx, kind, planId);
  if (plan.status !== '0') throw fail('strategy.issue.disabled');
  const place = await projectPlace(deps, ctx, plan.projectId);
  const lamps = await targetLamps(deps.database, plan.projectId, plan.targets);
  const { controllers, unreachable } = controllersOf(await issues.reach([...lamps]));
  if (!controllers.length) throw fail('strategy.issue.noControllers');
  let chosen = controllers;
  if (which !== 'ALL') {
    const ids = new Set(Array.isArray(which) ? which : await issues.deviceIds(kind, planId, which));
    chosen = controllers.filter((c) => ids.has(c.deviceId));
    if (!chosen.length)
      throw fail(which === 'FAILED' ? 'strategy.issue.nothingFailed' : 'strategy.issue.noControllers');
  } else
    await issues.dropOthers(
      kind,
      planId,
      controllers.map((c) => c.deviceId),
    );
  const now = deps.clock.now();
  const rows: IssueRow[] = chosen.map((c) => {
    const schedule =
      kind === 'STRATEGY'
        ? strategySchedule(planId, plan as unknown as StrategyBody, place, c.lamps)
        : dimmingSchedule(planId, plan as unknown as VirtualDimmingBody, place, c.lamps);
    return { deviceId: c.deviceId, runner: c.runner, version: schedule.version, schedule };
  });
  const scope = { clientId: place.clientId, projectId: place.projectId, kind, planId };
  await issues.upsert(scope, rows, ctx.principal.userName, now);
  const held = chosen.filter((c) => c.runner === 'DEVICE');
  let batchId: string | null = null;
  if (held.length) {
    const scheduleOf = new Map(rows.map((r) => [r.deviceId, r.schedule]));
    const targets: CommandTarget[] = held.map((c) => ({
      deviceId: c.deviceId,
      uid: c.uid,
      name: c.name,
      gatewayId: c.deviceId,
      params: scheduleOf.get(c.deviceId) as unknown as Record<string, unknown>,
    }));
    const base = { clientId: place.clientId, projectId: place.projectId, source: 'CONFIG' as const, name: plan.name };
    ({ batchId } = await issueCommands(deps, ctx, { ...base, targets, action: 'schedule' }));
    await issues.linkCommands(kind, planId, batchId);
    // the schedule runs on the controller's clock: set it right with the download
    await issueCommands(deps, ctx, {
      ...base,
      targets: targets.map(({ params: _p, ...t }) => t),
      action: 'timing',
    });
  }
  const counts = await progress(deps, scope);
  return { ...counts, batchId, platform: chosen.length - held.length, unreachable };
}

/** Recounts a plan's copies, sets its issue state and tells the project's browsers. */
export async function progress(
  deps: Deps,
  plan: { clientId: number; projectId: number; kind: ScheduleKind; planId: number },
) {
  const issues = issueRepository(deps.database);
  const counts = await issues.counts(plan.kind, plan.planId);
  const issueState = counts.total > 0 && counts.pushed === counts.total ? 'PUSHED' : 'UN_PUSH';
  await issues.summarise(plan.kind, plan.planId, issueState);
  await deps.ws.publish(
    { clientId: plan.clientId, projectId: plan.projectId },
    { type: 'schedule.progress', ...plan, ...counts, issueState },
  );
  return { ...counts, issueState };
}

/** Answers are gathered this long and settled in one statement; progress is pushed after each settle. */
const SETTLE_MS = 100;

type Answer = Parameters<ReturnType<typeof issueRepository>['settle']>[0][number];

/**
 * Settles each controller's copy from the device hub: a `schedule` command's result (PUSHED with
 * the version held, FAILED with the reason, TIMEOUT and EXPIRED as failures) and a hello's list
 * of held schedules (which shows drift). Answers are gathered for a moment and settled together;
 * each plan they touch gets one progress push.
 */
export function listenForSchedules(deps: Deps): () => void {
  const issues = issueRepository(deps.database);
  let answers: Answer[] = [];
  let timer: NodeJS.Timeout | null = null;
  let settling: Promise<void> = Promise.resolve();
  const settle = () => {
    timer = null;
    const batch = answers;
    answers = [];
    settling = settling
      .then(async () => {
        for (const plan of await issues.settle(batch)) await progress(deps, plan);
      })
      .catch((err: unknown) => deps.log.error({ err }, 'schedule answers not settled'));
  };
  const offResult = deps.devices.on('commandResult', (r) => {
    if (r.action !== 'schedule') return;
    const ok = r.status === 'SUCCESS';
    answers.push({
      commandId: r.commandId,
      ok,
      version: ok ? (scheduleResultData.safeParse(r.data).data?.version ?? null) : null,
      reason: ok ? '' : r.status === 'FAILED' ? r.error || 'FAILED' : r.status,
      ts: r.ts,
    });
    timer ??= setTimeout(settle, SETTLE_MS);
  });
  const offHeld = deps.devices.on('schedulesHeld', ({ device, held, ts }) =>
    issues.noteHeld(device.deviceId, held, ts),
  );
  return () => {
    offResult();
    offHeld();
    if (timer) clearTimeout(timer);
  };
}

/** The cap in force now on a lamp and the bands of the plans that cap it (the lamp drawer). */
export async function lampCaps(deps: Deps, deviceId: number, now: number) {
  const copies = await issueRepository(deps.database).dimmingOf(deviceId);
  return copies.map((c) => ({
    planId: c.planId,
    state: c.state,
    bands: c.schedule.bands,
    timeZone: c.schedule.timeZone,
    startDate: c.schedule.startDate,
    endDate: c.schedule.endDate,
    capNow: scheduleNow(c.schedule, now).cap,
  }));
}
