import { randomUUID } from 'node:crypto';
import {
  type ChirpStackDownlink,
  type ChirpStackEvent,
  chirpstackEventTopic,
  decodeLxlCommand,
  encodeLxlEvent,
  encodeLxlResult,
  encodeLxlStatus,
  FPORT_COMMAND,
  FPORT_EVENT,
  FPORT_RESULT,
  FPORT_STATUS,
  LXL_EVENTS,
} from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { Api } from './api.ts';
import { rng } from './city.ts';

export interface LorawanOptions {
  project: { projectId: number; name: string; longitude: number; latitude: number };
  headers: Record<string, string>;
  /** ChirpStack's broker; the project's stored one when absent */
  brokerUrl?: string;
  lamps: number;
  rateMs: number;
  failRate: number;
  faultRate: number;
  seed: number;
  durationS: number;
  log: (...parts: unknown[]) => void;
}

interface Lamp {
  devEui: string;
  on: boolean;
  dim: number;
  energyWh: number;
  temperature: number;
  fCnt: number;
  fCntDown: number;
  fault: string | null;
  /** the controller's clock offset from the simulator's (ms), set by `timing` */
  clockOffset: number;
}

const TENANT_ID = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';
const GATEWAY = '0016c001ff10a235';

/**
 * `--lorawan`: the simulator plays a ChirpStack v4 network server and its Luxgrid lamp
 * controllers (docs/device-protocol.md, "LoRaWAN through ChirpStack v4"). It registers the lamps
 * (their UID is their devEUI) in a LoRaWAN project, gives the project a ChirpStack connection if it
 * has none (a new application on the given broker), then publishes what ChirpStack's MQTT
 * integration would: joins, status reports and alarms of the LXL-1 codec as `event/up`, status
 * answers; it takes the downlinks Luxgrid enqueues, answers each with `txack`, `ack` (now and
 * then unacknowledged) and the lamp's result uplink.
 */
export async function runLorawan(api: Api, o: LorawanOptions): Promise<never> {
  const { project, headers, log } = o;
  const random = rng(o.seed * 900_001);
  const prefix = `70B3D57E${(o.seed % 256).toString(16).padStart(2, '0').toUpperCase()}`;
  const euis = Array.from(
    { length: o.lamps },
    (_, i) => `${prefix}${(i + 1).toString(16).padStart(6, '0').toUpperCase()}`,
  );

  // the lamp controllers, once
  const known = await api.call<{ total: number }>(
    'GET',
    `/lighting/device/list?projectId=${project.projectId}&deviceType=RTU&keyword=${prefix}&pageSize=1`,
    undefined,
    headers,
  );
  if (known.total < euis.length) {
    const result = await api.importRows(
      project.projectId,
      'RTU',
      ['uid', 'name', 'connection', 'longitude', 'latitude'],
      euis.map((eui, i) => [
        eui,
        `LoRaWAN lamp ${i + 1}`,
        'DIRECT',
        project.longitude + (random() - 0.5) * 0.02,
        project.latitude + (random() - 0.5) * 0.02,
      ]),
    );
    log(`registered LoRaWAN lamps: ${JSON.stringify(result)}`);
  }

  // the project's ChirpStack connection: the stored one, or a new application on the given broker
  const stored = await api.call<{ data: { brokerUrl: string; applicationId: string } | null }>(
    'GET',
    `/lorawan/settings/${project.projectId}`,
    undefined,
    headers,
  );
  let applicationId = stored.data?.applicationId;
  const brokerUrl = o.brokerUrl ?? stored.data?.brokerUrl ?? 'mqtt://127.0.0.1:1883';
  if (!applicationId) {
    applicationId = randomUUID();
    const band = await api.call<{ data: { bandStandard: string } }>(
      'GET',
      `/sysclient/project/${project.projectId}`,
      undefined,
      headers,
    );
    await api.call(
      'PUT',
      '/lorawan/settings',
      { projectId: project.projectId, brokerUrl, applicationId, bandStandard: band.data.bandStandard || 'CN470' },
      headers,
    );
    log(`${project.name}: ChirpStack application ${applicationId} on ${brokerUrl}`);
  }

  const lamps = new Map<string, Lamp>(
    euis.map((eui) => [
      eui.toLowerCase(),
      {
        devEui: eui.toLowerCase(),
        on: false,
        dim: 100,
        energyWh: Math.round(random() * 2_000_000),
        temperature: Math.round(15 + random() * 15),
        fCnt: 0,
        fCntDown: 0,
        fault: null,
        clockOffset: Math.round((random() - 0.5) * 120_000),
      },
    ]),
  );
  const stats = { uplinks: 0, downlinks: 0, unacknowledged: 0 };
  const client: MqttClient = await mqtt.connectAsync(brokerUrl, {
    clientId: `chirpstack-sim-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2000,
  });
  const app = applicationId;

  const publish = (lamp: Lamp, event: ChirpStackEvent, body: Record<string, unknown>) => {
    if (!client.connected) return;
    client.publish(
      chirpstackEventTopic(app, lamp.devEui, event),
      JSON.stringify({
        time: new Date().toISOString(),
        deviceInfo: {
          tenantId: TENANT_ID,
          tenantName: 'Luxgrid city',
          applicationId: app,
          applicationName: project.name,
          deviceProfileName: 'Luxgrid LXL-1 (class C)',
          deviceName: `lamp ${lamp.devEui}`,
          devEui: lamp.devEui,
          deviceClassEnabled: 'CLASS_C',
        },
        ...body,
      }),
      { qos: 1 },
    );
  };
  const uplink = (lamp: Lamp, fPort: number, bytes: Uint8Array) => {
    stats.uplinks++;
    publish(lamp, 'up', {
      deduplicationId: randomUUID(),
      devAddr: lamp.devEui.slice(-8),
      adr: true,
      dr: 5,
      fCnt: ++lamp.fCnt,
      fPort,
      confirmed: false,
      data: Buffer.from(bytes).toString('base64'),
      rxInfo: [
        {
          gatewayId: GATEWAY,
          uplinkId: lamp.fCnt,
          rssi: -60 - Math.round(random() * 50),
          snr: Math.round(random() * 200 - 50) / 10,
        },
      ],
      txInfo: {
        frequency: 470_300_000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
      },
    });
  };
  const readings = (lamp: Lamp) => {
    const level = lamp.on ? lamp.dim : 0;
    const power = level ? 20 + level * 0.8 + random() * 2 : 0.4;
    return {
      lampState: lamp.on ? ('ON' as const) : ('OFF' as const),
      dimLevel: lamp.dim,
      voltage: 220 + random() * 15,
      current: power / 230,
      power,
      powerFactor: lamp.on ? 0.93 + random() * 0.05 : 0.5,
      energy: lamp.energyWh / 1000,
      temperature: lamp.temperature + (lamp.on ? 8 : 0),
    };
  };
  const report = (lamp: Lamp) => {
    lamp.energyWh += Math.round(readings(lamp).power * (o.rateMs / 3_600_000));
    uplink(lamp, FPORT_STATUS, encodeLxlStatus(readings(lamp)));
    if (!lamp.fault && random() < o.faultRate) {
      lamp.fault = LXL_EVENTS[1 + Math.floor(random() * (LXL_EVENTS.length - 1))]!;
      uplink(lamp, FPORT_EVENT, encodeLxlEvent(lamp.fault));
    } else if (lamp.fault && random() < 0.2) {
      uplink(lamp, FPORT_EVENT, encodeLxlEvent(lamp.fault, true));
      lamp.fault = null;
    }
    // ChirpStack asks for the device status now and then
    if (random() < 0.05)
      publish(lamp, 'status', {
        margin: Math.round(random() * 20),
        externalPowerSource: true,
        batteryLevelUnavailable: true,
      });
  };

  client.on('message', (_topic, payload) => {
    let down: ChirpStackDownlink;
    try {
      down = JSON.parse(payload.toString()) as ChirpStackDownlink;
    } catch {
      return;
    }
    const lamp = lamps.get(String(down.devEui).toLowerCase());
    if (!lamp) return;
    stats.downlinks++;
    const command =
      down.fPort === FPORT_COMMAND ? decodeLxlCommand(new Uint8Array(Buffer.from(down.data, 'base64'))) : null;
    const fCntDown = ++lamp.fCntDown;
    setTimeout(
      () => publish(lamp, 'txack', { downlinkId: lamp.fCntDown, queueItemId: down.id, fCntDown, gatewayId: GATEWAY }),
      200,
    );
    setTimeout(
      () => {
        // a class C downlink lost on the air: ChirpStack reports it unacknowledged
        if (random() < o.failRate / 2) {
          stats.unacknowledged++;
          return publish(lamp, 'ack', { queueItemId: down.id, acknowledged: false, fCntDown });
        }
        publish(lamp, 'ack', { queueItemId: down.id, acknowledged: true, fCntDown });
        if (!command) return uplink(lamp, FPORT_RESULT, Uint8Array.of(Buffer.from(down.data, 'base64')[0] ?? 0, 0x02));
        uplink(lamp, FPORT_RESULT, answer(lamp, command));
      },
      800 + random() * 1500,
    );
  });
  const answer = (lamp: Lamp, command: NonNullable<ReturnType<typeof decodeLxlCommand>>): Uint8Array => {
    const { token, action } = command;
    if (random() < o.failRate / 2)
      return encodeLxlResult(token, { status: 'FAILED', error: random() < 0.5 ? 'BUSY' : 'RELAY_FAULT' });
    switch (action) {
      case 'LIGHT_ON':
        lamp.on = true;
        break;
      case 'LIGHT_OFF':
        lamp.on = false;
        break;
      case 'LIGHT_DIMMING':
        lamp.dim = command.value ?? lamp.dim;
        lamp.on = lamp.dim > 0;
        break;
      case 'calling':
        return encodeLxlResult(token, { status: 'SUCCESS', readings: readings(lamp) });
      case 'clockcalling':
        return encodeLxlResult(token, { status: 'SUCCESS', clock: Date.now() + lamp.clockOffset });
      case 'timing':
        lamp.clockOffset = (command.clock ?? Date.now()) - Date.now();
        break;
      case 'restart':
        setTimeout(() => uplink(lamp, FPORT_EVENT, encodeLxlEvent('POWER_UP')), 3000);
        break;
    }
    return encodeLxlResult(token, { status: 'SUCCESS' });
  };

  await client.subscribeAsync(`application/${app}/device/+/command/down`, { qos: 1 });
  const timers: NodeJS.Timeout[] = [];
  let i = 0;
  for (const lamp of lamps.values()) {
    const first = (i++ / lamps.size) * Math.min(o.rateMs, 10_000);
    timers.push(
      setTimeout(() => {
        publish(lamp, 'join', { devAddr: lamp.devEui.slice(-8) });
        report(lamp);
        timers.push(setInterval(() => report(lamp), o.rateMs * (0.9 + random() * 0.2)));
      }, first),
    );
  }
  log(
    `${lamps.size} LoRaWAN lamps on ChirpStack application ${app} at ${brokerUrl}; a report every ${o.rateMs / 1000} s`,
  );
  const started = Date.now();
  const progress = setInterval(() => {
    const secs = (Date.now() - started) / 1000;
    log(
      `${stats.uplinks} uplinks (${(stats.uplinks / secs).toFixed(1)}/s), ${stats.downlinks} downlinks, ${stats.unacknowledged} unacknowledged`,
    );
  }, 10_000);

  const stop = async () => {
    clearInterval(progress);
    for (const timer of timers) clearTimeout(timer);
    await client.endAsync();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (o.durationS > 0) setTimeout(() => void stop(), o.durationS * 1000);
  return new Promise<never>(() => undefined);
}
