/**
 * LoRaWAN lamp controllers reached through a ChirpStack v4 network server
 * (docs/device-protocol.md, "LoRaWAN through ChirpStack v4"): the per-project connection
 * settings, the JSON events of ChirpStack's MQTT integration as the platform reads them, and the
 * compact binary codec of the Luxgrid lamp controller (uplinks on fPort 10–12, commands on fPort 20).
 * The codec works on bytes only (no Buffer), so the web and the simulator share it.
 */
import { z } from 'zod';
import { type COMMAND_FAILURE_REASONS, LORAWAN_BANDS } from './enums.ts';
import { deviceTypeDefinition } from './things/index.ts';
import { idNumber, optionalText, rule } from './validation.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/* ---------------------------------------------------------------- settings */

/** mqtt(s):// or ws(s):// and a host, optionally a port and (for WebSockets) a path; credentials go in their own fields */
const BROKER_URL =
  /^(mqtts?|wss?):\/\/([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?(\/[^\s]*)?$/;
const isBrokerUrl = (v: string) => {
  const m = BROKER_URL.exec(v);
  return Boolean(m) && (!m![3] || Number(m![3].slice(1)) <= 65535);
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an operator saves for a LoRaWAN project: where ChirpStack's MQTT integration is and which application is the project's. */
export const lorawanSettingsBody = z
  .object({
    projectId: idNumber(),
    brokerUrl: z
      .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
      .trim()
      .min(1, { error: rule('valid.required') })
      .max(200, { error: rule('valid.max', { max: 200 }) })
      .refine(isBrokerUrl, { error: rule('lorawan.brokerUrl') }),
    applicationId: z
      .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
      .trim()
      .min(1, { error: rule('valid.required') })
      .regex(UUID, { error: rule('lorawan.applicationId') })
      .transform((v) => v.toLowerCase()),
    bandStandard: z.preprocess(
      blankToUndefined,
      z.enum(LORAWAN_BANDS, {
        error: (iss) => (iss.input === undefined ? rule('valid.bandRequired') : rule('valid.enum')),
      }),
    ),
    mqttUsername: optionalText(64),
    /** absent or '' keeps the stored one; never answered */
    mqttPassword: z.preprocess(blankToUndefined, optionalText(128)),
    /** true removes the stored password */
    removeMqttPassword: z.boolean({ error: rule('valid.type') }).optional(),
    enabled: z.boolean({ error: rule('valid.type') }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mqttPassword && !v.mqttUsername)
      ctx.addIssue({ code: 'custom', path: ['mqttUsername'], message: rule('lorawan.passwordWithoutUser') });
  });
export type LorawanSettingsBody = z.infer<typeof lorawanSettingsBody>;

/** The settings as answered: the password never, only whether one is stored. */
export const lorawanSettingsRow = z.looseObject({
  projectId: z.number(),
  clientId: z.number(),
  brokerUrl: z.string(),
  applicationId: z.string(),
  bandStandard: z.string(),
  mqttUsername: z.string(),
  hasMqttPassword: z.boolean(),
  enabled: z.boolean(),
  /** the connector of this process: connected to the broker now, and what it took */
  connector: z
    .looseObject({
      state: z.enum(['connecting', 'connected', 'disconnected', 'stopped']),
      lastError: z.string(),
    })
    .nullable(),
});
export type LorawanSettingsRow = z.infer<typeof lorawanSettingsRow>;

/* ---------------------------------------------------------------- ChirpStack v4 integration events */

/** The ChirpStack event kinds the platform subscribes to. */
export const CHIRPSTACK_EVENTS = ['up', 'join', 'ack', 'status', 'txack'] as const;
export type ChirpStackEvent = (typeof CHIRPSTACK_EVENTS)[number];

/** `application/{applicationId}/device/{devEui}/event/{event}` */
export const chirpstackEventTopic = (applicationId: string, devEui: string, event: ChirpStackEvent | '+') =>
  `application/${applicationId}/device/${devEui}/event/${event}`;
/** `application/{applicationId}/device/{devEui}/command/down` */
export const chirpstackDownTopic = (applicationId: string, devEui: string) =>
  `application/${applicationId}/device/${devEui}/command/down`;

const EUI = /^[0-9a-fA-F]{16}$/;
const deviceInfo = z.looseObject({
  applicationId: z.string().optional(),
  devEui: z.string().regex(EUI),
  deviceName: z.string().optional(),
});

/** An uplink (`event/up`): fPort and base64 data, or `object` when ChirpStack's codec decoded it. */
export const chirpstackUp = z.looseObject({
  deduplicationId: z.string().optional(),
  time: z.string().optional(),
  deviceInfo,
  devAddr: z.string().optional(),
  fCnt: z.number().optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: z.string().optional(),
  object: z.record(z.string(), z.unknown()).nullable().optional(),
  rxInfo: z.array(z.looseObject({ rssi: z.number().optional(), snr: z.number().optional() })).optional(),
});
export const chirpstackJoin = z.looseObject({
  time: z.string().optional(),
  deviceInfo,
  devAddr: z.string().optional(),
});
/** A confirmed downlink was acknowledged by the device (`acknowledged` true) or timed out (false or absent). */
export const chirpstackAck = z.looseObject({
  time: z.string().optional(),
  deviceInfo,
  queueItemId: z.string().optional(),
  acknowledged: z.boolean().optional(),
  fCntDown: z.number().optional(),
});
export const chirpstackTxAck = z.looseObject({
  time: z.string().optional(),
  deviceInfo,
  queueItemId: z.string().optional(),
  fCntDown: z.number().optional(),
  gatewayId: z.string().optional(),
});
/** The device's answer to ChirpStack's DevStatusReq: link margin (dB) and battery (%, absent on mains power). */
export const chirpstackStatus = z.looseObject({
  time: z.string().optional(),
  deviceInfo,
  margin: z.number().optional(),
  externalPowerSource: z.boolean().optional(),
  batteryLevelUnavailable: z.boolean().optional(),
  batteryLevel: z.number().optional(),
});

/** ChirpStack's DownlinkCommand: the id becomes the queue item id that its ack and txack events carry. */
export interface ChirpStackDownlink {
  id: string;
  devEui: string;
  confirmed: boolean;
  fPort: number;
  /** base64 */
  data: string;
}

/* ---------------------------------------------------------------- the lamp controller codec */

export const LXL_VERSION = 1;
/** uplink ports of the Luxgrid lamp controller */
export const FPORT_STATUS = 10;
export const FPORT_EVENT = 11;
export const FPORT_RESULT = 12;
/** the downlink port of commands */
export const FPORT_COMMAND = 20;

/** Command opcodes (downlink byte 1). */
export const LXL_OPCODES = {
  LIGHT_ON: 0x01,
  LIGHT_OFF: 0x02,
  LIGHT_DIMMING: 0x03,
  calling: 0x10,
  restart: 0x11,
  timing: 0x12,
  clockcalling: 0x13,
} as const;
export type LxlAction = keyof typeof LXL_OPCODES;

/** Event codes (fPort 11 byte 0): the lamp controller's alarms, in the order of the thing model. */
export const LXL_EVENTS: readonly string[] = [
  '',
  'LampFault',
  'RtuTilt',
  'RtuOverVoltage',
  'RtuUnderVoltage',
  'RtuUnderCurrent',
  'RtuRelayFault',
  'RtuCurrentUp',
  'RtuLeakageCurrent',
  'RtuOverTemperature',
  'RtuLampOverTemperature',
  'RtuPowerOverTemperature',
  'RtuPowerInputOvervoltage',
  'RtuPowerInputUndervoltage',
  'RtuPowerOutputOvervoltage',
  'RtuPowerOutputUnloaded',
  'RtuPowerOutputOverload',
  'RtuAbnormalLampBeadModule',
  'RtuFlashingLightMalfunction',
  'RtuPowerLeakage',
  'RtuMainsPowerFailure',
];
/** event code 0x40: the controller (re)started */
export const LXL_POWER_UP = 0x40;

/** Result status codes (fPort 12 byte 1): 0 = SUCCESS, the others a failure reason. */
export const LXL_RESULT_CODES: readonly (COMMAND_FAILURE_REASONS | 'SUCCESS')[] = [
  'SUCCESS',
  'BUSY',
  'UNSUPPORTED',
  'INVALID_PARAM',
  'RELAY_FAULT',
  'DRIVER_FAULT',
  'MANUAL_OVERRIDE',
];

const NONE8 = 0xff;
const NONE16 = 0xffff;
const NONE32 = 0xffffffff;
const NONE_I8 = -128;
/** bytes of the readings block (status frame bytes 1–14, and the answer to `calling`) */
const READINGS_BYTES = 14;

export interface LxlReadings {
  lampState?: 'ON' | 'OFF';
  dimLevel?: number;
  voltage?: number;
  current?: number;
  power?: number;
  powerFactor?: number;
  energy?: number;
  temperature?: number;
}

/** A decoded uplink: readings, an event, or a command result (`token` = the command's first id byte). */
export type LxlUplink =
  | { kind: 'status'; values: LxlReadings }
  | { kind: 'event'; type: string; recovered: boolean }
  | {
      kind: 'result';
      token: number;
      status: 'SUCCESS' | 'FAILED';
      error?: string;
      data?: Record<string, unknown>;
    };

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function readReadings(view: DataView, at: number): LxlReadings {
  const out: LxlReadings = {};
  const flags = view.getUint8(at);
  const dim = view.getUint8(at + 1);
  const voltage = view.getUint16(at + 2);
  const current = view.getUint16(at + 4);
  const power = view.getUint16(at + 6);
  const pf = view.getInt8(at + 8);
  const energy = view.getUint32(at + 9);
  const temperature = view.getInt8(at + 13);
  if (!(flags & 0x80)) out.lampState = flags & 0x01 ? 'ON' : 'OFF';
  if (dim !== NONE8) out.dimLevel = dim;
  if (voltage !== NONE16) out.voltage = round(voltage / 10, 1);
  if (current !== NONE16) out.current = round(current / 1000, 3);
  if (power !== NONE16) out.power = round(power / 10, 1);
  if (pf !== NONE_I8) out.powerFactor = round(pf / 100, 2);
  if (energy !== NONE32) out.energy = round(energy / 1000, 3);
  if (temperature !== NONE_I8) out.temperature = temperature;
  return out;
}

function writeReadings(view: DataView, at: number, r: LxlReadings) {
  const u16 = (v: number | undefined, scale: number) =>
    v === undefined ? NONE16 : Math.min(NONE16 - 1, Math.max(0, Math.round(v * scale)));
  view.setUint8(at, r.lampState === undefined ? 0x80 : r.lampState === 'ON' ? 0x01 : 0x00);
  view.setUint8(at + 1, r.dimLevel === undefined ? NONE8 : Math.min(254, Math.max(0, Math.round(r.dimLevel))));
  view.setUint16(at + 2, u16(r.voltage, 10));
  view.setUint16(at + 4, u16(r.current, 1000));
  view.setUint16(at + 6, u16(r.power, 10));
  view.setInt8(
    at + 8,
    r.powerFactor === undefined ? NONE_I8 : Math.max(-100, Math.min(100, Math.round(r.powerFactor * 100))),
  );
  view.setUint32(
    at + 9,
    r.energy === undefined ? NONE32 : Math.min(NONE32 - 1, Math.max(0, Math.round(r.energy * 1000))),
  );
  view.setInt8(
    at + 13,
    r.temperature === undefined ? NONE_I8 : Math.max(-127, Math.min(127, Math.round(r.temperature))),
  );
}

/** Decodes one uplink of the Luxgrid lamp controller; null when it is not one (wrong port, length or version). */
export function decodeLxlUplink(fPort: number, bytes: Uint8Array): LxlUplink | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (fPort === FPORT_STATUS) {
    if (bytes.length !== 1 + READINGS_BYTES || bytes[0] !== LXL_VERSION) return null;
    return { kind: 'status', values: readReadings(view, 1) };
  }
  if (fPort === FPORT_EVENT) {
    if (bytes.length !== 2) return null;
    const code = bytes[0]!;
    const type = code === LXL_POWER_UP ? 'POWER_UP' : LXL_EVENTS[code];
    if (!type) return null;
    return { kind: 'event', type, recovered: Boolean(bytes[1]! & 0x01) && code !== LXL_POWER_UP };
  }
  if (fPort === FPORT_RESULT) {
    if (bytes.length < 2) return null;
    const token = bytes[0]!;
    const code = LXL_RESULT_CODES[bytes[1]!] ?? (bytes[1] === 0xff ? 'OTHER' : undefined);
    if (!code) return null;
    if (code !== 'SUCCESS') return bytes.length === 2 ? { kind: 'result', token, status: 'FAILED', error: code } : null;
    const rest = bytes.length - 2;
    if (rest === 0) return { kind: 'result', token, status: 'SUCCESS' };
    if (rest === READINGS_BYTES)
      return { kind: 'result', token, status: 'SUCCESS', data: { ...readReadings(view, 2) } };
    if (rest === 4) return { kind: 'result', token, status: 'SUCCESS', data: { clock: view.getUint32(2) * 1000 } };
    return null;
  }
  return null;
}

/** Encodes a status report (fPort 10). */
export function encodeLxlStatus(values: LxlReadings): Uint8Array {
  const bytes = new Uint8Array(1 + READINGS_BYTES);
  bytes[0] = LXL_VERSION;
  writeReadings(new DataView(bytes.buffer), 1, values);
  return bytes;
}

/** Encodes an event (fPort 11); `recovered` reports the alarm cleared. */
export function encodeLxlEvent(type: string, recovered = false): Uint8Array {
  const code = type === 'POWER_UP' ? LXL_POWER_UP : LXL_EVENTS.indexOf(type);
  if (code <= 0) throw new Error(`no event code for ${type}`);
  return Uint8Array.of(code, recovered ? 1 : 0);
}

/** Encodes a command result (fPort 12): readings for `calling`, the clock (ms) for `clockcalling`. */
export function encodeLxlResult(
  token: number,
  outcome: { status: 'SUCCESS'; readings?: LxlReadings; clock?: number } | { status: 'FAILED'; error: string },
): Uint8Array {
  if (outcome.status === 'FAILED') {
    const code = LXL_RESULT_CODES.indexOf(outcome.error as COMMAND_FAILURE_REASONS);
    return Uint8Array.of(token, code > 0 ? code : 0xff);
  }
  if (outcome.readings) {
    const bytes = new Uint8Array(2 + READINGS_BYTES);
    bytes[0] = token;
    writeReadings(new DataView(bytes.buffer), 2, outcome.readings);
    return bytes;
  }
  if (outcome.clock !== undefined) {
    const bytes = new Uint8Array(6);
    bytes[0] = token;
    new DataView(bytes.buffer).setUint32(2, Math.floor(outcome.clock / 1000));
    return bytes;
  }
  return Uint8Array.of(token, 0);
}

/** The token of a command: the first byte of its id, echoed by the device's result. */
export const commandToken = (commandId: string) => Number.parseInt(commandId.slice(0, 2), 16) || 0;

/** A command as the lamp controller reads it (fPort 20); null for an action it does not carry out. */
export function encodeLxlCommand(command: {
  id: string;
  action: string;
  value?: number;
  /** the platform's time (ms), for `timing` */
  ts: number;
}): Uint8Array | null {
  const opcode = LXL_OPCODES[command.action as LxlAction];
  if (opcode === undefined) return null;
  const token = commandToken(command.id);
  if (command.action === 'LIGHT_DIMMING') {
    const level = command.value ?? -1;
    if (!Number.isInteger(level) || level < 0 || level > 100) return null;
    return Uint8Array.of(token, opcode, level);
  }
  if (command.action === 'timing') {
    const bytes = new Uint8Array(6);
    bytes[0] = token;
    bytes[1] = opcode;
    new DataView(bytes.buffer).setUint32(2, Math.floor(command.ts / 1000));
    return bytes;
  }
  return Uint8Array.of(token, opcode);
}

/** Decodes a command downlink (fPort 20), as the lamp controller (and the simulator) reads it. */
export function decodeLxlCommand(
  bytes: Uint8Array,
): { token: number; action: LxlAction; value?: number; clock?: number } | null {
  if (bytes.length < 2) return null;
  const action = (Object.keys(LXL_OPCODES) as LxlAction[]).find((a) => LXL_OPCODES[a] === bytes[1]);
  if (!action) return null;
  const token = bytes[0]!;
  if (action === 'LIGHT_DIMMING') return bytes.length === 3 ? { token, action, value: bytes[2]! } : null;
  if (action === 'timing') {
    if (bytes.length !== 6) return null;
    return { token, action, clock: new DataView(bytes.buffer, bytes.byteOffset).getUint32(2) * 1000 };
  }
  return bytes.length === 2 ? { token, action } : null;
}

/** The grade the thing model gives an event of a device type ('ordinary' when it declares none). */
export function eventGrade(deviceType: string, type: string): string {
  return deviceTypeDefinition(deviceType)?.events.find((e) => e.type === type)?.grade ?? 'ordinary';
}
