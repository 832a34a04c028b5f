import { describe, expect, it } from 'vitest';
import * as enums from '../enums.ts';
import { ALARM_CONFIG_TYPES, COMMUNICATION_TYPES, CONTROL_ACTIONS, LORAWAN_BANDS, TIME_ZONES } from '../enums.ts';
import { PROTOCOL_ACTIONS } from '../lighting.ts';
import { DICTS, findDict, LIST_CLASSES } from './dicts.ts';
import { operatorHoldsMenu } from './roles.ts';
import { flattenMenus, SYSTEMS } from './systems.ts';
import type { MenuSeed } from './types.ts';

const PERMS = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z][a-zA-Z0-9]*){2}$/;
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

const ALL_MENUS = SYSTEMS.flatMap((s) => flattenMenus(s.menus));
const byKey = new Map(ALL_MENUS.map((m) => [m.key, m]));

function walk(
  menus: readonly MenuSeed[],
  visit: (m: MenuSeed, parent: MenuSeed | null) => void,
  parent: MenuSeed | null = null,
) {
  for (const m of menus) {
    visit(m, parent);
    walk(m.children ?? [], visit, m);
  }
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const v of values) {
    if (seen.has(v)) dups.push(v);
    seen.add(v);
  }
  return dups;
}

describe('systems', () => {
  it('has the 23 subsystems with fixed ids and encodes', () => {
    expect(SYSTEMS.map((s) => [s.id, s.encode])).toEqual([
      [100, 'sysclient'],
      [101, 'lighting'],
      [102, 'pole'],
      [103, 'gis'],
      [104, 'dashboard'],
      [105, 'ops'],
      [106, 'command'],
      [107, 'energy'],
      [108, 'manhole'],
      [109, 'app'],
      [110, 'landscape'],
      [111, 'video'],
      [112, 'broadcast'],
      [113, 'screen'],
      [114, 'sensor'],
      [115, 'wifi'],
      [116, 'charging'],
      [117, 'cable'],
      [118, 'sewage'],
      [119, 'statistics'],
      [120, 'dispatch'],
      [121, 'mapScreen'],
      [122, 'sys'],
    ]);
  });

  it('has unique ids, encodes and order numbers, and names in both languages', () => {
    expect(duplicates(SYSTEMS.map((s) => String(s.id)))).toEqual([]);
    expect(duplicates(SYSTEMS.map((s) => s.encode))).toEqual([]);
    expect(duplicates(SYSTEMS.map((s) => String(s.orderNum)))).toEqual([]);
    for (const s of SYSTEMS) {
      expect(s.name, s.encode).toMatch(CJK);
      expect(s.nameEn, s.encode).not.toMatch(CJK);
      expect(s.icon, s.encode).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(s.menus.length, s.encode).toBeGreaterThan(0);
    }
  });

  it('serves the operations monitor itself (url null)', () => {
    expect(SYSTEMS.find((s) => s.encode === 'sys')?.url).toBeNull();
    expect(SYSTEMS.find((s) => s.encode === 'sysclient')?.url).toBeNull();
  });

  it('gives the map screen one C menu at mapScreen', () => {
    const map = SYSTEMS.find((s) => s.id === 121);
    expect(map?.menus).toHaveLength(1);
    expect(map?.menus[0]).toMatchObject({ type: 'C', path: 'mapScreen', component: 'map-screen/index' });
  });
});

describe('menu tree', () => {
  it('has keys unique across every system', () => {
    expect(duplicates(ALL_MENUS.map((m) => m.key))).toEqual([]);
  });

  it('has top-level paths unique across every system, without slashes', () => {
    const top = SYSTEMS.flatMap((s) => s.menus.map((m) => m.path ?? ''));
    expect(duplicates(top)).toEqual([]);
    for (const p of top) expect(p).toMatch(/^[a-zA-Z][a-zA-Z0-9-]*$/);
  });

  it('has sibling paths unique and never writes /web', () => {
    walk(
      SYSTEMS.flatMap((s) => s.menus),
      (m) => {
        const paths = (m.children ?? []).filter((c) => c.type !== 'F').map((c) => c.path ?? '');
        expect(duplicates(paths), m.key).toEqual([]);
        if (m.path) {
          expect(m.path, m.key).not.toMatch(/(^|\/)web(\/|$)/);
          expect(m.path, m.key).not.toMatch(/^\//);
        }
      },
    );
  });

  it('puts M and C only under M or at the top, F only under C', () => {
    walk(
      SYSTEMS.flatMap((s) => s.menus),
      (m, parent) => {
        if (m.type === 'F') expect(parent?.type, m.key).toBe('C');
        else if (parent) expect(parent.type, m.key).toBe('M');
      },
    );
  });

  it('gives every M a path, an icon and children, and no component or perms', () => {
    for (const m of ALL_MENUS.filter((x) => x.type === 'M')) {
      expect(m.path, m.key).toBeTruthy();
      expect(m.icon, m.key).toBeTruthy();
      expect(m.children?.length, m.key).toBeGreaterThan(0);
      expect(m.component, m.key).toBeUndefined();
      expect(m.perms, m.key).toBeUndefined();
    }
  });

  it('gives every C a path, a component and perms ending in the page permission', () => {
    const cs = ALL_MENUS.filter((x) => x.type === 'C');
    expect(cs.length).toBeGreaterThan(100);
    for (const m of cs) {
      expect(m.path, m.key).toBeTruthy();
      expect(m.component, m.key).toMatch(/^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)+$/);
      expect(m.perms, m.key).toMatch(PERMS);
      if (m.visible !== '1') expect(m.perms, m.key).toMatch(/:list$/);
      expect(m.isFrame, m.key).toBeFalsy();
    }
  });

  it('gives every F perms and neither path nor component', () => {
    const fs = ALL_MENUS.filter((x) => x.type === 'F');
    expect(fs.length).toBeGreaterThan(300);
    for (const m of fs) {
      expect(m.perms, m.key).toMatch(PERMS);
      expect(m.path, m.key).toBeUndefined();
      expect(m.component, m.key).toBeUndefined();
      expect(m.children, m.key).toBeUndefined();
    }
  });

  it('keeps F perms on the resource of their C', () => {
    walk(
      SYSTEMS.flatMap((s) => s.menus),
      (m, parent) => {
        if (m.type !== 'F' || !parent?.perms) return;
        const base = parent.perms.split(':').slice(0, 2).join(':');
        expect(m.perms?.startsWith(`${base}:`), m.key).toBe(true);
      },
    );
  });

  it('has every perms string in the module:resource:action format', () => {
    for (const m of ALL_MENUS) if (m.perms !== undefined) expect(m.perms, m.key).toMatch(PERMS);
  });

  it('has names in both languages', () => {
    for (const m of ALL_MENUS) {
      expect(m.name, m.key).toMatch(CJK);
      expect(m.nameEn.trim(), m.key).not.toBe('');
      expect(m.nameEn, m.key).not.toMatch(CJK);
    }
  });

  it('keeps component paths unique', () => {
    const comps = ALL_MENUS.filter((m) => m.component).map((m) => m.component ?? '');
    expect(duplicates(comps)).toEqual([]);
  });

  it('has the five hidden permission-guarded routes', () => {
    const hidden: [string, string, string, string][] = [
      ['system', 'user-auth/role/:userId', 'system/user/auth-role', 'system:user:edit'],
      ['system', 'role-auth/user/:roleId', 'system/role/auth-user', 'system:role:edit'],
      ['system', 'dict-data/index/:dictId', 'system/dict/data', 'system:dict:list'],
      ['monitor', 'job-log/index/:jobId', 'monitor/job/log', 'monitor:job:list'],
      ['tool', 'gen-edit/index/:tableId', 'tool/gen/edit-table', 'tool:gen:edit'],
    ];
    const sysclient = SYSTEMS.find((s) => s.id === 100);
    for (const [catalogue, path, component, perms] of hidden) {
      const parent = sysclient?.menus.find((m) => m.type === 'M' && m.path === catalogue);
      const route = parent?.children?.find((c) => c.path === path);
      expect(route, path).toMatchObject({ type: 'C', visible: '1', component, perms });
    }
    const allHidden = ALL_MENUS.filter((m) => m.visible === '1');
    expect(allHidden).toHaveLength(5);
  });

  it('links API docs through an embedded same-origin page, not an external frame', () => {
    const tool = SYSTEMS[0].menus.find((m) => m.path === 'tool');
    const doc = tool?.children?.find((c) => c.component === 'tool/swagger/index');
    expect(doc).toMatchObject({ type: 'C', path: 'doc' });
    expect(doc?.isFrame).toBeFalsy();
    for (const m of ALL_MENUS) expect(m.path ?? '', m.key).not.toMatch(/^https?:/);
  });

  it('has the admin buttons the spec and contract name', () => {
    const perms = new Set(ALL_MENUS.map((m) => m.perms));
    for (const p of [
      'system:user:list',
      'system:user:add',
      'system:user:edit',
      'system:user:remove',
      'system:user:export',
      'system:user:import',
      'system:user:resetPwd',
      'system:role:edit',
      'system:menu:list',
      'system:dept:list',
      'system:post:list',
      'system:dict:list',
      'system:config:list',
      'system:notice:list',
      'monitor:operlog:list',
      'monitor:logininfor:list',
      'monitor:userlog:list',
      'monitor:devicelog:list',
      'monitor:online:list',
      'monitor:online:forceLogout',
      'monitor:job:list',
      'monitor:job:changeStatus',
      'monitor:druid:list',
      'monitor:server:list',
      'monitor:cache:list',
      'tool:gen:list',
      'tool:gen:edit',
      'tool:gen:code',
      'tool:gen:preview',
      'sysclient:customer:list',
      'sysclient:project:list',
      'sysclient:package:copy',
      'sysclient:system:list',
      'sysclient:platform:list',
      'ops:workOrder:dispatch',
      'ops:workOrder:approval',
    ]) {
      expect(perms.has(p), p).toBe(true);
    }
  });

  it('gives the lighting control screens every control action', () => {
    for (const resource of ['device', 'box', 'branch', 'group', 'singleApply', 'groupApply']) {
      const c = byKey.get(`lighting.${resource}`);
      expect(c, resource).toBeDefined();
      const buttons = new Set((c?.children ?? []).map((f) => f.perms));
      for (const action of CONTROL_ACTIONS) expect(buttons.has(`lighting:${resource}:${action}`), action).toBe(true);
    }
  });

  it('covers every lighting screen of the spec', () => {
    const lighting = flattenMenus(SYSTEMS.find((s) => s.id === 101)?.menus ?? []);
    const components = new Set(lighting.map((m) => m.component));
    for (const page of [
      'device',
      'location',
      'model',
      'group',
      'tag',
      'single-apply',
      'group-apply',
      'strategy',
      'task-log',
      'alarm',
      'alarm-config',
      'runtime-data',
      'runtime-log',
      'param-config',
      'version',
      'upgrade',
      'upgrade-record',
      'file-upload',
      'terminal-config',
      'batch-query',
      'server',
      'lighting-duration',
      'virtual-dimming',
      'light-decay',
    ]) {
      expect(components.has(`lighting/${page}/index`), page).toBe(true);
    }
  });
});

describe('dictionaries', () => {
  it('has unique snake_case types and names in both languages', () => {
    expect(duplicates(DICTS.map((d) => d.type))).toEqual([]);
    for (const d of DICTS) {
      expect(d.type).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/);
      expect(d.name, d.type).toMatch(CJK);
      expect(d.nameEn.trim(), d.type).not.toBe('');
      expect(d.nameEn, d.type).not.toMatch(CJK);
    }
  });

  it('has non-empty, distinct values and both labels on every item', () => {
    for (const d of DICTS) {
      expect(d.items.length, d.type).toBeGreaterThan(0);
      expect(duplicates(d.items.map((i) => i.value)), d.type).toEqual([]);
      expect(duplicates(d.items.map((i) => i.label)), d.type).toEqual([]);
      expect(duplicates(d.items.map((i) => i.labelEn)), d.type).toEqual([]);
      for (const i of d.items) {
        expect(i.value.trim(), d.type).not.toBe('');
        expect(i.label.trim(), `${d.type}.${i.value}`).not.toBe('');
        expect(i.labelEn.trim(), `${d.type}.${i.value}`).not.toBe('');
        expect(i.labelEn, `${d.type}.${i.value}`).not.toMatch(CJK);
        if (i.listClass !== undefined) expect(LIST_CLASSES, `${d.type}.${i.value}`).toContain(i.listClass);
      }
      expect(d.items.filter((i) => i.isDefault).length, d.type).toBeLessThanOrEqual(1);
    }
  });

  it('has the RuoYi standard dictionaries', () => {
    for (const type of [
      'sys_user_sex',
      'sys_normal_disable',
      'sys_show_hide',
      'sys_yes_no',
      'sys_job_status',
      'sys_job_group',
      'sys_notice_type',
      'sys_notice_status',
      'sys_oper_type',
      'sys_common_status',
      'sys_language',
    ]) {
      expect(findDict(type), type).toBeDefined();
    }
    expect(findDict('sys_language')?.items.map((i) => [i.value, i.label, i.labelEn])).toEqual([
      ['zh-CN', '简体中文', 'Simplified Chinese'],
      ['en-US', 'English', 'English'],
    ]);
    expect(findDict('sys_user_sex')?.items.map((i) => i.value)).toEqual(['0', '1', '2']);
    expect(findDict('sys_oper_type')?.items.map((i) => i.value)).toEqual(
      Array.from({ length: 10 }, (_, n) => String(n)),
    );
  });

  const ENUM_DICTS: Record<string, string> = {
    DEVICE_TYPE_CODES: 'lighting_device_type',
    COMMUNICATION_TYPES: 'lighting_comm_type',
    TERMINAL_CONNECTIONS: 'lighting_terminal_connection',
    PHASES: 'lighting_phase',
    METER_CHANNELS: 'lighting_meter_channel',
    SWITCH_MODULE_MODELS: 'lighting_switch_module_model',
    PARAM_TYPES: 'lighting_param_type',
    CONNECT_MODES: 'lighting_connect_mode',
    DIRECTIVE_SCHEMES: 'lighting_directive_scheme',
    RTU_PROTOCOLS: 'lighting_rtu_protocol',
    LORAWAN_BANDS: 'lorawan_band',
    DEVICE_STATES: 'lighting_device_state',
    LAMP_STATES: 'lighting_lamp_state',
    LAMP_STATUS: 'lighting_lamp_status',
    BREAKER_STATES: 'lighting_breaker_state',
    COMMUNICATION_STATES: 'lighting_comm_state',
    RUN_FAULT_STATES: 'lighting_run_fault',
    CONFIG_STATES: 'lighting_config_state',
    LOCATION_STATES: 'lighting_location_state',
    ALARM_GRADES: 'alarm_grade',
    ALARM_TYPES: 'alarm_type',
    LABEL_TYPES: 'alarm_label_type',
    ALARM_CONFIG_TYPES: 'alarm_config_type',
    ALARM_STATES: 'alarm_state',
    CONTROL_ACTIONS: 'lighting_control_action',
    ACTION_TYPES: 'task_action_type',
    OPERATION_TYPES: 'task_operation_type',
    ISSUE_STATES: 'task_issue_state',
    TASK_SOURCES: 'lighting_task_source',
    TASK_STATES: 'task_state',
    RESULT_STATES: 'task_result_state',
    COMMAND_LIFECYCLE: 'task_command_state',
    COMMAND_FAILURE_REASONS: 'lighting_command_failure',
    COMMAND_ACTION_CODES: 'lighting_command_action',
    TIME_MODES: 'strategy_time_mode',
    WEEK_DAYS: 'strategy_week_day',
    UPGRADE_STATES: 'version_upgrade_state',
    MAP_TYPES: 'project_map_type',
    LANGUAGES: 'sys_language',
    TIME_ZONES: 'project_time_zone',
    CUSTOMER_VALIDITY: 'customer_validity',
    PACKAGE_MODES: 'package_mode',
    PACKAGE_PERIODS: 'package_period',
    HOME_PAGES: 'sys_home_page',
    SEX: 'sys_user_sex',
    NORMAL_DISABLE: 'sys_normal_disable',
    SHOW_HIDE: 'sys_show_hide',
    YES_NO: 'sys_yes_no',
    COMMON_STATUS: 'sys_common_status',
    DATA_SCOPES: 'sys_data_scope',
    MENU_TYPES: 'sys_menu_type',
    BUSINESS_TYPES: 'sys_oper_type',
    JOB_STATUS: 'sys_job_status',
    JOB_GROUPS: 'sys_job_group',
    JOB_MISFIRE_POLICIES: 'sys_job_misfire_policy',
    JOB_CONCURRENT: 'sys_job_concurrent',
    NOTICE_TYPES: 'sys_notice_type',
    NOTICE_STATUS: 'sys_notice_status',
    CONSUMABLE_CATEGORIES: 'ops_consumable_category',
    STOCK_IN_TYPES: 'ops_stock_in_type',
    STOCK_OUT_PURPOSES: 'ops_stock_out_purpose',
    STOCK_OUT_STATES: 'ops_stock_out_state',
    MOVEMENT_DIRECTIONS: 'ops_movement_direction',
    APP_PLATFORMS: 'app_platform',
    PUSH_TARGETS: 'app_push_target',
    PUSH_STATES: 'app_push_state',
    FEEDBACK_TYPES: 'app_feedback_type',
    FEEDBACK_STATES: 'app_feedback_state',
  };

  it('has a dictionary for every enumeration', () => {
    const enumNames = Object.entries(enums)
      .filter(([, v]) => Array.isArray(v))
      .map(([k]) => k)
      .sort();
    expect(enumNames).toEqual(Object.keys(ENUM_DICTS).sort());
  });

  it.each(Object.entries(ENUM_DICTS))('dictionary of %s equals the enumeration', (name, type) => {
    const values = (enums as Record<string, unknown>)[name] as readonly (string | { value: number })[];
    const expected = values.map((v) => (typeof v === 'string' ? v : String(v.value)));
    expect(findDict(type)?.items.map((i) => i.value)).toEqual(expected);
  });

  it('has every dictionary backed by an enumeration', () => {
    const backed = new Set(Object.values(ENUM_DICTS));
    expect(DICTS.map((d) => d.type).filter((t) => !backed.has(t))).toEqual([]);
  });

  it('has the 33 alarm configuration types of the spec', () => {
    const spec =
      'PowerDown, BranchAbnormalTurnOff, BranchAbnormalTurnOn, LineLeakage, LampFault, CcuOffline, BoxOffline, ' +
      'CcuInBoxOffline, RtuOffline, CcuInBoxCommunicationFault, RtuTilt, RtuOverVoltage, RtuUnderVoltage, ' +
      'RtuUnderCurrent, BranchOverVoltage, BranchUnderVoltage, BranchOverCurrent, BranchUnderCurrent, RtuRelayFault, ' +
      'RtuCurrentUp, RtuLeakageCurrent, RtuOverTemperature, RtuLampOverTemperature, RtuPowerOverTemperature, ' +
      'RtuPowerInputOvervoltage, RtuPowerInputUndervoltage, RtuPowerOutputOvervoltage, RtuPowerOutputUnloaded, ' +
      'RtuPowerOutputOverload, RtuAbnormalLampBeadModule, RtuFlashingLightMalfunction, RtuPowerLeakage, ' +
      'RtuMainsPowerFailure';
    const list = spec.split(', ');
    expect(list).toHaveLength(33);
    expect([...ALARM_CONFIG_TYPES]).toEqual(list);
    expect(findDict('alarm_config_type')?.items.map((i) => i.value)).toEqual(list);
  });

  it('has the communication types of the spec', () => {
    expect(COMMUNICATION_TYPES.map((c) => `${c.value} ${c.label}`)).toEqual([
      '1 PLC',
      '2 GPRS',
      '3 NB-IOT',
      '4 LORA',
      '5 Ethernet',
      '6 ZIGBEE',
      '7 PLC+RF433',
      '8 Other',
      '9 Wi-Sun',
      '10 Cat.1',
    ]);
  });

  it('has signed whole-hour time zones from -12 to +12', () => {
    expect(TIME_ZONES).toHaveLength(25);
    for (const tz of TIME_ZONES) expect(tz).toMatch(/^[+-](\d|1[0-2])$/);
    expect(TIME_ZONES).toContain('+0');
    expect(TIME_ZONES).not.toContain('-0');
    expect(findDict('project_time_zone')?.items.find((i) => i.value === '+8')).toMatchObject({
      label: 'UTC+8 东八区',
      labelEn: 'UTC+8',
      isDefault: true,
    });
    expect(findDict('project_time_zone')?.items.find((i) => i.value === '-5')?.label).toBe('UTC-5 西五区');
  });

  it('has the LoRaWAN band plans', () => {
    expect([...LORAWAN_BANDS]).toEqual([
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
    ]);
  });

  it('has the spec enumerations with their exact values', () => {
    expect(enums.DEVICE_TYPE_CODES.slice(0, 5)).toEqual(['BOX', 'CCU_IN_BOX', 'CCU', 'RTU', 'LIGHT']);
    expect([...enums.ALARM_GRADES]).toEqual(['dangerous', 'serious', 'urgent', 'ordinary']);
    expect([...enums.ALARM_TYPES]).toEqual(['SYSTEM', 'BOX', 'CCU', 'RTU', 'LUXOMETER']);
    expect([...enums.LABEL_TYPES]).toEqual(['breaker', 'branch', 'rtu']);
    expect([...enums.MAP_TYPES]).toEqual(['gaode', 'baidu', 'tianditu', 'google', 'googleChina']);
    expect([...enums.PARAM_TYPES]).toEqual([
      'connect',
      'run',
      'event',
      'alarm',
      'runAndEvent',
      'latitudeLongitude',
      'decay',
    ]);
    expect([...enums.DIRECTIVE_SCHEMES]).toEqual([
      'BOX_IOT',
      'CCU_IOT',
      'CCU_IN_BOX_IOT',
      'RTU_IOT',
      'RTU_CAT1',
      'RTU_WISUN',
    ]);
    expect([...enums.COMMAND_LIFECYCLE]).toEqual([
      'PENDING',
      'SENT',
      'DELIVERED',
      'SUCCESS',
      'FAILED',
      'TIMEOUT',
      'EXPIRED',
      'CANCELED',
    ]);
    expect([...enums.UPGRADE_STATES]).toEqual(['UPGRADING', 'SUCCESS', 'FAIL', 'BLANK']);
    expect([...enums.ACTION_TYPES]).toEqual(['BREAKER_ON', 'BREAKER_OFF', 'LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING']);
    expect([...enums.DATA_SCOPES]).toEqual(['1', '2', '3', '4', '5']);
    expect([...enums.HOME_PAGES]).toEqual(['Index', 'IndexAirport', 'InfoEditor']);
    expect([...CONTROL_ACTIONS]).toEqual(['on', 'off', 'dimming', 'calling', 'restart', 'timing', 'clockcalling']);
  });

  it('labels every action a command carries and every failure reason a device gives, in both languages', () => {
    const actions = findDict('lighting_command_action');
    expect(actions?.items.map((i) => i.value)).toEqual([...PROTOCOL_ACTIONS]);
    const reasons = findDict('lighting_command_failure');
    expect(reasons?.items.map((i) => i.value)).toContain('NO_RESPONSE');
    for (const item of [...(actions?.items ?? []), ...(reasons?.items ?? [])]) {
      expect(item.label, item.value).toMatch(CJK);
      expect(item.labelEn, item.value).not.toMatch(CJK);
      expect(item.labelEn.length, item.value).toBeGreaterThan(0);
    }
  });
});

describe('seeded duty operator', () => {
  it('holds lighting (with its alarms) and work orders, without deleting, importing or administering', () => {
    const held = (keys: string[]) => keys.filter((key) => operatorHoldsMenu(key));
    expect(held(['lighting', 'lighting.device', 'lighting.device.on', 'lighting.device.query'])).toHaveLength(4);
    expect(held(['lighting-alarm', 'lighting.alarm', 'lighting.alarm.handle', 'ops.workOrder'])).toHaveLength(4);
    expect(
      held([
        'system',
        'system.user',
        'system.config',
        'system.log',
        'monitor.operlog.remove',
        'monitor.logininfor.remove',
        'monitor.online',
        'sysclient.customer',
        'tool.gen',
        'lighting.device.remove',
        'lighting.device.add',
        'lighting.device.import',
        'ops.workOrder.remove',
      ]),
    ).toEqual([]);
    // the keys it is checked against exist in the menu tree
    for (const key of ['lighting.device.on', 'lighting.alarm.handle', 'monitor.operlog.remove', 'ops.workOrder'])
      expect(byKey.has(key), key).toBe(true);
  });
});
