import type { HubDevice, HubRegistryChanged } from '@luxgrid/contracts';
import type { Database } from '../db.ts';

/** What the hub keeps in memory about a device it has heard of. */
export interface DeviceInfo {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  deviceType: string;
  parentId: number | null;
  gatewayId: number | null;
  commState: string;
  /** the platform time last given to a reading of this device that came without its own ts */
  lastStamp?: number;
}

const SELECT_INFO = `select device_id as "deviceId", client_id as "clientId", project_id as "projectId", uid,
  device_type as "deviceType", parent_id as "parentId", gateway_id as "gatewayId", comm_state as "commState" from lt_device`;
const NEGATIVE_TTL_MS = 30_000;

/** The device as events name it. */
export const hubDevice = (info: DeviceInfo): HubDevice => ({
  deviceId: info.deviceId,
  clientId: info.clientId,
  projectId: info.projectId,
  uid: info.uid,
  deviceType: info.deviceType,
});

/**
 * The registry as the hub reads it on every message: devices by (project, uid) and by id,
 * loaded on first use, whole sessions at once; unknown names are remembered for 30 s. Registry
 * edits reach it as `registryChanged` events, in every server process.
 */
export class RegistryCache {
  private readonly devices = new Map<string, DeviceInfo>();
  private readonly byId = new Map<number, DeviceInfo>();
  private readonly unknown = new Map<string, { until: number; foreign: boolean }>();
  private readonly loading = new Map<string, Promise<DeviceInfo | null>>();
  /** sessions whose children were loaded in one go */
  private readonly preloaded = new Map<number, Promise<void>>();

  constructor(private readonly database: Database) {}

  get size(): number {
    return this.byId.size;
  }

  byDeviceId(deviceId: number): DeviceInfo | undefined {
    return this.byId.get(deviceId);
  }

  has(projectId: number, uid: string): boolean {
    return this.devices.has(`${projectId}/${uid}`);
  }

  /** Forgets what a registry change touched. */
  changed({ deviceIds }: HubRegistryChanged): void {
    this.unknown.clear();
    this.preloaded.clear();
    if (deviceIds === 'all') {
      this.devices.clear();
      this.byId.clear();
      return;
    }
    for (const id of deviceIds) {
      const info = this.byId.get(id);
      if (!info) continue;
      this.byId.delete(id);
      this.devices.delete(`${info.projectId}/${info.uid}`);
    }
  }

  /** Forgets the devices not found: devices were just added here. */
  forgetUnknown(): void {
    this.unknown.clear();
  }

  private remember(info: DeviceInfo) {
    this.devices.set(`${info.projectId}/${info.uid}`, info);
    this.byId.set(info.deviceId, info);
  }

  /** The device (projectId, uid), from memory or the registry; null when unknown, and whether its uid is in another project. */
  async lookup(projectId: number, uid: string): Promise<{ info: DeviceInfo | null; foreign: boolean }> {
    const key = `${projectId}/${uid}`;
    const known = this.devices.get(key);
    if (known) return { info: known, foreign: false };
    const miss = this.unknown.get(key);
    if (miss && miss.until > Date.now()) return { info: null, foreign: miss.foreign };
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.database
        .query<DeviceInfo>(`${SELECT_INFO} where project_id = $1 and uid = $2`, [projectId, uid])
        .then((rows) => rows[0] ?? null)
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const info = await pending;
    if (info) {
      this.remember(info);
      return { info, foreign: false };
    }
    const elsewhere = await this.database.query('select 1 from lt_device where uid = $1 limit 1', [uid]);
    const foreign = elsewhere.length > 0;
    this.unknown.set(key, { until: Date.now() + NEGATIVE_TTL_MS, foreign });
    return { info: null, foreign };
  }

  /**
   * Loads every device a session carries in one query — at its hello, or at the first message
   * naming a child not in memory (after a restart sessions report without a new hello) — so that
   * a concentrator of a thousand lamps costs one look-up, not a thousand.
   */
  preloadChildren(session: DeviceInfo, again = false): Promise<void> {
    let loaded = this.preloaded.get(session.deviceId);
    if (!loaded || again) {
      loaded = this.database.query<DeviceInfo>(`${SELECT_INFO} where gateway_id = $1`, [session.deviceId]).then(
        (rows) => {
          for (const row of rows) this.remember(row);
        },
        () => void this.preloaded.delete(session.deviceId),
      );
      this.preloaded.set(session.deviceId, loaded);
    }
    return loaded;
  }
}
