import { describe, expect, it } from 'vitest';
import {
  commandToken,
  decodeLxlCommand,
  decodeLxlUplink,
  encodeLxlCommand,
  encodeLxlEvent,
  encodeLxlResult,
  encodeLxlStatus,
  eventGrade,
  FPORT_EVENT,
  FPORT_RESULT,
  FPORT_STATUS,
  LXL_EVENTS,
  lorawanSettingsBody,
} from './lorawan.ts';
import { deviceTypeDefinition } from './things/index.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('the LoRaWAN lamp controller codec', () => {
  it('encodes a status report byte by byte as the protocol document shows it', () => {
    const bytes = encodeLxlStatus({
      lampState: 'ON',
      dimLevel: 80,
      voltage: 229.8,
      current: 0.412,
      power: 92.1,
      powerFactor: 0.95,
      energy: 1234.567,
      temperature: 31,
    });
    expect(hex(bytes)).toBe('01015008fa019c03995f0012d6871f');
    expect(decodeLxlUplink(FPORT_STATUS, bytes)).toEqual({
      kind: 'status',
      values: {
        lampState: 'ON',
        dimLevel: 80,
        voltage: 229.8,
        current: 0.412,
        power: 92.1,
        powerFactor: 0.95,
        energy: 1234.567,
        temperature: 31,
      },
    });
  });

  it('leaves out what a report marks as not measured', () => {
    const bytes = encodeLxlStatus({ voltage: 231 });
    expect(hex(bytes)).toBe('0180ff0906ffffffff80ffffffff80');
    expect(decodeLxlUplink(FPORT_STATUS, bytes)).toEqual({ kind: 'status', values: { voltage: 231 } });
  });

  it('refuses frames of the wrong length, version or port', () => {
    expect(decodeLxlUplink(FPORT_STATUS, Uint8Array.of(1, 2, 3))).toBeNull();
    const wrongVersion = encodeLxlStatus({});
    wrongVersion[0] = 2;
    expect(decodeLxlUplink(FPORT_STATUS, wrongVersion)).toBeNull();
    expect(decodeLxlUplink(99, encodeLxlStatus({}))).toBeNull();
    expect(decodeLxlUplink(FPORT_EVENT, Uint8Array.of(0x3f, 0))).toBeNull();
    expect(decodeLxlUplink(FPORT_RESULT, Uint8Array.of(0x12, 0x07))).toBeNull();
    expect(decodeLxlUplink(FPORT_RESULT, Uint8Array.of(0x12, 0x00, 1, 2, 3))).toBeNull();
  });

  it('carries every alarm of the lamp controller, with the grade of the thing model, and its recovery', () => {
    const rtu = deviceTypeDefinition('RTU')!;
    for (const type of LXL_EVENTS.slice(1))
      expect(
        rtu.events.some((e) => e.type === type),
        type,
      ).toBe(true);
    expect(decodeLxlUplink(FPORT_EVENT, encodeLxlEvent('RtuLeakageCurrent'))).toEqual({
      kind: 'event',
      type: 'RtuLeakageCurrent',
      recovered: false,
    });
    expect(eventGrade('RTU', 'RtuLeakageCurrent')).toBe('dangerous');
    expect(decodeLxlUplink(FPORT_EVENT, encodeLxlEvent('LampFault', true))).toMatchObject({ recovered: true });
    expect(hex(encodeLxlEvent('POWER_UP'))).toBe('4000');
  });

  it('encodes commands with the token of their id, and reads results back to them', () => {
    const id = 'a7c0ffee-0000-4000-8000-000000000001';
    expect(commandToken(id)).toBe(0xa7);
    expect(hex(encodeLxlCommand({ id, action: 'LIGHT_DIMMING', value: 40, ts: 0 })!)).toBe('a70328');
    expect(hex(encodeLxlCommand({ id, action: 'LIGHT_ON', ts: 0 })!)).toBe('a701');
    expect(hex(encodeLxlCommand({ id, action: 'timing', ts: 1_767_225_600_000 })!)).toBe('a7126955b900');
    expect(encodeLxlCommand({ id, action: 'BREAKER_ON', ts: 0 })).toBeNull();
    expect(encodeLxlCommand({ id, action: 'LIGHT_DIMMING', value: 150, ts: 0 })).toBeNull();
    expect(decodeLxlCommand(encodeLxlCommand({ id, action: 'timing', ts: 1_767_225_600_000 })!)).toEqual({
      token: 0xa7,
      action: 'timing',
      clock: 1_767_225_600_000,
    });
    expect(decodeLxlUplink(FPORT_RESULT, encodeLxlResult(0xa7, { status: 'FAILED', error: 'BUSY' }))).toEqual({
      kind: 'result',
      token: 0xa7,
      status: 'FAILED',
      error: 'BUSY',
    });
    expect(decodeLxlUplink(FPORT_RESULT, encodeLxlResult(0xa7, { status: 'FAILED', error: 'whatever' }))).toMatchObject(
      {
        error: 'OTHER',
      },
    );
    expect(
      decodeLxlUplink(FPORT_RESULT, encodeLxlResult(0xa7, { status: 'SUCCESS', clock: 1_767_225_600_000 })),
    ).toEqual({
      kind: 'result',
      token: 0xa7,
      status: 'SUCCESS',
      data: { clock: 1_767_225_600_000 },
    });
  });
});

describe('LoRaWAN settings', () => {
  const good = {
    projectId: 1,
    brokerUrl: 'mqtts://chirpstack.example.net:8883',
    applicationId: '4F1C2B8E-0D7A-4C55-9A3E-2B6F0C1D9E77',
    bandStandard: 'CN470',
  };
  it('accepts mqtt, mqtts, ws and wss brokers and keeps the application id in lower case', () => {
    for (const brokerUrl of [
      'mqtt://10.0.0.5',
      'mqtts://cs.example.net:8883',
      'ws://cs:8083/mqtt',
      'wss://[::1]:443/mqtt',
    ])
      expect(lorawanSettingsBody.safeParse({ ...good, brokerUrl }).success, brokerUrl).toBe(true);
    expect(lorawanSettingsBody.parse(good).applicationId).toBe('4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77');
  });
  it('refuses other schemes, credentials in the URL, bad ports and application ids that are not UUIDs', () => {
    for (const brokerUrl of ['http://cs', 'mqtt://', 'mqtt://user:pw@cs', 'mqtt://cs:70000', 'cs:1883'])
      expect(lorawanSettingsBody.safeParse({ ...good, brokerUrl }).success, brokerUrl).toBe(false);
    expect(lorawanSettingsBody.safeParse({ ...good, applicationId: '42' }).success).toBe(false);
  });
});
