import type { ThingFamily } from './types.ts';

/**
 * Smart manhole covers (subsystem 108): a battery sensor under the lid that reaches the platform
 * by itself over NB-IoT, reports tilt, lid state, water level, battery and signal, raises an alarm
 * when the lid opens, tilts, water rises or the battery runs low, and recovers each one itself.
 */
export const MANHOLE_FAMILY = {
  code: 'manhole',
  subsystemId: 108,
  label: { zh: '智能井盖', en: 'Smart Manhole Covers' },
  permissionPrefix: 'manhole:device',
  types: [
    {
      code: 'MANHOLE_COVER',
      label: { zh: '智能井盖', en: 'Manhole cover sensor' },
      session: 'own',
      parents: [],
      counted: true,
      telemetry: [
        {
          key: 'coverState',
          kind: 'enum',
          label: { zh: '井盖状态', en: 'Lid' },
          values: ['CLOSED', 'OPEN'],
          live: true,
        },
        {
          key: 'tilt',
          kind: 'number',
          label: { zh: '倾角', en: 'Tilt' },
          unit: '°',
          min: 0,
          max: 90,
          precision: 1,
          live: true,
          chart: true,
        },
        {
          key: 'waterLevel',
          kind: 'number',
          label: { zh: '水位', en: 'Water level' },
          unit: 'cm',
          min: 0,
          max: 500,
          precision: 0,
          live: true,
          chart: true,
        },
        {
          key: 'battery',
          kind: 'number',
          label: { zh: '电量', en: 'Battery' },
          unit: '%',
          min: 0,
          max: 100,
          precision: 0,
          live: true,
          chart: true,
        },
        {
          key: 'signal',
          kind: 'number',
          label: { zh: '信号强度', en: 'Signal (RSRP)' },
          unit: 'dBm',
          min: -140,
          max: -40,
          precision: 0,
          live: true,
          chart: true,
        },
        {
          key: 'temperature',
          kind: 'number',
          label: { zh: '温度', en: 'Temperature' },
          unit: '°C',
          min: -40,
          max: 85,
          precision: 1,
          chart: true,
        },
      ],
      events: [
        {
          type: 'COVER_OPENED',
          label: { zh: '井盖开启', en: 'Cover opened' },
          grade: 'urgent',
          recoveredBy: 'COVER_CLOSED',
        },
        { type: 'COVER_CLOSED', label: { zh: '井盖关闭', en: 'Cover closed' } },
        {
          type: 'TILTED',
          label: { zh: '井盖倾斜', en: 'Cover tilted' },
          grade: 'serious',
          recoveredBy: 'TILT_RECOVERED',
        },
        { type: 'TILT_RECOVERED', label: { zh: '倾斜恢复', en: 'Tilt recovered' } },
        {
          type: 'WATER_HIGH',
          label: { zh: '水位超限', en: 'Water high' },
          grade: 'serious',
          recoveredBy: 'WATER_NORMAL',
        },
        { type: 'WATER_NORMAL', label: { zh: '水位恢复', en: 'Water back to normal' } },
        {
          type: 'LOW_BATTERY',
          label: { zh: '电量低', en: 'Low battery' },
          grade: 'ordinary',
          recoveredBy: 'BATTERY_NORMAL',
        },
        { type: 'BATTERY_NORMAL', label: { zh: '电量恢复', en: 'Battery back to normal' } },
      ],
      commands: [
        {
          key: 'calling',
          action: 'calling',
          label: { zh: '召测', en: 'Read now' },
          permission: 'manhole:device:calling',
        },
        {
          key: 'setThresholds',
          action: 'config',
          label: { zh: '设置告警阈值', en: 'Set alarm thresholds' },
          permission: 'manhole:device:edit',
          params: [
            {
              key: 'tiltThreshold',
              kind: 'number',
              label: { zh: '倾角阈值', en: 'Tilt threshold' },
              unit: '°',
              min: 1,
              max: 90,
              required: true,
            },
            {
              key: 'waterThreshold',
              kind: 'number',
              label: { zh: '水位阈值', en: 'Water level threshold' },
              unit: 'cm',
              min: 1,
              max: 500,
              required: true,
            },
          ],
        },
        {
          key: 'setReportInterval',
          action: 'config',
          label: { zh: '设置上报周期', en: 'Set report interval' },
          permission: 'manhole:device:edit',
          params: [
            {
              key: 'reportInterval',
              kind: 'number',
              label: { zh: '上报周期', en: 'Report interval' },
              unit: 's',
              min: 60,
              max: 86_400,
              required: true,
            },
          ],
        },
      ],
      config: [
        {
          key: 'tiltThreshold',
          kind: 'number',
          label: { zh: '倾角阈值', en: 'Tilt threshold' },
          unit: '°',
          min: 1,
          max: 90,
        },
        {
          key: 'waterThreshold',
          kind: 'number',
          label: { zh: '水位阈值', en: 'Water level threshold' },
          unit: 'cm',
          min: 1,
          max: 500,
        },
        {
          key: 'reportInterval',
          kind: 'number',
          label: { zh: '上报周期', en: 'Report interval' },
          unit: 's',
          min: 60,
          max: 86_400,
        },
      ],
      importColumns: [
        { key: 'uid', label: { zh: '设备编号', en: 'UID' }, required: true, example: 'MH-0001' },
        { key: 'name', label: { zh: '名称', en: 'Name' }, required: true, example: '中山路 1 号井盖' },
        { key: 'longitude', label: { zh: '经度', en: 'Longitude' }, example: '117.2000' },
        { key: 'latitude', label: { zh: '纬度', en: 'Latitude' }, example: '39.1000' },
      ],
    },
  ],
} as const satisfies ThingFamily;

/** The one device type of the family. */
export const MANHOLE_COVER = MANHOLE_FAMILY.types[0];
export const MANHOLE_COVER_TYPE = MANHOLE_COVER.code;
export type ManholeCommandKey = (typeof MANHOLE_COVER.commands)[number]['key'];

/** States a cover is counted in (statistics, list filter): derived from its latest values and open alarms. */
export const MANHOLE_STATES = ['online', 'offline', 'open', 'tilted', 'waterHigh', 'lowBattery'] as const;
export type ManholeState = (typeof MANHOLE_STATES)[number];

/** Which open alarm puts a cover in which state. */
export const MANHOLE_ALARM_STATE: Record<string, ManholeState> = {
  COVER_OPENED: 'open',
  TILTED: 'tilted',
  WATER_HIGH: 'waterHigh',
  LOW_BATTERY: 'lowBattery',
};

/** Battery bands of the statistics, as [from, below) percent. */
export const BATTERY_BANDS = [
  [0, 20],
  [20, 40],
  [40, 60],
  [60, 80],
  [80, 101],
] as const;
