import type { DeviceTypeDefinition } from '@luxgrid/contracts/things/types';
import { describe, expect, it } from 'vitest';
import { afterEvent, alarmsOf, applyLive, commandParams, connectionStatus, familyApi, fieldsOf } from './model';

/** A family nobody has built yet: a bin sensor with a fill level (live, charted), a temperature (charted) and a lid. */
const BIN: DeviceTypeDefinition = {
  code: 'BIN_SENSOR',
  label: { zh: '垃圾桶传感器', en: 'Bin sensor' },
  session: 'own',
  parents: [],
  counted: true,
  telemetry: [
    { key: 'fill', kind: 'number', label: { zh: '满溢度', en: 'Fill' }, unit: '%', live: true, chart: true },
    { key: 'temperature', kind: 'number', label: { zh: '温度', en: 'Temperature' }, unit: '°C', chart: true },
    { key: 'lid', kind: 'enum', label: { zh: '桶盖', en: 'Lid' }, values: ['OPEN', 'CLOSED'], live: true },
    { key: 'serial', kind: 'text', label: { zh: '序列号', en: 'Serial' } },
  ],
  events: [
    { type: 'FULL', label: { zh: '已满', en: 'Full' }, grade: 'urgent', recoveredBy: 'EMPTIED' },
    { type: 'EMPTIED', label: { zh: '已清运', en: 'Emptied' } },
    { type: 'HELLO', label: { zh: '上线', en: 'Hello' } },
  ],
  commands: [
    {
      key: 'setLevel',
      action: 'CONFIG',
      label: { zh: '设置阈值', en: 'Set threshold' },
      permission: 'bin:device:config',
      params: [{ key: 'level', kind: 'number', label: { zh: '阈值', en: 'Level' }, min: 50, max: 100 }],
    },
  ],
};

describe('a device family page read from the thing model', () => {
  it('takes its live cells and chart choices from the readings flags, not from a list of its own', () => {
    const fields = fieldsOf(BIN);
    expect(fields.all).toHaveLength(4);
    expect(fields.live.map((f) => f.key)).toEqual(['fill', 'lid']);
    expect(fields.chart.map((f) => f.key)).toEqual(['fill', 'temperature']);
  });

  it('knows the alarm events, what recovers them, and a command parameters', () => {
    expect(alarmsOf(BIN).map((e) => e.type)).toEqual(['FULL']);
    expect(afterEvent(BIN, [], 'FULL')).toEqual(['FULL']);
    expect(afterEvent(BIN, ['FULL'], 'FULL')).toEqual(['FULL']);
    expect(afterEvent(BIN, ['FULL'], 'EMPTIED')).toEqual([]);
    expect(afterEvent(BIN, ['FULL'], 'HELLO')).toEqual(['FULL']);
    expect(commandParams(BIN, 'setLevel').map((p) => p.key)).toEqual(['level']);
    expect(commandParams(BIN, 'unknown')).toEqual([]);
  });

  it('applies pushed values, connection and alarms to the devices on screen only', () => {
    const row = {
      deviceId: 7,
      commState: 'OFF',
      values: { fill: 10 } as Record<string, unknown>,
      alarms: [] as string[],
    };
    const devices = new Map([[7, row]]);
    expect(
      applyLive(BIN, devices, {
        type: 'device.state',
        items: [
          { deviceId: 7, commState: 'ON', values: { fill: 95 }, ts: 1 },
          { deviceId: 8, commState: 'ON', values: { fill: 1 }, ts: 1 },
        ],
      } as never),
    ).toEqual([7]);
    expect(row).toMatchObject({ commState: 'ON', values: { fill: 95 } });
    expect(connectionStatus(row).key).toBe('online');
    applyLive(BIN, devices, { type: 'device.event', items: [{ deviceId: 7, eventType: 'FULL' }] } as never);
    expect(row.alarms).toEqual(['FULL']);
    expect(connectionStatus(row).key).toBe('alarm');
  });

  it('addresses the family routes under one base', () => {
    const api = familyApi('/bin/device');
    expect([api.listUrl, api.exportUrl, api.importUrl, api.templateUrl]).toEqual([
      '/bin/device/list',
      '/bin/device/export',
      '/bin/device/import',
      '/bin/device/import/template',
    ]);
  });
});
