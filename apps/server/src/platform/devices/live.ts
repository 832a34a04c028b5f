import type { LiveDeviceState } from '@luxgrid/contracts';
import type { WsHub } from '../ws.ts';
import type { DeviceInfo } from './registry-cache.ts';

/** A push carries at most this many devices of one project; browsers reload beyond that anyway. */
export const LIVE_ITEMS_PER_PUSH = 2_000;

type Buckets = Map<number, { clientId: number; items: LiveDeviceState[] }>;

/**
 * What browsers are told about device state over /ws: changes collected per project and sent
 * in one `device.state` message per project and flush, not one per reading.
 */
export class LiveStates {
  private buckets: Buckets = new Map();

  constructor(private readonly ws: WsHub) {}

  get size(): number {
    return this.buckets.size;
  }

  add(
    info: Pick<DeviceInfo, 'deviceId' | 'clientId' | 'projectId' | 'uid' | 'deviceType'>,
    change: Partial<LiveDeviceState> & { ts: number },
  ) {
    let bucket = this.buckets.get(info.projectId);
    if (!bucket) {
      bucket = { clientId: info.clientId, items: [] };
      this.buckets.set(info.projectId, bucket);
    }
    if (bucket.items.length >= LIVE_ITEMS_PER_PUSH) return;
    bucket.items.push({ deviceId: info.deviceId, uid: info.uid, deviceType: info.deviceType, ...change });
  }

  /** Takes what was collected; `send` it later. */
  take(): LiveStates {
    const taken = new LiveStates(this.ws);
    taken.buckets = this.buckets;
    this.buckets = new Map();
    return taken;
  }

  async send(): Promise<void> {
    for (const [projectId, bucket] of this.buckets)
      await this.ws.publish(
        { clientId: bucket.clientId, projectId },
        { type: 'device.state', clientId: bucket.clientId, projectId, items: bucket.items },
      );
  }
}
