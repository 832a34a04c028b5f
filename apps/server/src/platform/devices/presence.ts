import type { Deps } from '../context.ts';
import type { CommandFlow } from './commands.ts';
import type { DeviceEvents, HubEvent } from './events.ts';
import { LiveStates } from './live.ts';
import type { HubSettings, HubStats } from './options.ts';
import type { RegistryCache } from './registry-cache.ts';
import type { BufferedWriter, EventRow } from './writer.ts';

// the key the sweepers of every server version share, so that one process sweeps during a rolling upgrade too
const SWEEP_LOCK = 'lighting:gateway-sweeper';

/**
 * Offline detection. Devices come online as soon as they are heard from (the writer marks them);
 * one process at a time — whichever holds the sweep lock — marks those not heard from within
 * the heartbeat timeout offline and ends overdue commands.
 */
export class Presence {
  constructor(
    private readonly deps: Deps,
    private readonly opts: HubSettings,
    private readonly stats: HubStats,
    private readonly registry: RegistryCache,
    private readonly writer: BufferedWriter,
    private readonly commands: CommandFlow,
    private readonly bus: DeviceEvents,
    /** tells every process the registry changed (the offline devices' cached state) */
    private readonly invalidate: (deviceIds: number[]) => Promise<void>,
  ) {}

  async sweepIfLeader(): Promise<void> {
    if (this.writer.stopped) return;
    const leader = await this.deps.cache
      .setIfAbsent(SWEEP_LOCK, String(process.pid), Math.max(1, Math.floor(this.opts.sweepMs / 1000)))
      .catch(() => false);
    if (!leader) return;
    await this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'device sweep failed'));
  }

  /**
   * Marks devices not heard from within the heartbeat timeout offline, with the children their
   * sessions carry; records an OFFLINE event only for devices whose parent is still online, so a
   * silent concentrator raises one event instead of a flood. Times out and expires commands.
   */
  async sweep(): Promise<{ offline: number[]; events: number[] }> {
    await this.writer.flush();
    const now = this.deps.clock.now();
    const cutoff = now - this.opts.heartbeatTimeoutMs;
    const db = this.deps.database;
    const silent = await db.query<{ device_id: number }>(
      'update lt_device_state set online = false where online and last_seen < to_timestamp($1 / 1000.0) returning device_id',
      [cutoff],
    );
    let offline: number[] = [];
    const emitted: number[] = [];
    if (silent.length) {
      const ids = silent.map((r) => r.device_id);
      // children carried by a silent session go with it
      const carried = await db.query<{ device_id: number }>(
        `update lt_device_state set online = false where online and device_id in (select device_id from lt_device where gateway_id = any($1::bigint[])) returning device_id`,
        [ids],
      );
      const all = [...new Set([...ids, ...carried.map((r) => r.device_id)])];
      const rows = await db.query<{
        device_id: number;
        client_id: number;
        project_id: number;
        uid: string;
        device_type: string;
        parent_id: number | null;
        gateway_id: number | null;
      }>(
        `update lt_device set comm_state = 'OFF' where device_id = any($1::bigint[]) and comm_state <> 'OFF'
         returning device_id, client_id, project_id, uid, device_type, parent_id, gateway_id`,
        [all],
      );
      offline = rows.map((r) => r.device_id);
      const down = new Set(offline);
      // the parent chains above every device that went down (its parent and its session), with their states
      const uppers = [
        ...new Set(rows.flatMap((r) => [r.parent_id, r.gateway_id]).filter((v): v is number => v !== null)),
      ];
      const upper = new Map<number, { parentId: number | null; commState: string }>();
      for (const r of rows) upper.set(r.device_id, { parentId: r.parent_id, commState: 'OFF' });
      if (uppers.length) {
        const chain = await db.query<{ device_id: number; parent_id: number | null; comm_state: string }>(
          `with recursive up as (
             select device_id, parent_id, comm_state, 0 as depth from lt_device where device_id = any($1::bigint[])
             union all
             select d.device_id, d.parent_id, d.comm_state, up.depth + 1 from lt_device d join up on d.device_id = up.parent_id
             where up.depth < 16)
           select distinct device_id, parent_id, comm_state from up`,
          [uppers],
        );
        for (const c of chain)
          if (!down.has(c.device_id)) upper.set(c.device_id, { parentId: c.parent_id, commState: c.comm_state });
      }
      // a device above that never came online (INIT) covers nothing: only one that went down does
      const isDown = (id: number | null) => id !== null && (down.has(id) || upper.get(id)?.commState === 'OFF');
      /** whether `id` stands below `ancestor` in the device tree */
      const below = (id: number, ancestor: number) => {
        let at = upper.get(id)?.parentId ?? null;
        for (let depth = 0; at !== null && depth < 16; depth++) {
          if (at === ancestor) return true;
          at = upper.get(at)?.parentId ?? null;
        }
        return false;
      };
      /*
       * One OFFLINE event for the topmost device that went down: a device is silent about it when
       * its parent is down, or its session is down and stands above it. A box carried by the
       * concentrator inside it raises the event itself; the concentrator, its child, stays quiet.
       */
      const suppressedOf = (r: (typeof rows)[number]) =>
        isDown(r.parent_id) ||
        (r.gateway_id !== null &&
          r.gateway_id !== r.device_id &&
          isDown(r.gateway_id) &&
          !below(r.gateway_id, r.device_id));
      const events: EventRow[] = [];
      const wentOffline: HubEvent[] = [];
      const live = new LiveStates(this.deps.ws);
      for (const r of rows) {
        const info = this.registry.byDeviceId(r.device_id);
        if (info) info.commState = 'OFF';
        const device = {
          deviceId: r.device_id,
          clientId: r.client_id,
          projectId: r.project_id,
          uid: r.uid,
          deviceType: r.device_type,
        };
        live.add(device, { commState: 'OFF', ts: now });
        const suppressed = suppressedOf(r);
        wentOffline.push({ type: 'offline', payload: { device, ts: now, carried: suppressed } });
        if (suppressed) continue;
        emitted.push(r.device_id);
        events.push({ d: r.device_id, c: r.client_id, p: r.project_id, t: now, e: 'OFFLINE', l: 'serious', v: null });
      }
      this.stats.wentOffline += rows.length;
      this.writer.platformEvents(events);
      this.bus.emit(wentOffline);
      await live.send();
      if (offline.length) await this.invalidate(offline);
      await this.writer.flush();
    }
    await this.commands.expire(now);
    return { offline, events: emitted };
  }
}
