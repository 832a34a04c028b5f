/**
 * Smart lighting (subsystem 101) in the thing model: distribution boxes and their parts,
 * concentrators, lamp controllers and lamp heads, light sensors and poles (DOMAIN.md,
 * docs/device-protocol.md). The registry rules, the protocol's readings, the control actions and
 * the import templates of lighting all read this definition.
 */
import type { ALARM_CONFIG_TYPES } from '../enums.ts';
import { BREAKER_STATES, type DEVICE_TYPE_CODES, LAMP_STATES } from '../enums.ts';
import type {
  AlarmGrade,
  CommandParam,
  DeviceTypeDefinition,
  ImportColumn,
  Label,
  TelemetryField,
  ThingCommand,
  ThingEvent,
  ThingFamily,
} from './types.ts';

/** Mesh radio channel and network id a concentrator and its terminals share (ZigBee, Wi-SUN). */
export const CHANNEL_MIN = 11;
export const CHANNEL_MAX = 27;
export const PANID_MIN = 1;
export const PANID_MAX = 65534;
/** A dimming level in percent. */
export const DIM_MIN = 0;
export const DIM_MAX = 100;

const l = (zh: string, en: string): Label => ({ zh, en });
const num = (
  key: string,
  label: Label,
  unit: string | undefined,
  min: number,
  max: number,
  extra: Partial<TelemetryField> = {},
): TelemetryField => ({ key, kind: 'number', label, ...(unit ? { unit } : {}), min, max, ...extra });

/*
 * Every reading of the family, in the order a person reads them (lamp first, then its electrics,
 * then circuits, meters, sensors and the box). The ranges are what a sound device can report,
 * generously: a value outside is a broken sensor or a broken message, not a reading.
 */
const R = {
  lampState: {
    key: 'lampState',
    kind: 'enum',
    label: l('灯具状态', 'Lamp state'),
    values: LAMP_STATES,
    dict: 'lighting_lamp_state',
    live: true,
    chart: true,
    steps: { ON: 1, OFF: 0 },
  },
  dimLevel: num('dimLevel', l('调光值', 'Dim level'), '%', DIM_MIN, DIM_MAX, { precision: 0, live: true, chart: true }),
  voltage: num('voltage', l('电压', 'Voltage'), 'V', 0, 500, { precision: 1, live: true, chart: true }),
  current: num('current', l('电流', 'Current'), 'A', 0, 1000, { precision: 3, live: true, chart: true }),
  power: num('power', l('功率', 'Power'), 'W', 0, 10_000_000, { precision: 1, live: true, chart: true }),
  powerFactor: num('powerFactor', l('功率因数', 'Power factor'), undefined, -1, 1, { precision: 2, chart: true }),
  energy: num('energy', l('电能', 'Energy'), 'kWh', 0, 1_000_000_000, { precision: 3, chart: true }),
  temperature: num('temperature', l('温度', 'Temperature'), '°C', -60, 150, { precision: 1, chart: true }),
  tilt: num('tilt', l('倾斜角', 'Tilt'), '°', 0, 180, { precision: 1, chart: true }),
  operatingHours: num('operatingHours', l('运行时长', 'Operating hours'), 'h', 0, 1_000_000, { precision: 1 }),
  switchCount: num('switchCount', l('开关次数', 'Switch count'), undefined, 0, 1_000_000_000, { precision: 0 }),
  breaker: {
    key: 'breaker',
    kind: 'enum',
    label: l('断路器', 'Breaker'),
    values: BREAKER_STATES,
    dict: 'lighting_breaker_state',
    live: true,
    chart: true,
    steps: { CLOSE: 1, OPEN: 0 },
  },
  voltageA: num('voltageA', l('A相电压', 'Voltage A'), 'V', 0, 500, { precision: 1, live: true, chart: true }),
  voltageB: num('voltageB', l('B相电压', 'Voltage B'), 'V', 0, 500, { precision: 1, live: true, chart: true }),
  voltageC: num('voltageC', l('C相电压', 'Voltage C'), 'V', 0, 500, { precision: 1, live: true, chart: true }),
  currentA: num('currentA', l('A相电流', 'Current A'), 'A', 0, 10_000, { precision: 2, chart: true }),
  currentB: num('currentB', l('B相电流', 'Current B'), 'A', 0, 10_000, { precision: 2, chart: true }),
  currentC: num('currentC', l('C相电流', 'Current C'), 'A', 0, 10_000, { precision: 2, chart: true }),
  powerA: num('powerA', l('A相功率', 'Power A'), 'W', 0, 10_000_000, { precision: 1, chart: true }),
  powerB: num('powerB', l('B相功率', 'Power B'), 'W', 0, 10_000_000, { precision: 1, chart: true }),
  powerC: num('powerC', l('C相功率', 'Power C'), 'W', 0, 10_000_000, { precision: 1, chart: true }),
  energy1: num('energy1', l('第1路电能', 'Energy ch. 1'), 'kWh', 0, 1_000_000_000, { precision: 3, chart: true }),
  energy2: num('energy2', l('第2路电能', 'Energy ch. 2'), 'kWh', 0, 1_000_000_000, { precision: 3, chart: true }),
  energy3: num('energy3', l('第3路电能', 'Energy ch. 3'), 'kWh', 0, 1_000_000_000, { precision: 3, chart: true }),
  energy4: num('energy4', l('第4路电能', 'Energy ch. 4'), 'kWh', 0, 1_000_000_000, { precision: 3, chart: true }),
  lux: num('lux', l('照度', 'Illuminance'), 'lx', 0, 200_000, { precision: 0, live: true, chart: true }),
  doorOpen: { key: 'doorOpen', kind: 'boolean', label: l('箱门打开', 'Door open'), live: true },
  leakageCurrent: num('leakageCurrent', l('漏电流', 'Leakage current'), 'mA', 0, 100_000, {
    precision: 1,
    chart: true,
  }),
} as const satisfies Record<string, TelemetryField>;

/* ---------------------------------------------------------------- events */

type AlarmType = ALARM_CONFIG_TYPES;
/** Alarm labels as the alarm-configuration dictionary shows them. */
const ALARM_LABELS: Record<AlarmType, Label> = {
  PowerDown: l('停电', 'Power outage'),
  BranchAbnormalTurnOff: l('支路异常关灯', 'Branch abnormally turned off'),
  BranchAbnormalTurnOn: l('支路异常开灯', 'Branch abnormally turned on'),
  LineLeakage: l('线路漏电', 'Line leakage'),
  LampFault: l('灯具故障', 'Lamp fault'),
  CcuOffline: l('集中控制器离线', 'Concentrator offline'),
  BoxOffline: l('配电箱离线', 'Distribution box offline'),
  CcuInBoxOffline: l('箱内集中控制器离线', 'In-box concentrator offline'),
  RtuOffline: l('单灯控制器离线', 'Lamp controller offline'),
  CcuInBoxCommunicationFault: l('箱内集中控制器通信故障', 'In-box concentrator communication fault'),
  RtuTilt: l('单灯倾斜', 'Lamp tilt'),
  RtuOverVoltage: l('单灯过压', 'Lamp over-voltage'),
  RtuUnderVoltage: l('单灯欠压', 'Lamp under-voltage'),
  RtuUnderCurrent: l('单灯欠流', 'Lamp under-current'),
  BranchOverVoltage: l('支路过压', 'Branch over-voltage'),
  BranchUnderVoltage: l('支路欠压', 'Branch under-voltage'),
  BranchOverCurrent: l('支路过流', 'Branch over-current'),
  BranchUnderCurrent: l('支路欠流', 'Branch under-current'),
  RtuRelayFault: l('单灯继电器故障', 'Lamp relay fault'),
  RtuCurrentUp: l('单灯电流异常升高', 'Lamp current rising'),
  RtuLeakageCurrent: l('单灯漏电流', 'Lamp leakage current'),
  RtuOverTemperature: l('单灯控制器过温', 'Lamp controller over-temperature'),
  RtuLampOverTemperature: l('灯具过温', 'Luminaire over-temperature'),
  RtuPowerOverTemperature: l('驱动电源过温', 'Driver over-temperature'),
  RtuPowerInputOvervoltage: l('驱动电源输入过压', 'Driver input over-voltage'),
  RtuPowerInputUndervoltage: l('驱动电源输入欠压', 'Driver input under-voltage'),
  RtuPowerOutputOvervoltage: l('驱动电源输出过压', 'Driver output over-voltage'),
  RtuPowerOutputUnloaded: l('驱动电源输出空载', 'Driver output no-load'),
  RtuPowerOutputOverload: l('驱动电源输出过载', 'Driver output overload'),
  RtuAbnormalLampBeadModule: l('灯珠模组异常', 'LED module abnormal'),
  RtuFlashingLightMalfunction: l('灯具频闪故障', 'Lamp flicker fault'),
  RtuPowerLeakage: l('驱动电源漏电', 'Driver leakage'),
  RtuMainsPowerFailure: l('市电掉电', 'Mains power failure'),
};

/** An alarm a device reports: any graded one but `ordinary` makes it faulty until RECOVER names it. */
const alarm = (type: AlarmType, grade: AlarmGrade): ThingEvent => ({
  type,
  label: ALARM_LABELS[type],
  grade,
  recoveredBy: 'RECOVER',
  fault: grade !== 'ordinary',
});
/** An alarm the platform raises when the device falls silent; coming back online recovers it. */
const silent = (type: AlarmType): ThingEvent => ({
  type,
  label: ALARM_LABELS[type],
  grade: 'serious',
  recoveredBy: 'ONLINE',
  source: 'platform',
});
/** What every communicating device may report besides its alarms (docs/device-protocol.md). */
const GENERIC_EVENTS: readonly ThingEvent[] = [
  { type: 'FAULT', label: l('故障', 'Fault'), grade: 'serious', recoveredBy: 'RECOVER', fault: true },
  { type: 'RECOVER', label: l('恢复', 'Recovered') },
  { type: 'POWER_UP', label: l('上电', 'Powered up') },
];
const CIRCUIT_ALARMS: readonly ThingEvent[] = [
  alarm('BranchAbnormalTurnOff', 'serious'),
  alarm('BranchAbnormalTurnOn', 'urgent'),
  alarm('BranchOverVoltage', 'urgent'),
  alarm('BranchUnderVoltage', 'urgent'),
  alarm('BranchOverCurrent', 'serious'),
  alarm('BranchUnderCurrent', 'urgent'),
];

/* ---------------------------------------------------------------- commands */

type Resource = 'device' | 'box' | 'branch';
const ACTION_LABELS = {
  LIGHT_ON: l('开灯', 'Turn on'),
  LIGHT_OFF: l('关灯', 'Turn off'),
  LIGHT_DIMMING: l('调光', 'Dim'),
  BREAKER_ON: l('合闸', 'Breaker on'),
  BREAKER_OFF: l('分闸', 'Breaker off'),
  calling: l('召测', 'Read state'),
  restart: l('重启', 'Restart'),
  timing: l('校时', 'Sync clock'),
  clockcalling: l('时钟召测', 'Read clock'),
} as const;
/** The button permission suffix of each control action (lighting:<page>:<suffix>). */
const SUFFIX: Record<keyof typeof ACTION_LABELS, string> = {
  LIGHT_ON: 'on',
  LIGHT_OFF: 'off',
  LIGHT_DIMMING: 'dimming',
  BREAKER_ON: 'on',
  BREAKER_OFF: 'off',
  calling: 'calling',
  restart: 'restart',
  timing: 'timing',
  clockcalling: 'clockcalling',
};
type Action = keyof typeof ACTION_LABELS;
const cmd = (action: Action, resource: Resource, passedTo?: readonly DEVICE_TYPE_CODES[]): ThingCommand => ({
  action,
  label: ACTION_LABELS[action],
  permission: `lighting:${resource}:${SUFFIX[action]}`,
  ...(action === 'LIGHT_DIMMING' ? { value: { min: DIM_MIN, max: DIM_MAX, unit: '%' } } : {}),
  ...(passedTo ? { passedTo } : {}),
});
/** Lamp commands: carried out by the lamp itself, or passed on to the lamp controllers under a container. */
const lampCommands = (resource: Resource, passedTo?: readonly DEVICE_TYPE_CODES[]) =>
  (['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING'] as const).map((a) => cmd(a, resource, passedTo));
const breakerCommands = (resource: Resource, passedTo?: readonly DEVICE_TYPE_CODES[]) =>
  (['BREAKER_ON', 'BREAKER_OFF'] as const).map((a) => cmd(a, resource, passedTo));
const queryCommands = (resource: Resource) =>
  (['calling', 'restart', 'timing', 'clockcalling'] as const).map((a) => cmd(a, resource));

/** Mesh settings issued with the configuration action (channel and PANID). */
const MESH_CONFIG: readonly CommandParam[] = [
  { key: 'channel', kind: 'number', label: l('信道', 'Channel'), min: CHANNEL_MIN, max: CHANNEL_MAX },
  { key: 'panid', kind: 'number', label: l('PANID', 'PANID'), min: PANID_MIN, max: PANID_MAX },
];

/* ---------------------------------------------------------------- import columns */

const C = {
  uid: { key: 'uid', label: l('UID', 'UID'), required: true, width: 22 },
  name: { key: 'name', label: l('名称', 'Name'), required: true, width: 22 },
  modelName: { key: 'modelName', label: l('型号名称', 'Model name'), width: 18 },
  parentUid: { key: 'parentUid', label: l('上级设备UID', 'Parent UID'), width: 22 },
  connection: {
    key: 'connection',
    label: l('接入方式', 'Connection'),
    dict: 'lighting_terminal_connection',
    width: 14,
  },
  longitude: { key: 'longitude', label: l('经度', 'Longitude'), width: 12 },
  latitude: { key: 'latitude', label: l('纬度', 'Latitude'), width: 12 },
  channel: { key: 'channel', label: l('信道', 'Channel'), width: 8 },
  panid: { key: 'panid', label: l('PANID', 'PANID'), width: 8 },
  poleUid: { key: 'poleUid', label: l('灯杆UID', 'Pole UID'), width: 18 },
  tags: { key: 'tags', label: l('标签', 'Tags'), width: 18 },
  phase: { key: 'phase', label: l('相位', 'Phase'), dict: 'lighting_phase', width: 8 },
  currentRatio: { key: 'currentRatio', label: l('电流变比', 'Current ratio'), width: 10 },
  switchModuleUid: { key: 'switchModuleUid', label: l('开关量模块UID', 'Switch module UID'), width: 20 },
  doIndex: { key: 'doIndex', label: l('控制输出（DO）', 'Control output (DO)'), width: 12 },
  meterUid: { key: 'meterUid', label: l('电表UID', 'Meter UID'), width: 18 },
  address: { key: 'address', label: l('地址', 'Address'), width: 8 },
  locationName: { key: 'locationName', label: l('位置点名称', 'Location name'), width: 18 },
  remark: { key: 'remark', label: l('备注', 'Remark'), width: 24 },
} satisfies Record<string, ImportColumn>;
const required = (c: ImportColumn): ImportColumn => ({ ...c, required: true });
const geo = [C.longitude, C.latitude];
const circuitColumns = [
  C.uid,
  C.name,
  required(C.parentUid),
  C.phase,
  C.currentRatio,
  C.switchModuleUid,
  C.doIndex,
  C.meterUid,
  C.remark,
];

/* ---------------------------------------------------------------- device types */

type LightingType = DeviceTypeDefinition & { code: DEVICE_TYPE_CODES; parents: readonly DEVICE_TYPE_CODES[] };

/** A circuit of a box (branch or loop): carried by its box or concentrator, switched by its breaker. */
const circuit = <C extends DEVICE_TYPE_CODES>(code: C, label: Label) =>
  ({
    code,
    label,
    session: 'carried',
    parents: ['BOX', 'CCU_IN_BOX', 'CCU'],
    counted: true,
    permissionPrefix: 'lighting:branch',
    telemetry: [
      R.breaker,
      R.voltageA,
      R.voltageB,
      R.voltageC,
      R.currentA,
      R.currentB,
      R.currentC,
      R.powerA,
      R.powerB,
      R.powerC,
    ],
    events: [...CIRCUIT_ALARMS, ...GENERIC_EVENTS],
    commands: [...lampCommands('branch', ['RTU']), ...breakerCommands('branch')],
    importColumns: circuitColumns,
  }) as const satisfies LightingType;

/** The twelve types, in the order of the device-type dictionary. */
const TYPES = [
  {
    code: 'BOX',
    holdsSchedule: true,
    label: l('配电箱', 'Distribution Box'),
    session: 'own',
    parents: [],
    counted: true,
    permissionPrefix: 'lighting:box',
    telemetry: [R.voltageA, R.voltageB, R.voltageC, R.temperature, R.doorOpen, R.leakageCurrent],
    events: [alarm('PowerDown', 'serious'), alarm('LineLeakage', 'dangerous'), silent('BoxOffline'), ...GENERIC_EVENTS],
    commands: [
      ...lampCommands('box', ['RTU']),
      ...breakerCommands('box', ['BRANCH', 'LOOP', 'BREAKER']),
      ...queryCommands('box'),
    ],
    importColumns: [C.uid, C.name, C.modelName, ...geo, C.locationName, C.remark],
  },
  {
    code: 'CCU_IN_BOX',
    holdsSchedule: true,
    label: l('箱内集中控制器', 'In-box Concentrator'),
    session: 'own',
    parents: ['BOX'],
    counted: true,
    permissionPrefix: 'lighting:box',
    telemetry: [],
    events: [silent('CcuInBoxOffline'), alarm('CcuInBoxCommunicationFault', 'urgent'), ...GENERIC_EVENTS],
    commands: [...lampCommands('box', ['RTU']), ...queryCommands('box')],
    config: MESH_CONFIG,
    importColumns: [C.uid, C.name, C.modelName, required(C.parentUid), C.channel, C.panid, C.remark],
  },
  {
    code: 'CCU',
    holdsSchedule: true,
    label: l('集中控制器', 'Concentrator'),
    session: 'own',
    parents: [],
    counted: true,
    telemetry: [],
    events: [silent('CcuOffline'), ...GENERIC_EVENTS],
    commands: [...lampCommands('device', ['RTU']), ...queryCommands('device')],
    config: MESH_CONFIG,
    importColumns: [C.uid, C.name, C.modelName, ...geo, C.channel, C.panid, C.remark],
  },
  {
    code: 'RTU',
    holdsSchedule: true,
    label: l('单灯控制器', 'Lamp Controller'),
    session: 'either',
    parents: ['CCU', 'CCU_IN_BOX', 'BRANCH', 'LOOP'],
    counted: true,
    telemetry: [
      R.voltage,
      R.current,
      R.power,
      R.powerFactor,
      R.energy,
      R.dimLevel,
      R.lampState,
      R.operatingHours,
      R.switchCount,
      R.temperature,
      R.tilt,
    ],
    events: [
      alarm('LampFault', 'serious'),
      silent('RtuOffline'),
      alarm('RtuTilt', 'serious'),
      alarm('RtuOverVoltage', 'urgent'),
      alarm('RtuUnderVoltage', 'urgent'),
      alarm('RtuUnderCurrent', 'urgent'),
      alarm('RtuRelayFault', 'serious'),
      alarm('RtuCurrentUp', 'urgent'),
      alarm('RtuLeakageCurrent', 'dangerous'),
      alarm('RtuOverTemperature', 'urgent'),
      alarm('RtuLampOverTemperature', 'urgent'),
      alarm('RtuPowerOverTemperature', 'urgent'),
      alarm('RtuPowerInputOvervoltage', 'urgent'),
      alarm('RtuPowerInputUndervoltage', 'urgent'),
      alarm('RtuPowerOutputOvervoltage', 'urgent'),
      alarm('RtuPowerOutputUnloaded', 'serious'),
      alarm('RtuPowerOutputOverload', 'serious'),
      alarm('RtuAbnormalLampBeadModule', 'serious'),
      alarm('RtuFlashingLightMalfunction', 'serious'),
      alarm('RtuPowerLeakage', 'dangerous'),
      alarm('RtuMainsPowerFailure', 'serious'),
      ...GENERIC_EVENTS,
    ],
    commands: [...lampCommands('device'), ...queryCommands('device')],
    config: MESH_CONFIG,
    importColumns: [
      C.uid,
      C.name,
      C.modelName,
      C.parentUid,
      C.connection,
      ...geo,
      C.channel,
      C.panid,
      C.poleUid,
      C.tags,
      C.remark,
    ],
  },
  {
    code: 'LIGHT',
    label: l('灯头', 'Lamp Head'),
    session: 'carried',
    parents: ['RTU'],
    // a lamp head is part of its controller, whose values and communication it shows
    counted: false,
    telemetry: [R.voltage, R.current, R.power, R.dimLevel, R.lampState, R.energy],
    events: [alarm('LampFault', 'serious'), ...GENERIC_EVENTS],
    commands: [...lampCommands('device'), ...queryCommands('device')],
    importColumns: [C.uid, C.name, required(C.parentUid), C.remark],
  },
  {
    code: 'LUXOMETER',
    label: l('照度传感器', 'Light Sensor'),
    session: 'either',
    parents: ['CCU', 'CCU_IN_BOX', 'BOX'],
    counted: true,
    telemetry: [R.lux],
    events: GENERIC_EVENTS,
    commands: queryCommands('device'),
    config: MESH_CONFIG,
    importColumns: [C.uid, C.name, C.modelName, C.parentUid, C.connection, ...geo, C.tags, C.remark],
  },
  {
    code: 'POLE',
    label: l('灯杆', 'Pole'),
    // a pole is a site: it holds lamps, it never talks
    session: 'none',
    parents: [],
    counted: false,
    telemetry: [],
    events: [],
    commands: [],
    importColumns: [C.uid, C.name, ...geo, C.locationName, C.remark],
  },
  circuit('BRANCH', l('支路', 'Branch')),
  circuit('LOOP', l('回路', 'Loop')),
  {
    code: 'METER',
    label: l('电表', 'Electric Meter'),
    session: 'carried',
    parents: ['BOX'],
    counted: true,
    permissionPrefix: 'lighting:box',
    telemetry: [R.energy, R.energy1, R.energy2, R.energy3, R.energy4, R.voltage, R.current, R.power],
    events: GENERIC_EVENTS,
    commands: queryCommands('box'),
    importColumns: [C.uid, C.name, C.modelName, required(C.parentUid), C.address, C.remark],
  },
  {
    code: 'BREAKER',
    label: l('断路器', 'Breaker'),
    session: 'carried',
    parents: ['BOX'],
    counted: true,
    permissionPrefix: 'lighting:box',
    telemetry: [R.breaker],
    events: GENERIC_EVENTS,
    commands: breakerCommands('box'),
    importColumns: [C.uid, C.name, required(C.parentUid), C.switchModuleUid, C.doIndex, C.remark],
  },
  {
    code: 'SWITCH_MODULE',
    label: l('开关量模块', 'Switch Module'),
    session: 'carried',
    parents: ['BOX'],
    counted: true,
    permissionPrefix: 'lighting:box',
    telemetry: [],
    events: GENERIC_EVENTS,
    commands: [],
    importColumns: [C.uid, C.name, C.modelName, required(C.parentUid), C.address, C.remark],
  },
] as const satisfies readonly LightingType[];

export const LIGHTING: ThingFamily = {
  code: 'lighting',
  subsystemId: 101,
  label: l('智慧照明', 'Smart Lighting'),
  permissionPrefix: 'lighting:device',
  types: TYPES,
  // parents before children; poles before the lamps that stand on them
  importOrder: [
    'BOX',
    'CCU_IN_BOX',
    'CCU',
    'BRANCH',
    'LOOP',
    'METER',
    'SWITCH_MODULE',
    'BREAKER',
    'POLE',
    'RTU',
    'LIGHT',
    'LUXOMETER',
  ] satisfies DEVICE_TYPE_CODES[],
  readings: Object.values(R),
};

/* ---------------------------------------------------------------- what the registry and the screens ask of it */

type DeviceType = DEVICE_TYPE_CODES;
const codes = (test: (type: LightingType) => boolean): DeviceType[] =>
  TYPES.filter((type: LightingType) => test(type)).map((type) => type.code);

/** Types that are terminals (end devices under a concentrator, or connected by themselves). */
export const TERMINAL_TYPES: readonly DeviceType[] = codes((type) => type.session === 'either');
/** Types that may hold their own MQTT session (concentrators, box controllers) — terminals only when direct. */
export const SESSION_TYPES: readonly DeviceType[] = codes((type) => type.session === 'own');
/** Types that take a mesh channel and PANID (terminals and concentrators: their configuration has them). */
export const MESH_TYPES: readonly DeviceType[] = codes(
  (type) => type.config?.some((param) => param.key === 'channel') ?? false,
);
/** The devices the home figures count: everything that communicates, a lamp head being part of its controller. */
export const COUNTED_DEVICE_TYPES: readonly DeviceType[] = codes((type) => type.counted);
/** Which parent types each device type accepts ([] = top level only). */
export const ALLOWED_PARENTS = Object.fromEntries(
  TYPES.map((type: LightingType) => [type.code, type.parents as readonly string[]]),
) as Record<DeviceType, readonly string[]>;
/** The device types an import template exists for, in the order a city is imported. */
export const IMPORT_TYPES = LIGHTING.importOrder as readonly [DeviceType, ...DeviceType[]];

/** The page whose buttons govern a device type: boxes and their parts, circuits, everything else. */
export function permResource(type: string): 'box' | 'branch' | 'device' {
  const own = TYPES.find((candidate) => candidate.code === type) as LightingType | undefined;
  const prefix = own?.permissionPrefix ?? LIGHTING.permissionPrefix;
  return prefix.slice(prefix.lastIndexOf(':') + 1) as 'box' | 'branch' | 'device';
}

/** The button permission suffix (lighting:<page>:<suffix>) each control action demands. */
export const ACTION_PERMISSION = Object.fromEntries(
  TYPES.flatMap((type: LightingType) =>
    type.commands.map((command) => [command.action, command.permission.slice(command.permission.lastIndexOf(':') + 1)]),
  ),
) as Record<Action, string>;
