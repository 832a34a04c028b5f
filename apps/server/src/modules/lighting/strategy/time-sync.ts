import { localInstant, localParts, message } from '@luxgrid/contracts';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { defineJobHandler } from '../../../platform/jobs/registry.ts';
import type { JobResult } from '../../../platform/jobs/scheduler.ts';
import { type Issuer, issueCommands } from '../gateway/commands.ts';
import { issueRepository } from './issue.repository.ts';

/** The handler name of the daily controller clock sync (Monitor → Jobs). */
export const TIME_SYNC_JOB = 'lighting.timeSync';
/** The local time of each project's daily sync, seconds after midnight. */
export const TIME_SYNC_SECONDS = 3 * 3600;
/** A project's sync is sent within this window after its local time (a platform down all of it syncs the next day). */
const WINDOW_MS = 3_600_000;
const SYNC: Issuer = { principal: { userName: 'scheduler' }, ip: '' };

export interface TimeSyncOutcome {
  projects: number;
  controllers: number;
}

/**
 * Sends `timing` (the platform's clock) to the controllers that hold schedules. On schedule
 * (`due`), a project is synced once per local day, within the hour after 03:00 in its own time
 * zone; the run key claimed in lt_schedule_run makes it once across server processes and runs.
 * By hand (not `due`), every such controller (of one project, when named) is synced now.
 */
export async function syncControllerClocks(
  deps: Deps,
  now: number,
  opts: { due: boolean; projectId?: number },
): Promise<TimeSyncOutcome> {
  const issues = issueRepository(deps.database);
  const controllers = (await issues.heldControllers()).filter(
    (c) => opts.projectId === undefined || c.projectId === opts.projectId,
  );
  const byProject = new Map<number, typeof controllers>();
  for (const c of controllers) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c]);
  const outcome: TimeSyncOutcome = { projects: 0, controllers: 0 };
  for (const [projectId, list] of byProject) {
    if (opts.due) {
      const zone = list[0]!.zone;
      const today = localParts(now, zone).date;
      const at = localInstant(today, TIME_SYNC_SECONDS, zone);
      if (at > now || now - at >= WINDOW_MS) continue;
      if (!(await issues.claim(`T${projectId}:${today}`, 0, at, now))) continue;
    }
    await issueCommands(deps, SYNC, {
      clientId: list[0]!.clientId,
      projectId,
      targets: list.map((c) => ({ deviceId: c.deviceId, uid: c.uid, name: c.name, gatewayId: c.deviceId })),
      action: 'timing',
      source: 'CONFIG',
      name: 'daily time sync',
    });
    outcome.projects++;
    outcome.controllers += list.length;
  }
  return outcome;
}

/**
 * The scheduled job `lighting.timeSync` (seeded, every 15 minutes): each project's controllers
 * get the time once a day after 03:00 local. Run by hand, it syncs them all at once.
 */
export const timeSyncJob = defineJobHandler({
  name: TIME_SYNC_JOB,
  description: {
    'zh-CN': message('job.handler.lightingTimeSync', 'zh-CN'),
    'en-US': message('job.handler.lightingTimeSync', 'en-US'),
  },
  args: z
    .object({
      projectId: z.coerce
        .number({ error: 'valid.type' })
        .int({ error: 'valid.type' })
        .min(1, { error: 'valid.type' })
        .optional(),
    })
    .strict(),
  example: {},
  async run(deps, args, run): Promise<JobResult> {
    const now = deps.clock.now();
    const { projects, controllers } = await syncControllerClocks(deps, now, {
      due: run.fireTime !== null,
      ...(args.projectId !== undefined ? { projectId: args.projectId } : {}),
    });
    return { key: 'job.result.lightingTimeSync', params: { projects, controllers } };
  },
});
