import type { AlarmConfigType, HubDevice } from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { expectedStates } from '../../lighting/strategy/expectation.ts';
import type { AlarmDetection } from './detection.ts';

/** How often branches are compared with their strategies. */
export const BRANCH_CHECK_MS = 60_000;
const TYPES: readonly AlarmConfigType[] = ['BranchAbnormalTurnOn', 'BranchAbnormalTurnOff'];

interface Held {
  type: AlarmConfigType;
  since: number;
  raised: boolean;
}

/**
 * BranchAbnormalTurnOn / BranchAbnormalTurnOff from the platform's side: every minute, each
 * branch (or loop) some enabled strategy switches is compared with what the strategy expects now
 * (lighting/strategy/expectation.ts). Breaker CLOSE while the strategy expects it off raises
 * TurnOn, OPEN while it expects it on (lit or dimmed) raises TurnOff, once the mismatch has lasted
 * the type's hold time (the project's setting, injected clock); the state matching again
 * recovers it. Branches offline, without a breaker reading, or without an expectation are not
 * judged (a silent branch has its own offline alarm through its box).
 */
export class BranchSchedule {
  /** branch id → its mismatch since when */
  private readonly held = new Map<number, Held>();
  /** branches looked at once since start, for an alarm a restart left active */
  private readonly checked = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly detection: AlarmDetection,
  ) {}

  start(): () => void {
    const timer = setInterval(
      () => void this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'branch check failed')),
      BRANCH_CHECK_MS,
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Compares every switched branch with its strategy now; resolves once the alarms it caused are written. */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const db = this.deps.database;
    const projects = await db.query<{ project_id: number }>(
      `select distinct project_id from lt_strategy where status = '0' and entries @> '[{"applyTo":"BRANCH"}]'::jsonb`,
    );
    for (const { project_id } of projects) {
      const projectId = Number(project_id);
      const expected = await expectedStates(db, projectId, 'BRANCH', now);
      if (!expected.size) continue;
      const settings = await this.detection.settingsOf(projectId);
      const branches = await db.query<{
        device_id: number;
        client_id: number;
        uid: string;
        device_type: string;
        online: boolean;
        breaker: string | null;
      }>(
        `select d.device_id, d.client_id, d.uid, d.device_type, d.comm_state = 'ON' as online, s.data->>'breaker' as breaker
           from lt_device d left join lt_device_state s on s.device_id = d.device_id
          where d.project_id = $1 and d.device_id = any($2::bigint[])`,
        [projectId, [...expected.keys()]],
      );
      for (const b of branches) {
        const id = Number(b.device_id);
        const device: HubDevice = {
          deviceId: id,
          clientId: Number(b.client_id),
          projectId,
          uid: b.uid,
          deviceType: b.device_type,
        };
        if (!b.online || (b.breaker !== 'CLOSE' && b.breaker !== 'OPEN')) continue;
        const level = expected.get(id)!;
        const type: AlarmConfigType | null =
          b.breaker === 'CLOSE' && level === 0
            ? 'BranchAbnormalTurnOn'
            : b.breaker === 'OPEN' && level > 0
              ? 'BranchAbnormalTurnOff'
              : null;
        const held = this.held.get(id);
        if (held && held.type !== type) {
          this.held.delete(id);
          if (held.raised) void this.detection.recover({ device, types: [held.type], ts: now, cause: 'READING' });
        }
        if (!type) {
          // as the strategy expects: an alarm a restart left active recovers once
          if (!held && !this.checked.has(id))
            void this.detection.recover({ device, types: TYPES, ts: now, cause: 'READING' });
          this.checked.add(id);
          continue;
        }
        this.checked.add(id);
        const current = this.held.get(id) ?? { type, since: now, raised: false };
        this.held.set(id, current);
        const setting = settings[type];
        if (current.raised || !setting.enabled) continue;
        if (now - current.since >= (setting.holdSeconds ?? 0) * 1000) {
          current.raised = true;
          void this.detection.raise({
            device,
            type,
            ts: now,
            detail: { breaker: b.breaker, expectedLevel: level, holdSeconds: setting.holdSeconds },
          });
        }
      }
    }
    await this.detection.idle();
  }
}
