/**
 * Alarms of smart lighting (spec §2 alarm data and settings, §3 grades and the 33 alarm
 * configuration types, §4 NEW/RECOVERED): how each type is detected, its platform defaults, the
 * settings a project may change and the shapes the alarm list answers.
 */
import { z } from 'zod';
import { type ALARM_CONFIG_TYPES, ALARM_GRADES, ALARM_STATES, type ALARM_TYPES, type LABEL_TYPES } from './enums.ts';
import type { Bilingual } from './i18n.ts';
import { idList } from './system.ts';
import { FAMILIES, LIGHTING } from './things/index.ts';
import type { MANHOLE_FAMILY } from './things/manhole.ts';
import type { ThingFamily } from './things/types.ts';
import { idNumber, optionalText, rule } from './validation.ts';

/** The graded events a family's devices report (each an alarm of the alarm area), as a type. */
type GradedEvent<F> = F extends { types: readonly (infer T)[] }
  ? T extends { events: readonly (infer E)[] }
    ? E extends { type: infer N extends string; grade: string; recoveredBy: string }
      ? N
      : never
    : never
  : never;
/** Alarms of the families beside lighting: their devices' graded events (a manhole cover's COVER_OPENED …). */
export type FamilyAlarmType = GradedEvent<typeof MANHOLE_FAMILY>;
/** Every alarm kind: the 33 configuration types of smart lighting and the other families' graded events. */
export type AlarmConfigType = ALARM_CONFIG_TYPES | FamilyAlarmType;
export type AlarmGradeName = ALARM_GRADES;

/** A rule evaluated on a device's readings: the value beyond the threshold for the hold time raises the alarm. */
export interface ReadingRule {
  /** the readings compared (a branch's three phases …) */
  fields: readonly string[];
  /** beyond = above or below the threshold */
  when: 'above' | 'below';
  /** any field beyond raises it, or only all of them (a box without mains: every phase low) */
  match: 'any' | 'all';
  /** evaluated only while this reading has this value (under-current only while the lamp is lit) */
  onlyWhile?: { field: string; equals: string };
}

export interface ThresholdDef {
  label: Bilingual;
  unit: string;
  min: number;
  max: number;
  /** the platform default */
  value: number;
  integer?: boolean;
}

/** How one alarm configuration type is detected and what the platform assumes until a project says otherwise. */
export interface AlarmRule {
  /** the alarm type (spec §3): which kind of device it is about; another family's alarms: the family's code in capitals */
  alarmType: ALARM_TYPES | Uppercase<string>;
  /** the device family it belongs to (lighting's 33 types: `lighting`) */
  family: string;
  /** the device event that recovers it, besides RECOVER naming it (a cover's COVER_CLOSED) */
  recoveredBy?: string;
  labelType?: LABEL_TYPES;
  /** the device types that raise it */
  deviceTypes: readonly string[];
  grade: AlarmGradeName;
  /** a device event of this type raises it (and RECOVER naming it recovers it) */
  event: boolean;
  /** the device going silent raises it; coming back online recovers it */
  offline?: boolean;
  /** readings raise it (and recover it once back in range for the hold time) */
  reading?: ReadingRule;
  threshold?: ThresholdDef;
  /** seconds the condition must last before the alarm is raised or recovered (readings only) */
  holdSeconds?: number;
  /** an operator may clear it by hand (faults a device reports and may never report recovered) */
  manualClear: boolean;
}

export const HOLD_SECONDS_MAX = 3600;

const t = (zh: string, en: string, unit: string, min: number, max: number, value: number, integer = false) => ({
  label: { 'zh-CN': zh, 'en-US': en },
  unit,
  min,
  max,
  value,
  ...(integer ? { integer } : {}),
});
const PHASE_V = ['voltageA', 'voltageB', 'voltageC'] as const;
const PHASE_I = ['currentA', 'currentB', 'currentC'] as const;
const CIRCUITS = ['BRANCH', 'LOOP'] as const;
const LAMPS = ['RTU'] as const;
const closed = { field: 'breaker', equals: 'CLOSE' };
const lit = { field: 'lampState', equals: 'ON' };
const fault = (grade: AlarmGradeName, deviceTypes: readonly string[] = LAMPS): Omit<AlarmRule, 'family'> => ({
  alarmType: 'RTU',
  labelType: 'rtu',
  deviceTypes,
  grade,
  event: true,
  manualClear: true,
});

/** Every alarm configuration type of the spec, with its detection and platform defaults. */
const LIGHTING_RULES: Record<ALARM_CONFIG_TYPES, Omit<AlarmRule, 'family'>> = {
  PowerDown: {
    alarmType: 'BOX',
    deviceTypes: ['BOX'],
    grade: 'serious',
    event: true,
    reading: { fields: PHASE_V, when: 'below', match: 'all' },
    threshold: t('失压电压', 'Supply voltage below', 'V', 0, 250, 50),
    holdSeconds: 30,
    manualClear: false,
  },
  // also raised by the platform: the branch's breaker against what its strategy expects, for the hold time
  BranchAbnormalTurnOff: { ...fault('serious', CIRCUITS), alarmType: 'BOX', labelType: 'branch', holdSeconds: 300 },
  BranchAbnormalTurnOn: { ...fault('urgent', CIRCUITS), alarmType: 'BOX', labelType: 'branch', holdSeconds: 300 },
  LineLeakage: {
    alarmType: 'BOX',
    labelType: 'breaker',
    deviceTypes: ['BOX'],
    grade: 'dangerous',
    event: true,
    reading: { fields: ['leakageCurrent'], when: 'above', match: 'any' },
    threshold: t('漏电流', 'Leakage current above', 'mA', 1, 1000, 30),
    holdSeconds: 5,
    manualClear: false,
  },
  LampFault: {
    ...fault('serious', ['RTU', 'LIGHT']),
    threshold: t('连续开灯失败次数', 'Failed switch-ons in a row', '', 1, 10, 1, true),
  },
  CcuOffline: {
    alarmType: 'CCU',
    deviceTypes: ['CCU'],
    grade: 'serious',
    event: false,
    offline: true,
    manualClear: false,
  },
  BoxOffline: {
    alarmType: 'BOX',
    deviceTypes: ['BOX'],
    grade: 'serious',
    event: false,
    offline: true,
    manualClear: false,
  },
  CcuInBoxOffline: {
    alarmType: 'CCU',
    deviceTypes: ['CCU_IN_BOX'],
    grade: 'serious',
    event: false,
    offline: true,
    manualClear: false,
  },
  RtuOffline: {
    alarmType: 'RTU',
    labelType: 'rtu',
    deviceTypes: ['RTU'],
    grade: 'ordinary',
    event: false,
    offline: true,
    manualClear: false,
  },
  CcuInBoxCommunicationFault: { ...fault('urgent', ['CCU_IN_BOX']), alarmType: 'CCU', labelType: undefined },
  RtuTilt: {
    ...fault('serious'),
    reading: { fields: ['tilt'], when: 'above', match: 'any' },
    threshold: t('倾斜角', 'Tilt above', '°', 1, 90, 15),
    holdSeconds: 10,
  },
  RtuOverVoltage: {
    ...fault('urgent'),
    reading: { fields: ['voltage'], when: 'above', match: 'any' },
    threshold: t('过压电压', 'Voltage above', 'V', 100, 500, 260),
    holdSeconds: 60,
    manualClear: false,
  },
  RtuUnderVoltage: {
    ...fault('urgent'),
    reading: { fields: ['voltage'], when: 'below', match: 'any' },
    threshold: t('欠压电压', 'Voltage below', 'V', 0, 250, 170),
    holdSeconds: 60,
    manualClear: false,
  },
  RtuUnderCurrent: {
    ...fault('urgent'),
    reading: { fields: ['current'], when: 'below', match: 'any', onlyWhile: lit },
    threshold: t('欠流电流', 'Current below (lamp lit)', 'A', 0, 10, 0.05),
    holdSeconds: 60,
    manualClear: false,
  },
  BranchOverVoltage: {
    alarmType: 'BOX',
    labelType: 'branch',
    deviceTypes: CIRCUITS,
    grade: 'urgent',
    event: true,
    reading: { fields: PHASE_V, when: 'above', match: 'any' },
    threshold: t('过压电压', 'Voltage above', 'V', 100, 500, 250),
    holdSeconds: 60,
    manualClear: false,
  },
  BranchUnderVoltage: {
    alarmType: 'BOX',
    labelType: 'branch',
    deviceTypes: CIRCUITS,
    grade: 'urgent',
    event: true,
    reading: { fields: PHASE_V, when: 'below', match: 'any', onlyWhile: closed },
    threshold: t('欠压电压', 'Voltage below (breaker closed)', 'V', 0, 250, 180),
    holdSeconds: 60,
    manualClear: false,
  },
  BranchOverCurrent: {
    alarmType: 'BOX',
    labelType: 'branch',
    deviceTypes: CIRCUITS,
    grade: 'serious',
    event: true,
    reading: { fields: PHASE_I, when: 'above', match: 'any' },
    threshold: t('过流电流', 'Current above', 'A', 0.1, 10000, 63),
    holdSeconds: 30,
    manualClear: false,
  },
  BranchUnderCurrent: {
    alarmType: 'BOX',
    labelType: 'branch',
    deviceTypes: CIRCUITS,
    grade: 'urgent',
    event: true,
    reading: { fields: PHASE_I, when: 'below', match: 'any', onlyWhile: closed },
    threshold: t('欠流电流', 'Current below (breaker closed)', 'A', 0, 1000, 1),
    holdSeconds: 60,
    manualClear: false,
  },
  RtuRelayFault: fault('serious'),
  RtuCurrentUp: {
    ...fault('urgent'),
    reading: { fields: ['current'], when: 'above', match: 'any' },
    threshold: t('电流上限', 'Current above', 'A', 0.01, 100, 2),
    holdSeconds: 60,
    manualClear: false,
  },
  RtuLeakageCurrent: fault('dangerous'),
  RtuOverTemperature: {
    ...fault('urgent'),
    reading: { fields: ['temperature'], when: 'above', match: 'any' },
    threshold: t('温度上限', 'Temperature above', '°C', -40, 150, 85),
    holdSeconds: 60,
    manualClear: false,
  },
  RtuLampOverTemperature: fault('urgent'),
  RtuPowerOverTemperature: fault('urgent'),
  RtuPowerInputOvervoltage: fault('urgent'),
  RtuPowerInputUndervoltage: fault('urgent'),
  RtuPowerOutputOvervoltage: fault('urgent'),
  RtuPowerOutputUnloaded: fault('serious'),
  RtuPowerOutputOverload: fault('serious'),
  RtuAbnormalLampBeadModule: fault('serious'),
  RtuFlashingLightMalfunction: fault('serious'),
  RtuPowerLeakage: fault('dangerous'),
  RtuMainsPowerFailure: fault('serious'),
};

/**
 * The alarms of the other families, read from their thing models: every event a device reports
 * with a grade and the event that recovers it is an alarm of that grade, raised by the event,
 * recovered by its recovering event (or RECOVER naming it), and clearable by hand (a sensor may
 * never report the recovery). No thresholds: the device judges its own readings.
 */
function familyRules(families: readonly ThingFamily[]): Record<string, AlarmRule> {
  const out: Record<string, AlarmRule> = {};
  for (const family of families) {
    if (family.code === LIGHTING.code) continue;
    for (const type of family.types)
      for (const event of type.events) {
        if (!event.grade || !event.recoveredBy || event.source === 'platform') continue;
        const known = out[event.type];
        if (known) {
          if (!known.deviceTypes.includes(type.code)) known.deviceTypes = [...known.deviceTypes, type.code];
          continue;
        }
        out[event.type] = {
          alarmType: family.code.toUpperCase() as Uppercase<string>,
          family: family.code,
          deviceTypes: [type.code],
          grade: event.grade,
          event: true,
          recoveredBy: event.recoveredBy,
          manualClear: true,
        };
      }
  }
  return out;
}

/** Every alarm kind with its detection and platform defaults: lighting's 33, then the other families'. */
export const ALARM_RULES = {
  ...Object.fromEntries(
    Object.entries(LIGHTING_RULES).map(([type, r]) => [type, { ...r, family: LIGHTING.code } satisfies AlarmRule]),
  ),
  ...familyRules(FAMILIES),
} as Record<AlarmConfigType, AlarmRule>;

/** Every alarm kind, lighting's 33 first (settings, list filters, pushes). */
export const ALARM_KINDS = Object.keys(ALARM_RULES) as [AlarmConfigType, ...AlarmConfigType[]];

/** The alarm kinds of a family. */
export const familyAlarmKinds = (family: string): AlarmConfigType[] =>
  ALARM_KINDS.filter((type) => ALARM_RULES[type].family === family);

/** The offline alarm of each device type that has one. */
export const OFFLINE_ALARMS: Readonly<Record<string, AlarmConfigType>> = Object.fromEntries(
  ALARM_KINDS.flatMap((type) =>
    ALARM_RULES[type].offline ? ALARM_RULES[type].deviceTypes.map((d) => [d, type] as const) : [],
  ),
);

/** A project's setting of one alarm type (the platform default until the project saves its own). */
export interface AlarmSetting {
  alarmConfigType: AlarmConfigType;
  enabled: boolean;
  grade: AlarmGradeName;
  threshold: number | null;
  holdSeconds: number | null;
  push: boolean;
  sound: boolean;
  notify: boolean;
  workOrder: boolean;
}

/** The platform default of one type: enabled, pushed; sound for the two most severe grades. */
export function defaultSetting(type: AlarmConfigType): AlarmSetting {
  const r = ALARM_RULES[type];
  return {
    alarmConfigType: type,
    enabled: true,
    grade: r.grade,
    threshold: r.threshold?.value ?? null,
    holdSeconds: r.holdSeconds ?? null,
    push: true,
    sound: r.grade === 'dangerous' || r.grade === 'serious',
    notify: false,
    workOrder: false,
  };
}

const bool = () => z.boolean({ error: rule('valid.type') });
const grade = () => z.enum(ALARM_GRADES, { error: rule('valid.enum') });

/** One alarm type's setting as the settings screen saves it; thresholds checked against the type's range. */
export const alarmSettingBody = z
  .object({
    projectId: idNumber(),
    alarmConfigType: z.enum(ALARM_KINDS, { error: rule('valid.enum') }),
    enabled: bool(),
    grade: grade(),
    threshold: z
      .number({ error: rule('valid.type') })
      .nullable()
      .optional(),
    holdSeconds: z
      .number({ error: rule('valid.type') })
      .int({ error: rule('alarm.threshold.integer') })
      .nullable()
      .optional(),
    push: bool(),
    sound: bool(),
    notify: bool(),
    workOrder: bool(),
  })
  .superRefine((body, ctx) => {
    const r = ALARM_RULES[body.alarmConfigType];
    const type = body.alarmConfigType;
    const th = r.threshold;
    if (!th && body.threshold != null)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: rule('alarm.threshold.none', { type }) });
    if (th) {
      if (body.threshold == null)
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: rule('alarm.threshold.required', { type }) });
      else if (body.threshold < th.min || body.threshold > th.max)
        ctx.addIssue({
          code: 'custom',
          path: ['threshold'],
          message: rule('alarm.threshold.range', { min: th.min, max: th.max, unit: th.unit }),
        });
      else if (th.integer && !Number.isInteger(body.threshold))
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: rule('alarm.threshold.integer') });
    }
    if (r.holdSeconds === undefined && body.holdSeconds != null)
      ctx.addIssue({ code: 'custom', path: ['holdSeconds'], message: rule('alarm.threshold.none', { type }) });
    if (r.holdSeconds !== undefined) {
      if (body.holdSeconds == null)
        ctx.addIssue({ code: 'custom', path: ['holdSeconds'], message: rule('alarm.threshold.required', { type }) });
      else if (body.holdSeconds < 0 || body.holdSeconds > HOLD_SECONDS_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['holdSeconds'],
          message: rule('alarm.threshold.range', { min: 0, max: HOLD_SECONDS_MAX, unit: 's' }),
        });
    }
  });
export type AlarmSettingBody = z.infer<typeof alarmSettingBody>;

/** Back to the platform defaults for these types of a project. */
export const alarmSettingResetBody = z.object({
  projectId: idNumber(),
  alarmConfigTypes: z.array(z.enum(ALARM_KINDS, { error: rule('valid.enum') })).min(1, {
    error: rule('valid.required'),
  }),
});

const comment = () => optionalText(500);
export const SHELVE_MINUTES_MAX = 7 * 24 * 60;

export const alarmAckBody = z.object({ alarmIds: idList(), comment: comment() });
export const alarmShelveBody = z.object({
  alarmIds: idList(),
  minutes: z
    .number({ error: rule('valid.type') })
    .int({ error: rule('alarm.threshold.integer') })
    .min(1, { error: rule('valid.range', { min: 1, max: SHELVE_MINUTES_MAX }) })
    .max(SHELVE_MINUTES_MAX, { error: rule('valid.range', { min: 1, max: SHELVE_MINUTES_MAX }) }),
  comment: comment(),
});
export const alarmClearBody = z.object({ alarmIds: idList(), comment: comment() });
export const maintenanceBody = z.object({
  deviceIds: idList(),
  /** 'yyyy-MM-dd HH:mm:ss' */
  until: z
    .string({ error: rule('valid.required') })
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, { error: rule('valid.type') }),
  reason: comment(),
});

/** A device under maintenance (its alarms shelved), in the list of the alarm page's maintenance tab. */
export const maintenanceRow = z.looseObject({
  deviceId: z.number(),
  uid: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  projectId: z.number(),
  /** 'yyyy-MM-dd HH:mm:ss' */
  until: z.string(),
  reason: z.string(),
  setBy: z.string(),
  setTime: z.string(),
});
export type MaintenanceRow = z.infer<typeof maintenanceRow>;

/** What happened to an alarm, in its history. */
export const ALARM_ACTIONS = [
  'RAISED',
  'REPEATED',
  'INHIBITED',
  'ACKNOWLEDGED',
  'SHELVED',
  'CLEARED',
  'RECOVERED',
] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

/** A row of the alarm list (GET /lighting/alarm/list). */
export const alarmRow = z.looseObject({
  alarmId: z.number(),
  deviceId: z.number(),
  uid: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  projectId: z.number(),
  alarmType: z.string(),
  alarmConfigType: z.enum(ALARM_KINDS),
  grade: z.enum(ALARM_GRADES),
  state: z.enum(ALARM_STATES),
  count: z.number(),
  firstTime: z.string(),
  lastTime: z.string(),
  recoveredTime: z.string().nullable(),
  acknowledged: z.boolean(),
  shelvedUntil: z.string().nullable(),
  maintenance: z.boolean(),
  inhibitedCount: z.number(),
});
export type AlarmRow = z.infer<typeof alarmRow>;
