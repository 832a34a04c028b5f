/**
 * Enumerations of the Luxgrid domain. Each one is the single source for its dictionary
 * (see seed/dicts.ts) and for validation on both server and web.
 */

/* ---------------------------------------------------------------- devices */

/** Device type codes. BOX … LIGHT are the codes the spec names; the rest complete the topology. */
export const DEVICE_TYPE_CODES = [
  'BOX',
  'CCU_IN_BOX',
  'CCU',
  'RTU',
  'LIGHT',
  'LUXOMETER',
  'POLE',
  'BRANCH',
  'LOOP',
  'METER',
  'BREAKER',
  'SWITCH_MODULE',
] as const;
export type DEVICE_TYPE_CODES = (typeof DEVICE_TYPE_CODES)[number];

/** Communication type of a device: numeric code and its label. */
export const COMMUNICATION_TYPES = [
  { value: 1, label: 'PLC' },
  { value: 2, label: 'GPRS' },
  { value: 3, label: 'NB-IOT' },
  { value: 4, label: 'LORA' },
  { value: 5, label: 'Ethernet' },
  { value: 6, label: 'ZIGBEE' },
  { value: 7, label: 'PLC+RF433' },
  { value: 8, label: 'Other' },
  { value: 9, label: 'Wi-Sun' },
  { value: 10, label: 'Cat.1' },
] as const;
export type COMMUNICATION_TYPES = (typeof COMMUNICATION_TYPES)[number];
export type CommunicationTypeValue = COMMUNICATION_TYPES['value'];

/** How a terminal reaches the platform: by itself (NB-IoT, Cat.1, LoRaWAN …) or through a concentrator. */
export const TERMINAL_CONNECTIONS = ['DIRECT', 'NON_DIRECT'] as const;
export type TERMINAL_CONNECTIONS = (typeof TERMINAL_CONNECTIONS)[number];

/** Electrical phase of a branch (required when the branch has a current ratio). */
export const PHASES = ['A', 'B', 'C'] as const;
export type PHASES = (typeof PHASES)[number];

/** Meter channel counts of a box: a one-channel meter gives 1 meter, a four-channel one gives 4. */
export const METER_CHANNELS = ['1', '4'] as const;
export type METER_CHANNELS = (typeof METER_CHANNELS)[number];

/** Switch module models of a box: 8DIDO gives 8 DI and 8 DO. */
export const SWITCH_MODULE_MODELS = ['8DIDO'] as const;
export type SWITCH_MODULE_MODELS = (typeof SWITCH_MODULE_MODELS)[number];

/** Parameter groups a controller holds. */
export const PARAM_TYPES = ['connect', 'run', 'event', 'alarm', 'runAndEvent', 'latitudeLongitude', 'decay'] as const;
export type PARAM_TYPES = (typeof PARAM_TYPES)[number];

/** Uplink of a concentrator / box controller. */
export const CONNECT_MODES = ['GPRS', 'ETHERNET'] as const;
export type CONNECT_MODES = (typeof CONNECT_MODES)[number];

/** Directive (command encoding) scheme per device family and uplink. */
export const DIRECTIVE_SCHEMES = ['BOX_IOT', 'CCU_IOT', 'CCU_IN_BOX_IOT', 'RTU_IOT', 'RTU_CAT1', 'RTU_WISUN'] as const;
export type DIRECTIVE_SCHEMES = (typeof DIRECTIVE_SCHEMES)[number];

/** How a group command addresses terminals: MULTICAST by short address, GROUPCAST by group number. */
export const RTU_PROTOCOLS = ['MULTICAST', 'GROUPCAST'] as const;
export type RTU_PROTOCOLS = (typeof RTU_PROTOCOLS)[number];

/** LoRaWAN regional band plans; a LoRaWAN project must name one (bandStandard). */
export const LORAWAN_BANDS = [
  'EU868',
  'US915',
  'CN779',
  'EU433',
  'AU915',
  'CN470',
  'AS923-1',
  'AS923-2',
  'AS923-3',
  'AS923-4',
  'KR920',
  'IN865',
  'RU864',
] as const;
export type LORAWAN_BANDS = (typeof LORAWAN_BANDS)[number];

/* ---------------------------------------------------------------- device states */

export const DEVICE_STATES = ['OFF', 'ON', 'BROKEN'] as const;
export type DEVICE_STATES = (typeof DEVICE_STATES)[number];

export const LAMP_STATES = ['OFF', 'ON'] as const;
export type LAMP_STATES = (typeof LAMP_STATES)[number];

export const LAMP_STATUS = ['ALARM', 'OPEN', 'CLOSE'] as const;
export type LAMP_STATUS = (typeof LAMP_STATUS)[number];

/** Breaker contact state: OPEN = contacts apart (circuit off), CLOSE = contacts made (circuit on). */
export const BREAKER_STATES = ['OPEN', 'CLOSE'] as const;
export type BREAKER_STATES = (typeof BREAKER_STATES)[number];

/** INIT = registered but never heard from. */
export const COMMUNICATION_STATES = ['INIT', 'OFF', 'ON'] as const;
export type COMMUNICATION_STATES = (typeof COMMUNICATION_STATES)[number];

/** Run fault flag as stored in text columns and query strings. */
export const RUN_FAULT_STATES = ['false', 'true'] as const;
export type RUN_FAULT_STATES = (typeof RUN_FAULT_STATES)[number];

/** Configuration state, recorded only for non-direct terminals. */
export const CONFIG_STATES = ['UNCONFIGURED', 'CONFIGURING', 'CONFIGURED', 'FAILED'] as const;
export type CONFIG_STATES = (typeof CONFIG_STATES)[number];

export const LOCATION_STATES = ['LOCATED', 'UNLOCATED'] as const;
export type LOCATION_STATES = (typeof LOCATION_STATES)[number];

/* ---------------------------------------------------------------- alarms */

/** Alarm grades, most severe first. */
export const ALARM_GRADES = ['dangerous', 'serious', 'urgent', 'ordinary'] as const;
export type ALARM_GRADES = (typeof ALARM_GRADES)[number];

/** Alarm source families. */
export const ALARM_TYPES = ['SYSTEM', 'BOX', 'CCU', 'RTU', 'LUXOMETER'] as const;
export type ALARM_TYPES = (typeof ALARM_TYPES)[number];

/** Object an alarm label points at. */
export const LABEL_TYPES = ['breaker', 'branch', 'rtu'] as const;
export type LABEL_TYPES = (typeof LABEL_TYPES)[number];

/** Configurable alarm kinds. */
export const ALARM_CONFIG_TYPES = [
  'PowerDown',
  'BranchAbnormalTurnOff',
  'BranchAbnormalTurnOn',
  'LineLeakage',
  'LampFault',
  'CcuOffline',
  'BoxOffline',
  'CcuInBoxOffline',
  'RtuOffline',
  'CcuInBoxCommunicationFault',
  'RtuTilt',
  'RtuOverVoltage',
  'RtuUnderVoltage',
  'RtuUnderCurrent',
  'BranchOverVoltage',
  'BranchUnderVoltage',
  'BranchOverCurrent',
  'BranchUnderCurrent',
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
] as const;
export type ALARM_CONFIG_TYPES = (typeof ALARM_CONFIG_TYPES)[number];

/** NEW = active (not yet recovered). */
export const ALARM_STATES = ['NEW', 'RECOVERED'] as const;
export type ALARM_STATES = (typeof ALARM_STATES)[number];

/* ---------------------------------------------------------------- commands, tasks, strategies */

/** Control actions of devices, groups, boxes, branches and tasks (also the button permission suffixes). */
export const CONTROL_ACTIONS = ['on', 'off', 'dimming', 'calling', 'restart', 'timing', 'clockcalling'] as const;
export type CONTROL_ACTIONS = (typeof CONTROL_ACTIONS)[number];

/** Actions a task carries out on breakers and lamps. */
export const ACTION_TYPES = ['BREAKER_ON', 'BREAKER_OFF', 'LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING'] as const;
export type ACTION_TYPES = (typeof ACTION_TYPES)[number];

/** Whether a task sends (issues) configuration or deletes it from the device. */
export const OPERATION_TYPES = ['SEND', 'DELETE'] as const;
export type OPERATION_TYPES = (typeof OPERATION_TYPES)[number];

/** Whether a strategy or configuration has been pushed to its devices. */
export const ISSUE_STATES = ['UN_PUSH', 'PUSHED'] as const;
export type ISSUE_STATES = (typeof ISSUE_STATES)[number];

/** Final task state; a task without a state (null) has not finished yet. */
export const TASK_STATES = ['SUCCESS', 'FAIL'] as const;
export type TASK_STATES = (typeof TASK_STATES)[number];

/** Outcome of an operation (import, per-device command result …). */
export const RESULT_STATES = ['SUCCESS', 'FAIL'] as const;
export type RESULT_STATES = (typeof RESULT_STATES)[number];

/** Lifecycle of one device command: PENDING → SENT → DELIVERED → SUCCESS | FAILED | TIMEOUT | EXPIRED | CANCELED. */
export const COMMAND_LIFECYCLE = [
  'PENDING',
  'SENT',
  'DELIVERED',
  'SUCCESS',
  'FAILED',
  'TIMEOUT',
  'EXPIRED',
  'CANCELED',
] as const;
export type COMMAND_LIFECYCLE = (typeof COMMAND_LIFECYCLE)[number];

/** Where a command task came from: control (apply screens, device pages), the batch query center, terminal configuration. */
export const TASK_SOURCES = ['CONTROL', 'QUERY', 'CONFIG'] as const;
export type TASK_SOURCES = (typeof TASK_SOURCES)[number];

/** What a command asks of a device, as the protocol carries it: the control actions and configuration issue (lighting.ts derives PROTOCOL_ACTIONS and COMMAND_ACTIONS from it). */
export const COMMAND_ACTION_CODES = [
  'LIGHT_ON',
  'LIGHT_OFF',
  'LIGHT_DIMMING',
  'BREAKER_ON',
  'BREAKER_OFF',
  'calling',
  'restart',
  'timing',
  'clockcalling',
  'config',
  'schedule',
] as const;
export type COMMAND_ACTION_CODES = (typeof COMMAND_ACTION_CODES)[number];

/**
 * Why a device says a command failed: the `error` of a FAILED result starts with one of these
 * codes, optionally followed by ': ' and the device's own words (docs/device-protocol.md).
 * Anything else is shown as OTHER with the device's text as detail.
 */
export const COMMAND_FAILURE_REASONS = [
  'NO_RESPONSE',
  'OFFLINE',
  'BUSY',
  'UNSUPPORTED',
  'INVALID_PARAM',
  'RELAY_FAULT',
  'DRIVER_FAULT',
  'MANUAL_OVERRIDE',
  'REFUSED',
  'EXPIRED',
  'OTHER',
] as const;
export type COMMAND_FAILURE_REASONS = (typeof COMMAND_FAILURE_REASONS)[number];

/** Strategy entry trigger: a fixed local time, or an offset before/after sunrise or sunset. */
export const TIME_MODES = ['FIXED', 'BEFORE_SUNRISE', 'AFTER_SUNRISE', 'BEFORE_SUNSET', 'AFTER_SUNSET'] as const;
export type TIME_MODES = (typeof TIME_MODES)[number];

/** Week days, Sunday first: the index equals JavaScript's Date#getDay(). */
export const WEEK_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
export type WEEK_DAYS = (typeof WEEK_DAYS)[number];

/** Per-device firmware upgrade state; BLANK = never upgraded. */
export const UPGRADE_STATES = ['UPGRADING', 'SUCCESS', 'FAIL', 'BLANK'] as const;
export type UPGRADE_STATES = (typeof UPGRADE_STATES)[number];

/* ---------------------------------------------------------------- projects, customers, packages */

export const MAP_TYPES = ['gaode', 'baidu', 'tianditu', 'google', 'googleChina'] as const;
export type MAP_TYPES = (typeof MAP_TYPES)[number];

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type LANGUAGES = (typeof LANGUAGES)[number];

/**
 * Project time zones as whole-hour offsets from UTC, always signed: '+0' … '+12' (east),
 * '-1' … '-12' (west). '+8' is China Standard Time.
 */
export const TIME_ZONES = [
  '+0',
  '+1',
  '+2',
  '+3',
  '+4',
  '+5',
  '+6',
  '+7',
  '+8',
  '+9',
  '+10',
  '+11',
  '+12',
  '-1',
  '-2',
  '-3',
  '-4',
  '-5',
  '-6',
  '-7',
  '-8',
  '-9',
  '-10',
  '-11',
  '-12',
] as const;
export type TIME_ZONES = (typeof TIME_ZONES)[number];

/** Validity of a customer's subscription. */
export const CUSTOMER_VALIDITY = ['not_started', 'normal', 'expired'] as const;
export type CUSTOMER_VALIDITY = (typeof CUSTOMER_VALIDITY)[number];

/** Package subscription mode: by time period, or by package. */
export const PACKAGE_MODES = ['time', 'package'] as const;
export type PACKAGE_MODES = (typeof PACKAGE_MODES)[number];

export const PACKAGE_PERIODS = ['day', 'month', 'quarter', 'year'] as const;
export type PACKAGE_PERIODS = (typeof PACKAGE_PERIODS)[number];

/** Home-page component variants. */
export const HOME_PAGES = ['Index', 'IndexAirport', 'InfoEditor'] as const;
export type HOME_PAGES = (typeof HOME_PAGES)[number];

/* ---------------------------------------------------------------- administration (RuoYi) */

/** 0 male, 1 female, 2 unknown. */
export const SEX = ['0', '1', '2'] as const;
export type SEX = (typeof SEX)[number];

/** Status of users, roles, menus, departments …: 0 normal, 1 disabled. */
export const NORMAL_DISABLE = ['0', '1'] as const;
export type NORMAL_DISABLE = (typeof NORMAL_DISABLE)[number];

/** Menu display status: 0 shown, 1 hidden (still reachable). */
export const SHOW_HIDE = ['0', '1'] as const;
export type SHOW_HIDE = (typeof SHOW_HIDE)[number];

export const YES_NO = ['Y', 'N'] as const;
export type YES_NO = (typeof YES_NO)[number];

/** 0 success, 1 fail (login and operation logs). */
export const COMMON_STATUS = ['0', '1'] as const;
export type COMMON_STATUS = (typeof COMMON_STATUS)[number];

/** Role data scope: 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export type DATA_SCOPES = (typeof DATA_SCOPES)[number];

/** M catalogue, C menu, F button. */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MENU_TYPES = (typeof MENU_TYPES)[number];

/** Operation-log business types: 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 gencode, 9 clean. */
export const BUSINESS_TYPES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type BUSINESS_TYPES = (typeof BUSINESS_TYPES)[number];

/** Scheduled job status: 0 normal, 1 paused. */
export const JOB_STATUS = ['0', '1'] as const;
export type JOB_STATUS = (typeof JOB_STATUS)[number];

export const JOB_GROUPS = ['DEFAULT', 'SYSTEM'] as const;
export type JOB_GROUPS = (typeof JOB_GROUPS)[number];

/** Misfire policy: 0 default, 1 fire now, 2 fire once, 3 do nothing. */
export const JOB_MISFIRE_POLICIES = ['0', '1', '2', '3'] as const;
export type JOB_MISFIRE_POLICIES = (typeof JOB_MISFIRE_POLICIES)[number];

/** Concurrent execution: 0 allowed, 1 forbidden. */
export const JOB_CONCURRENT = ['0', '1'] as const;
export type JOB_CONCURRENT = (typeof JOB_CONCURRENT)[number];

/** Notice type: 1 notice, 2 announcement. */
export const NOTICE_TYPES = ['1', '2'] as const;
export type NOTICE_TYPES = (typeof NOTICE_TYPES)[number];

/** Notice status: 0 normal, 1 closed. */
export const NOTICE_STATUS = ['0', '1'] as const;
export type NOTICE_STATUS = (typeof NOTICE_STATUS)[number];

/* ---------------------------------------------------------------- warehouse and mobile app */

/** Consumable categories (dictionary ops_consumable_category). */
export const CONSUMABLE_CATEGORIES = [
  'LAMP_HEAD',
  'CONTROLLER',
  'DRIVER',
  'FUSE',
  'CABLE',
  'POLE_PART',
  'TOOL',
  'OTHER',
] as const;
export type CONSUMABLE_CATEGORIES = (typeof CONSUMABLE_CATEGORIES)[number];

/** Why stock came in (dictionary ops_stock_in_type): bought, or brought back from the field. */
export const STOCK_IN_TYPES = ['PURCHASE', 'RETURN'] as const;
export type STOCK_IN_TYPES = (typeof STOCK_IN_TYPES)[number];

/** Whom stock went out to (dictionary ops_stock_out_purpose). */
export const STOCK_OUT_PURPOSES = ['WORK_ORDER', 'TEAM', 'PERSON'] as const;
export type STOCK_OUT_PURPOSES = (typeof STOCK_OUT_PURPOSES)[number];

/** A stock-out request waits for approval; approval takes the parts from the shelf (dictionary ops_stock_out_state). */
export const STOCK_OUT_STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type STOCK_OUT_STATES = (typeof STOCK_OUT_STATES)[number];

/** A movement's direction (dictionary ops_movement_direction). */
export const MOVEMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type MOVEMENT_DIRECTIONS = (typeof MOVEMENT_DIRECTIONS)[number];

/** Where an app version runs (dictionary app_platform); WEB is the installable web app. */
export const APP_PLATFORMS = ['ANDROID', 'IOS', 'WEB'] as const;
export type APP_PLATFORMS = (typeof APP_PLATFORMS)[number];

/** Who a push message goes to (dictionary app_push_target). */
export const PUSH_TARGETS = ['ALL', 'USER', 'DEPT'] as const;
export type PUSH_TARGETS = (typeof PUSH_TARGETS)[number];

/** A push message is written, then sent once (dictionary app_push_state). */
export const PUSH_STATES = ['DRAFT', 'SENT'] as const;
export type PUSH_STATES = (typeof PUSH_STATES)[number];

/** Feedback waits until someone answers it (dictionary app_feedback_state). */
export const FEEDBACK_STATES = ['PENDING', 'HANDLED'] as const;
export type FEEDBACK_STATES = (typeof FEEDBACK_STATES)[number];

/** What a crew member reports (dictionary app_feedback_type). */
export const FEEDBACK_TYPES = ['BUG', 'SUGGESTION', 'OTHER'] as const;
export type FEEDBACK_TYPES = (typeof FEEDBACK_TYPES)[number];
