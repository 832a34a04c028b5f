import {
  type ChirpStackEvent,
  chirpstackAck,
  chirpstackJoin,
  chirpstackStatus,
  chirpstackTxAck,
  chirpstackUp,
  decodeLxlUplink,
  eventGrade,
  type LxlUplink,
  type TelemetryItem,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import type { DeviceInfo } from '../../../platform/devices/registry-cache.ts';
import type { TransportPort } from '../../../platform/devices/transport.ts';
import type { ConnectorStats } from './connector.ts';

/** the event a status report (battery, link margin) is recorded as */
export const LORAWAN_STATUS_EVENT = 'LORAWAN_STATUS';
/** keys of a ChirpStack-decoded `object` that carry an event rather than readings */
const OBJECT_EVENT_KEYS = ['event', 'recovered'];

interface Source {
  readonly projectId: number;
  readonly stats: ConnectorStats;
}

/**
 * One ChirpStack event of a project's application, taken into the device hub: the devEUI names
 * the device (its UID), an uplink becomes readings, an event or a command result (our codec, or
 * the `object` ChirpStack's own codec decoded), a join or an uplink marks it online and sends
 * what waits for it, an ack settles the command it names, a status report is recorded.
 */
export async function handleChirpStackEvent(
  deps: Deps,
  port: TransportPort,
  source: Source,
  event: ChirpStackEvent,
  topicEui: string,
  payload: Buffer,
): Promise<void> {
  const { stats } = source;
  port.received();
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    stats.undecodable++;
    return port.malformed();
  }
  const schema = {
    up: chirpstackUp,
    join: chirpstackJoin,
    ack: chirpstackAck,
    txack: chirpstackTxAck,
    status: chirpstackStatus,
  }[event];
  const parsed = schema.safeParse(body);
  // the payload speaks for the device of its topic, or it is not ChirpStack's
  if (!parsed.success || parsed.data.deviceInfo.devEui.toLowerCase() !== topicEui.toLowerCase()) {
    stats.undecodable++;
    return port.malformed();
  }
  const info = await port.device(source.projectId, parsed.data.deviceInfo.devEui);
  if (!info) {
    stats.unknownDevice++;
    return;
  }
  const ts = eventTime(parsed.data.time, deps.clock.now());
  // commands issued while a device was offline wait for it (those issued while it is online go at once)
  const wasOnline = info.commState === 'ON';
  switch (event) {
    case 'up': {
      const up = chirpstackUp.parse(parsed.data);
      const handled = await takeUplink(deps, port, info, up, ts);
      if (handled) stats.decoded++;
      else {
        stats.undecodable++;
        port.malformed();
        // heard from all the same
        await port.seen(info);
      }
      if (!wasOnline) await port.dispatch(info);
      return;
    }
    case 'join': {
      stats.joins++;
      await port.seen(info);
      await port.dispatch(info);
      return;
    }
    case 'ack': {
      const ack = chirpstackAck.parse(parsed.data);
      if (!ack.queueItemId) {
        stats.undecodable++;
        return port.malformed();
      }
      if (ack.acknowledged) {
        stats.acks++;
        // the device answered with the ACK bit set: it is on the air
        await port.seen(info);
        await port.delivered(info, [ack.queueItemId]);
      } else {
        stats.nacks++;
        await port.complete(info, [
          {
            id: ack.queueItemId,
            status: 'FAILED',
            error: 'NO_RESPONSE: the lamp controller did not acknowledge the confirmed downlink',
          },
        ]);
      }
      return;
    }
    case 'txack': {
      // the gateway took the downlink for transmission: still SENT until the device acknowledges it
      stats.txacks++;
      return;
    }
    case 'status': {
      const status = chirpstackStatus.parse(parsed.data);
      stats.statuses++;
      await port.event(
        info,
        {
          type: LORAWAN_STATUS_EVENT,
          level: 'ordinary',
          data: {
            ...(status.margin !== undefined ? { margin: status.margin } : {}),
            externalPowerSource: status.externalPowerSource ?? false,
            ...(status.batteryLevelUnavailable || status.batteryLevel === undefined
              ? {}
              : { batteryLevel: status.batteryLevel }),
          },
        },
        ts,
      );
      return;
    }
  }
}

/** The event's own time (ChirpStack's `time`), else now. */
function eventTime(time: string | undefined, now: number): number {
  const ms = time ? Date.parse(time) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? ms : now;
}

/** Takes one uplink; false when neither ChirpStack's `object` nor our codec could read it. */
async function takeUplink(
  deps: Deps,
  port: TransportPort,
  info: DeviceInfo,
  up: ReturnType<typeof chirpstackUp.parse>,
  ts: number,
): Promise<boolean> {
  if (up.object && Object.keys(up.object).length) return takeObject(port, info, up.object, ts);
  if (!up.fPort || !up.data) {
    // a frame of MAC commands only: no application payload
    if (up.fPort === 0 || up.data === undefined || up.data === '') {
      await port.seen(info);
      return true;
    }
    return false;
  }
  const bytes = Buffer.from(up.data, 'base64');
  const decoded = decodeLxlUplink(up.fPort, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!decoded) return false;
  await takeDecoded(deps, port, info, decoded, ts);
  return true;
}

async function takeDecoded(deps: Deps, port: TransportPort, info: DeviceInfo, decoded: LxlUplink, ts: number) {
  switch (decoded.kind) {
    case 'status':
      return port.reading(info, { ts, values: decoded.values as TelemetryItem['values'] });
    case 'event':
      return port.event(
        info,
        decoded.recovered
          ? { type: 'RECOVER', data: { type: decoded.type } }
          : { type: decoded.type, level: eventGrade(info.deviceType, decoded.type) },
        ts,
      );
    case 'result': {
      await port.seen(info);
      const id = await openCommandByToken(deps, info.deviceId, decoded.token);
      if (!id) return;
      return port.complete(info, [
        {
          id,
          status: decoded.status,
          ...(decoded.data ? { data: decoded.data } : {}),
          ...(decoded.error ? { error: decoded.error } : {}),
        },
      ]);
    }
  }
}

/** ChirpStack's codec decoded the payload: its readings, and an event when it names one. */
async function takeObject(
  port: TransportPort,
  info: DeviceInfo,
  object: Record<string, unknown>,
  ts: number,
): Promise<boolean> {
  const values = Object.fromEntries(Object.entries(object).filter(([k]) => !OBJECT_EVENT_KEYS.includes(k)));
  const type = typeof object.event === 'string' ? object.event.slice(0, 40) : null;
  if (!type && !Object.keys(values).length) return false;
  if (Object.keys(values).length) await port.reading(info, { ts, values: values as TelemetryItem['values'] });
  if (type)
    await port.event(
      info,
      object.recovered === true
        ? { type: 'RECOVER', data: { type } }
        : { type, level: eventGrade(info.deviceType, type) },
      ts,
    );
  return true;
}

/** The device's oldest command still waiting for its result whose id starts with the token's byte. */
async function openCommandByToken(deps: Deps, deviceId: number, token: number): Promise<string | null> {
  const rows = await deps.database.query<{ command_id: string }>(
    `select command_id from lt_command
     where session_id = $1 and finish_time is null and status in ('SENT', 'DELIVERED') and lower(substr(command_id, 1, 2)) = $2
     order by sent_time nulls last, create_time limit 1`,
    [deviceId, token.toString(16).padStart(2, '0')],
  );
  return rows[0]?.command_id ?? null;
}
