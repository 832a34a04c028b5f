import {
  ACTION_TYPES,
  ALARM_CONFIG_TYPES,
  ALARM_GRADES,
  ALARM_STATES,
  ALARM_TYPES,
  BREAKER_STATES,
  BUSINESS_TYPES,
  COMMAND_ACTION_CODES,
  COMMAND_FAILURE_REASONS,
  COMMAND_LIFECYCLE,
  COMMON_STATUS,
  COMMUNICATION_STATES,
  COMMUNICATION_TYPES,
  CONFIG_STATES,
  CONNECT_MODES,
  CONTROL_ACTIONS,
  CUSTOMER_VALIDITY,
  DATA_SCOPES,
  DEVICE_STATES,
  DEVICE_TYPE_CODES,
  DIRECTIVE_SCHEMES,
  HOME_PAGES,
  ISSUE_STATES,
  JOB_CONCURRENT,
  JOB_GROUPS,
  JOB_MISFIRE_POLICIES,
  JOB_STATUS,
  LABEL_TYPES,
  LAMP_STATES,
  LAMP_STATUS,
  LANGUAGES,
  LOCATION_STATES,
  LORAWAN_BANDS,
  MAP_TYPES,
  MENU_TYPES,
  METER_CHANNELS,
  NORMAL_DISABLE,
  NOTICE_STATUS,
  NOTICE_TYPES,
  OPERATION_TYPES,
  PACKAGE_MODES,
  PACKAGE_PERIODS,
  PARAM_TYPES,
  PHASES,
  RESULT_STATES,
  RTU_PROTOCOLS,
  RUN_FAULT_STATES,
  SEX,
  SHOW_HIDE,
  SWITCH_MODULE_MODELS,
  TASK_SOURCES,
  TASK_STATES,
  TERMINAL_CONNECTIONS,
  TIME_MODES,
  TIME_ZONES,
  UPGRADE_STATES,
  WEEK_DAYS,
  YES_NO,
} from '../enums.ts';
import { LIGHTING } from '../things/lighting.ts';
import type { DictItemSeed, DictSeed } from './types.ts';

/** antd Tag colour hints a dictionary item may carry. */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
export type LIST_CLASSES = (typeof LIST_CLASSES)[number];

/** [zh-CN label, en-US label, listClass?] */
type Label = readonly [string, string, LIST_CLASSES?];
type Key = string | number;

/** Dictionary labels of what a thing family names (types, events, commands): the first definition of a code wins. */
function familyLabels(entries: readonly (readonly [string, { zh: string; en: string }])[]): Record<string, Label> {
  const labels: Record<string, Label> = {};
  for (const [code, label] of entries) labels[code] ??= [label.zh, label.en];
  return labels;
}

/** Labels with the tag colour of each value. */
function withClasses<T extends string>(
  labels: Record<string, Label>,
  classes: Record<T, LIST_CLASSES>,
): Record<T, Label> {
  return Object.fromEntries(
    Object.entries<LIST_CLASSES>(classes).map(([value, listClass]) => [
      value,
      [labels[value]![0], labels[value]![1], listClass],
    ]),
  ) as Record<string, Label> as Record<T, Label>;
}

function dict<T extends Key>(
  type: string,
  name: string,
  nameEn: string,
  values: readonly T[],
  labels: NoInfer<Record<T, Label>>,
  defaultValue?: NoInfer<T>,
): DictSeed {
  const items = values.map((value): DictItemSeed => {
    const [label, labelEn, listClass] = labels[value];
    const item: DictItemSeed = { value: String(value), label, labelEn };
    if (listClass) item.listClass = listClass;
    if (defaultValue !== undefined && value === defaultValue) item.isDefault = true;
    return item;
  });
  return { type, name, nameEn, items };
}

const ZH_NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

function timeZoneLabel(tz: TIME_ZONES): Label {
  const hours = Number(tz.slice(1));
  const zh = hours === 0 ? '零时区' : `${tz.startsWith('-') ? '西' : '东'}${ZH_NUMERALS[hours]}区`;
  return [`UTC${tz} ${zh}`, `UTC${tz}`];
}

const TIME_ZONE_LABELS = Object.fromEntries(TIME_ZONES.map((tz) => [tz, timeZoneLabel(tz)])) as Record<
  TIME_ZONES,
  Label
>;

const COMMUNICATION_TYPE_VALUES = COMMUNICATION_TYPES.map((c) => c.value);

const COMMUNICATION_TYPE_ZH: Partial<Record<(typeof COMMUNICATION_TYPE_VALUES)[number], string>> = {
  1: 'PLC电力载波',
  5: '以太网',
  6: 'ZigBee',
  8: '其他',
};

const COMMUNICATION_TYPE_LABELS = Object.fromEntries(
  COMMUNICATION_TYPES.map((c) => [c.value, [COMMUNICATION_TYPE_ZH[c.value] ?? c.label, c.label] as Label]),
) as Record<(typeof COMMUNICATION_TYPE_VALUES)[number], Label>;

export const DICTS: DictSeed[] = [
  /* ---------------------------------------------------------------- RuoYi standard */
  dict(
    'sys_user_sex',
    '用户性别',
    'User Gender',
    SEX,
    { '0': ['男', 'Male'], '1': ['女', 'Female'], '2': ['未知', 'Unknown'] },
    '0',
  ),
  dict(
    'sys_normal_disable',
    '系统开关',
    'Normal / Disabled',
    NORMAL_DISABLE,
    { '0': ['正常', 'Normal', 'primary'], '1': ['停用', 'Disabled', 'danger'] },
    '0',
  ),
  dict(
    'sys_show_hide',
    '菜单状态',
    'Menu Visibility',
    SHOW_HIDE,
    { '0': ['显示', 'Shown', 'primary'], '1': ['隐藏', 'Hidden', 'danger'] },
    '0',
  ),
  dict('sys_yes_no', '系统是否', 'Yes / No', YES_NO, { Y: ['是', 'Yes', 'primary'], N: ['否', 'No', 'danger'] }, 'Y'),
  dict(
    'sys_job_status',
    '任务状态',
    'Job Status',
    JOB_STATUS,
    { '0': ['正常', 'Normal', 'primary'], '1': ['暂停', 'Paused', 'danger'] },
    '0',
  ),
  dict(
    'sys_job_group',
    '任务分组',
    'Job Group',
    JOB_GROUPS,
    { DEFAULT: ['默认', 'Default'], SYSTEM: ['系统', 'System'] },
    'DEFAULT',
  ),
  dict(
    'sys_job_misfire_policy',
    '计划执行错误策略',
    'Job Misfire Policy',
    JOB_MISFIRE_POLICIES,
    {
      '0': ['默认策略', 'Default'],
      '1': ['立即执行', 'Fire immediately'],
      '2': ['执行一次', 'Fire once'],
      '3': ['放弃执行', 'Do nothing'],
    },
    '3',
  ),
  dict(
    'sys_job_concurrent',
    '任务并发执行',
    'Job Concurrency',
    JOB_CONCURRENT,
    { '0': ['允许', 'Allowed', 'primary'], '1': ['禁止', 'Forbidden', 'danger'] },
    '1',
  ),
  dict(
    'sys_notice_type',
    '通知类型',
    'Notice Type',
    NOTICE_TYPES,
    { '1': ['通知', 'Notice', 'warning'], '2': ['公告', 'Announcement', 'success'] },
    '1',
  ),
  dict(
    'sys_notice_status',
    '通知状态',
    'Notice Status',
    NOTICE_STATUS,
    { '0': ['正常', 'Normal', 'primary'], '1': ['关闭', 'Closed', 'danger'] },
    '0',
  ),
  dict('sys_oper_type', '操作类型', 'Operation Type', BUSINESS_TYPES, {
    '0': ['其他', 'Other', 'info'],
    '1': ['新增', 'Insert', 'info'],
    '2': ['修改', 'Update', 'info'],
    '3': ['删除', 'Delete', 'danger'],
    '4': ['授权', 'Grant', 'primary'],
    '5': ['导出', 'Export', 'warning'],
    '6': ['导入', 'Import', 'warning'],
    '7': ['强退', 'Force Logout', 'danger'],
    '8': ['生成代码', 'Generate Code', 'warning'],
    '9': ['清空数据', 'Clean Data', 'danger'],
  }),
  dict('sys_common_status', '系统状态', 'Common Status', COMMON_STATUS, {
    '0': ['成功', 'Success', 'primary'],
    '1': ['失败', 'Fail', 'danger'],
  }),
  dict(
    'sys_language',
    '系统语言',
    'Language',
    LANGUAGES,
    { 'zh-CN': ['简体中文', 'Simplified Chinese'], 'en-US': ['English', 'English'] },
    'zh-CN',
  ),
  dict(
    'sys_data_scope',
    '数据权限范围',
    'Data Scope',
    DATA_SCOPES,
    {
      '1': ['全部数据权限', 'All data'],
      '2': ['自定数据权限', 'Custom departments'],
      '3': ['本部门数据权限', 'Own department'],
      '4': ['本部门及以下数据权限', 'Own department and below'],
      '5': ['仅本人数据权限', 'Self only'],
    },
    '1',
  ),
  dict('sys_menu_type', '菜单类型', 'Menu Type', MENU_TYPES, {
    M: ['目录', 'Catalogue', 'warning'],
    C: ['菜单', 'Menu', 'success'],
    F: ['按钮', 'Button', 'danger'],
  }),
  dict(
    'sys_home_page',
    '首页样式',
    'Home Page',
    HOME_PAGES,
    {
      Index: ['标准首页', 'Standard home page'],
      IndexAirport: ['机场风格首页', 'Airport-style home page'],
      InfoEditor: ['信息编辑首页', 'Info editor home page'],
    },
    'Index',
  ),

  /* ---------------------------------------------------------------- customers, projects, packages */
  dict('customer_validity', '客户有效期状态', 'Customer Validity', CUSTOMER_VALIDITY, {
    not_started: ['未开始', 'Not started', 'info'],
    normal: ['正常', 'Normal', 'success'],
    expired: ['已过期', 'Expired', 'danger'],
  }),
  dict(
    'package_mode',
    '订阅方式',
    'Subscription Mode',
    PACKAGE_MODES,
    { time: ['按时间订阅', 'By time'], package: ['按套餐订阅', 'By package'] },
    'time',
  ),
  dict(
    'package_period',
    '订阅周期',
    'Subscription Period',
    PACKAGE_PERIODS,
    { day: ['天', 'Day'], month: ['月', 'Month'], quarter: ['季度', 'Quarter'], year: ['年', 'Year'] },
    'month',
  ),
  dict(
    'project_map_type',
    '地图类型',
    'Map Type',
    MAP_TYPES,
    {
      gaode: ['高德地图', 'Amap (Gaode)'],
      baidu: ['百度地图', 'Baidu Maps'],
      tianditu: ['天地图', 'Tianditu'],
      google: ['谷歌地图', 'Google Maps'],
      googleChina: ['谷歌地图（中国）', 'Google Maps (China)'],
    },
    'gaode',
  ),
  dict('project_time_zone', '项目时区', 'Project Time Zone', TIME_ZONES, TIME_ZONE_LABELS, '+8'),
  dict(
    'lorawan_band',
    'LoRaWAN频段标准',
    'LoRaWAN Band Plan',
    LORAWAN_BANDS,
    {
      EU868: ['EU868（欧洲）', 'EU868 (Europe)'],
      US915: ['US915（美国）', 'US915 (United States)'],
      CN779: ['CN779（中国）', 'CN779 (China)'],
      EU433: ['EU433（欧洲）', 'EU433 (Europe)'],
      AU915: ['AU915（澳大利亚）', 'AU915 (Australia)'],
      CN470: ['CN470（中国）', 'CN470 (China)'],
      'AS923-1': ['AS923-1（亚洲）', 'AS923-1 (Asia)'],
      'AS923-2': ['AS923-2（亚洲）', 'AS923-2 (Asia)'],
      'AS923-3': ['AS923-3（亚洲）', 'AS923-3 (Asia)'],
      'AS923-4': ['AS923-4（亚洲）', 'AS923-4 (Asia)'],
      KR920: ['KR920（韩国）', 'KR920 (South Korea)'],
      IN865: ['IN865（印度）', 'IN865 (India)'],
      RU864: ['RU864（俄罗斯）', 'RU864 (Russia)'],
    },
    'CN470',
  ),

  /* ---------------------------------------------------------------- devices */
  // the labels of the thing model's lighting types, in the order of the enumeration
  dict(
    'lighting_device_type',
    '设备类型',
    'Device Type',
    DEVICE_TYPE_CODES,
    familyLabels(LIGHTING.types.map((type) => [type.code, type.label] as const)),
  ),
  dict('lighting_comm_type', '通信方式', 'Communication Type', COMMUNICATION_TYPE_VALUES, COMMUNICATION_TYPE_LABELS),
  dict('lighting_terminal_connection', '终端接入方式', 'Terminal Connection', TERMINAL_CONNECTIONS, {
    DIRECT: ['直连终端', 'Direct-connected'],
    NON_DIRECT: ['非直连终端', 'Via concentrator'],
  }),
  dict('lighting_phase', '相位', 'Phase', PHASES, {
    A: ['A相', 'Phase A', 'warning'],
    B: ['B相', 'Phase B', 'success'],
    C: ['C相', 'Phase C', 'danger'],
  }),
  dict(
    'lighting_meter_channel',
    '电表路数',
    'Meter Channels',
    METER_CHANNELS,
    { '1': ['单路（1块电表）', 'One channel (1 meter)'], '4': ['四路（4块电表）', 'Four channels (4 meters)'] },
    '1',
  ),
  dict(
    'lighting_switch_module_model',
    '开关量模块型号',
    'Switch Module Model',
    SWITCH_MODULE_MODELS,
    { '8DIDO': ['8DIDO（8路DI/8路DO）', '8DIDO (8 DI / 8 DO)'] },
    '8DIDO',
  ),
  dict('lighting_param_type', '参数类型', 'Parameter Type', PARAM_TYPES, {
    connect: ['连接参数', 'Connection'],
    run: ['运行参数', 'Runtime'],
    event: ['事件参数', 'Event'],
    alarm: ['告警参数', 'Alarm'],
    runAndEvent: ['运行与事件参数', 'Runtime and event'],
    latitudeLongitude: ['经纬度参数', 'Latitude and longitude'],
    decay: ['光衰参数', 'Light decay'],
  }),
  dict(
    'lighting_connect_mode',
    '连接方式',
    'Connect Mode',
    CONNECT_MODES,
    { GPRS: ['GPRS', 'GPRS'], ETHERNET: ['以太网', 'Ethernet'] },
    'GPRS',
  ),
  dict('lighting_directive_scheme', '指令方案', 'Directive Scheme', DIRECTIVE_SCHEMES, {
    BOX_IOT: ['配电箱物联网方案', 'Box IoT'],
    CCU_IOT: ['集中控制器物联网方案', 'Concentrator IoT'],
    CCU_IN_BOX_IOT: ['箱内集中控制器物联网方案', 'In-box concentrator IoT'],
    RTU_IOT: ['单灯控制器物联网方案', 'Lamp controller IoT'],
    RTU_CAT1: ['单灯控制器Cat.1方案', 'Lamp controller Cat.1'],
    RTU_WISUN: ['单灯控制器Wi-SUN方案', 'Lamp controller Wi-SUN'],
  }),
  dict(
    'lighting_rtu_protocol',
    '单灯组控协议',
    'Terminal Group Protocol',
    RTU_PROTOCOLS,
    {
      MULTICAST: ['组播（短地址）', 'Multicast (short address)'],
      GROUPCAST: ['组控（组号）', 'Groupcast (group number)'],
    },
    'MULTICAST',
  ),
  dict('lighting_device_state', '设备状态', 'Device State', DEVICE_STATES, {
    OFF: ['关闭', 'Off', 'info'],
    ON: ['开启', 'On', 'success'],
    BROKEN: ['故障', 'Broken', 'danger'],
  }),
  dict('lighting_lamp_state', '灯具状态', 'Lamp State', LAMP_STATES, {
    OFF: ['灭灯', 'Off', 'info'],
    ON: ['亮灯', 'On', 'success'],
  }),
  dict('lighting_lamp_status', '灯具运行状态', 'Lamp Status', LAMP_STATUS, {
    ALARM: ['告警', 'Alarm', 'danger'],
    OPEN: ['开灯', 'On', 'success'],
    CLOSE: ['关灯', 'Off', 'info'],
  }),
  dict('lighting_breaker_state', '断路器状态', 'Breaker State', BREAKER_STATES, {
    OPEN: ['分闸', 'Open (off)', 'info'],
    CLOSE: ['合闸', 'Closed (on)', 'success'],
  }),
  dict('lighting_comm_state', '通信状态', 'Communication State', COMMUNICATION_STATES, {
    INIT: ['未接入', 'Not yet connected', 'default'],
    OFF: ['离线', 'Offline', 'danger'],
    ON: ['在线', 'Online', 'success'],
  }),
  dict('lighting_run_fault', '运行故障', 'Run Fault', RUN_FAULT_STATES, {
    false: ['正常', 'Normal', 'success'],
    true: ['故障', 'Fault', 'danger'],
  }),
  dict('lighting_config_state', '配置状态', 'Configuration State', CONFIG_STATES, {
    UNCONFIGURED: ['未配置', 'Not configured', 'default'],
    CONFIGURING: ['配置中', 'Configuring', 'primary'],
    CONFIGURED: ['已配置', 'Configured', 'success'],
    FAILED: ['配置失败', 'Configuration failed', 'danger'],
  }),
  dict('lighting_location_state', '定位状态', 'Location State', LOCATION_STATES, {
    LOCATED: ['已定位', 'Located', 'success'],
    UNLOCATED: ['未定位', 'Not located', 'warning'],
  }),
  dict('lighting_control_action', '控制操作', 'Control Action', CONTROL_ACTIONS, {
    on: ['开灯', 'Turn on', 'success'],
    off: ['关灯', 'Turn off', 'info'],
    dimming: ['调光', 'Dim', 'primary'],
    calling: ['召测', 'Read state', 'default'],
    restart: ['重启', 'Restart', 'warning'],
    timing: ['校时', 'Sync clock', 'default'],
    clockcalling: ['时钟召测', 'Read clock', 'default'],
  }),

  /* ---------------------------------------------------------------- alarms */
  dict('alarm_grade', '告警等级', 'Alarm Grade', ALARM_GRADES, {
    dangerous: ['危险', 'Dangerous', 'danger'],
    serious: ['严重', 'Serious', 'warning'],
    urgent: ['紧急', 'Urgent', 'primary'],
    ordinary: ['一般', 'Ordinary', 'info'],
  }),
  dict('alarm_type', '告警类型', 'Alarm Type', ALARM_TYPES, {
    SYSTEM: ['系统告警', 'System'],
    BOX: ['配电箱告警', 'Distribution box'],
    CCU: ['集中控制器告警', 'Concentrator'],
    RTU: ['单灯控制器告警', 'Lamp controller'],
    LUXOMETER: ['照度传感器告警', 'Light sensor'],
  }),
  dict('alarm_label_type', '告警对象类型', 'Alarm Label Type', LABEL_TYPES, {
    breaker: ['断路器', 'Breaker'],
    branch: ['支路', 'Branch'],
    rtu: ['单灯控制器', 'Lamp controller'],
  }),
  dict('alarm_state', '告警状态', 'Alarm State', ALARM_STATES, {
    NEW: ['未恢复', 'Unrecovered', 'danger'],
    RECOVERED: ['已恢复', 'Recovered', 'success'],
  }),
  // the labels of the lighting family's alarm events
  dict(
    'alarm_config_type',
    '告警配置类型',
    'Alarm Configuration Type',
    ALARM_CONFIG_TYPES,
    familyLabels(LIGHTING.types.flatMap((type) => type.events.map((event) => [event.type, event.label] as const))),
  ),

  /* ---------------------------------------------------------------- tasks, strategies, upgrades */
  dict('task_action_type', '动作类型', 'Action Type', ACTION_TYPES, {
    BREAKER_ON: ['合闸', 'Breaker on', 'success'],
    BREAKER_OFF: ['分闸', 'Breaker off', 'info'],
    LIGHT_ON: ['开灯', 'Light on', 'success'],
    LIGHT_OFF: ['关灯', 'Light off', 'info'],
    LIGHT_DIMMING: ['调光', 'Dimming', 'primary'],
  }),
  dict('task_operation_type', '操作类型', 'Operation Type', OPERATION_TYPES, {
    SEND: ['下发', 'Send', 'primary'],
    DELETE: ['删除', 'Delete', 'danger'],
  }),
  dict('task_issue_state', '下发状态', 'Issue State', ISSUE_STATES, {
    UN_PUSH: ['未下发', 'Not issued', 'warning'],
    PUSHED: ['已下发', 'Issued', 'success'],
  }),
  dict('task_state', '任务状态', 'Task State', TASK_STATES, {
    SUCCESS: ['成功', 'Success', 'success'],
    FAIL: ['失败', 'Fail', 'danger'],
  }),
  dict('task_result_state', '执行结果', 'Result', RESULT_STATES, {
    SUCCESS: ['成功', 'Success', 'success'],
    FAIL: ['失败', 'Fail', 'danger'],
  }),
  dict('lighting_task_source', '任务来源', 'Task Source', TASK_SOURCES, {
    CONTROL: ['手动控制', 'Manual control', 'primary'],
    QUERY: ['批量召测', 'Batch query', 'info'],
    CONFIG: ['配置下发', 'Configuration issue', 'default'],
  }),
  dict('task_command_state', '指令状态', 'Command State', COMMAND_LIFECYCLE, {
    PENDING: ['待发送', 'Pending', 'default'],
    SENT: ['已发送', 'Sent', 'primary'],
    DELIVERED: ['已送达', 'Delivered', 'info'],
    SUCCESS: ['成功', 'Success', 'success'],
    FAILED: ['失败', 'Failed', 'danger'],
    TIMEOUT: ['超时', 'Timed out', 'warning'],
    EXPIRED: ['已过期', 'Expired', 'warning'],
    CANCELED: ['已取消', 'Canceled', 'default'],
  }),
  // the lighting family's command labels, with the tag colour of each; configuration issue is no operator command
  dict(
    'lighting_command_action',
    '指令动作',
    'Command Action',
    COMMAND_ACTION_CODES,
    withClasses(
      {
        ...familyLabels(LIGHTING.types.flatMap((type) => type.commands.map((c) => [c.action, c.label] as const))),
        config: ['配置下发', 'Issue configuration'],
        schedule: ['策略下发', 'Issue schedule'],
      },
      {
        LIGHT_ON: 'success',
        LIGHT_OFF: 'info',
        LIGHT_DIMMING: 'primary',
        BREAKER_ON: 'success',
        BREAKER_OFF: 'info',
        calling: 'default',
        restart: 'warning',
        timing: 'default',
        clockcalling: 'default',
        config: 'primary',
        schedule: 'primary',
      },
    ),
  ),
  dict('lighting_command_failure', '指令失败原因', 'Command Failure Reason', COMMAND_FAILURE_REASONS, {
    NO_RESPONSE: ['终端无应答', 'No answer from the terminal', 'danger'],
    OFFLINE: ['终端离线', 'Terminal offline', 'danger'],
    BUSY: ['设备忙，请稍后重试', 'Device busy, try again later', 'warning'],
    UNSUPPORTED: ['设备不支持该操作', 'Not supported by the device', 'warning'],
    INVALID_PARAM: ['参数超出设备范围', 'Value out of the device range', 'warning'],
    RELAY_FAULT: ['继电器故障', 'Relay fault', 'danger'],
    DRIVER_FAULT: ['驱动电源故障', 'Driver fault', 'danger'],
    MANUAL_OVERRIDE: ['现场手动控制中', 'Under manual control on site', 'warning'],
    REFUSED: ['设备拒绝执行', 'Refused by the device', 'warning'],
    EXPIRED: ['指令到达时已过期', 'Expired when it reached the device', 'warning'],
    OTHER: ['设备报告失败', 'The device reported a failure', 'danger'],
  }),
  dict(
    'strategy_time_mode',
    '时间模式',
    'Time Mode',
    TIME_MODES,
    {
      FIXED: ['固定时间', 'Fixed time'],
      BEFORE_SUNRISE: ['日出前', 'Before sunrise'],
      AFTER_SUNRISE: ['日出后', 'After sunrise'],
      BEFORE_SUNSET: ['日落前', 'Before sunset'],
      AFTER_SUNSET: ['日落后', 'After sunset'],
    },
    'FIXED',
  ),
  dict('strategy_week_day', '星期', 'Week Day', WEEK_DAYS, {
    SUNDAY: ['星期日', 'Sunday'],
    MONDAY: ['星期一', 'Monday'],
    TUESDAY: ['星期二', 'Tuesday'],
    WEDNESDAY: ['星期三', 'Wednesday'],
    THURSDAY: ['星期四', 'Thursday'],
    FRIDAY: ['星期五', 'Friday'],
    SATURDAY: ['星期六', 'Saturday'],
  }),
  dict('version_upgrade_state', '升级状态', 'Upgrade State', UPGRADE_STATES, {
    UPGRADING: ['升级中', 'Upgrading', 'primary'],
    SUCCESS: ['升级成功', 'Succeeded', 'success'],
    FAIL: ['升级失败', 'Failed', 'danger'],
    BLANK: ['未升级', 'Not upgraded', 'default'],
  }),
];

/** Dictionary by type; undefined for an unknown type. */
export function findDict(type: string): DictSeed | undefined {
  return DICTS.find((d) => d.type === type);
}
