import { CONTROL_ACTIONS } from '../enums.ts';
import type { MenuSeed, SystemSeed } from './types.ts';

/** Button (F) actions: permission suffix → [zh-CN, en-US]. */
export const BUTTON_ACTIONS = {
  query: ['查询', 'Query'],
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  remove: ['删除', 'Delete'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  copy: ['复制', 'Copy'],
  resetPwd: ['重置密码', 'Reset Password'],
  changeStatus: ['状态修改', 'Change Status'],
  forceLogout: ['强退', 'Force Logout'],
  unlock: ['账户解锁', 'Unlock Account'],
  preview: ['预览代码', 'Preview Code'],
  code: ['生成代码', 'Generate Code'],
  on: ['开灯', 'Turn On'],
  off: ['关灯', 'Turn Off'],
  dimming: ['调光', 'Dimming'],
  calling: ['召测', 'Read State'],
  restart: ['重启', 'Restart'],
  timing: ['校时', 'Sync Clock'],
  clockcalling: ['时钟召测', 'Read Clock'],
  issue: ['下发', 'Issue'],
  cancel: ['取消', 'Cancel'],
  handle: ['处理', 'Handle'],
  dispatch: ['派单', 'Dispatch'],
  approval: ['审批', 'Approve'],
  play: ['播放', 'Play'],
  publish: ['发布', 'Publish'],
} as const satisfies Record<string, readonly [string, string]>;
export type ButtonAction = keyof typeof BUTTON_ACTIONS;

const CRUD: ButtonAction[] = ['query', 'add', 'edit', 'remove'];
const CRUDX: ButtonAction[] = [...CRUD, 'export'];
const CRUDXI: ButtonAction[] = [...CRUDX, 'import'];
const READ: ButtonAction[] = ['query', 'export'];
const CONTROL: ButtonAction[] = [...CONTROL_ACTIONS];

interface PageDef {
  /** route segment, kebab-case */
  path: string;
  name: string;
  nameEn: string;
  icon: string;
  /** permission resource; defaults to the camelCase path */
  resource?: string;
  /** view component; defaults to '<area>/<path>/index' */
  component?: string;
  actions?: readonly ButtonAction[];
  isCache?: boolean;
}

function camel(path: string): string {
  return path.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A C menu with its F buttons; key '<area>.<resource>', perms '<area>:<resource>:list'. */
function page(area: string, def: PageDef): MenuSeed {
  const resource = def.resource ?? camel(def.path);
  const key = `${area}.${resource}`;
  const menu: MenuSeed = {
    key,
    type: 'C',
    name: def.name,
    nameEn: def.nameEn,
    path: def.path,
    component: def.component ?? `${area}/${def.path}/index`,
    perms: `${area}:${resource}:list`,
    icon: def.icon,
  };
  if (def.isCache === false) menu.isCache = false;
  const actions = def.actions ?? [];
  if (actions.length > 0) {
    menu.children = actions.map((action) => ({
      key: `${key}.${action}`,
      type: 'F',
      name: BUTTON_ACTIONS[action][0],
      nameEn: BUTTON_ACTIONS[action][1],
      perms: `${area}:${resource}:${action}`,
    }));
  }
  return menu;
}

/** An M catalogue. */
function catalog(
  key: string,
  path: string,
  name: string,
  nameEn: string,
  icon: string,
  children: MenuSeed[],
): MenuSeed {
  return { key, type: 'M', name, nameEn, path, icon, children };
}

/** A hidden (visible '1') but reachable C route guarded by an existing permission. */
function hiddenRoute(
  key: string,
  path: string,
  component: string,
  perms: string,
  name: string,
  nameEn: string,
  icon: string,
): MenuSeed {
  return { key, type: 'C', name, nameEn, path, component, perms, icon, visible: '1' };
}

/* ================================================================ 100 sysclient */

const SYSCLIENT_MENUS: MenuSeed[] = [
  catalog('system', 'system', '系统管理', 'System', 'setting', [
    page('system', {
      path: 'user',
      name: '用户管理',
      nameEn: 'Users',
      icon: 'user',
      actions: [...CRUDXI, 'resetPwd'],
    }),
    page('system', { path: 'role', name: '角色管理', nameEn: 'Roles', icon: 'team', actions: CRUDX }),
    page('system', { path: 'menu', name: '菜单管理', nameEn: 'Menus', icon: 'menu', actions: CRUD }),
    page('system', { path: 'dept', name: '部门管理', nameEn: 'Departments', icon: 'apartment', actions: CRUD }),
    page('system', { path: 'post', name: '岗位管理', nameEn: 'Positions', icon: 'idcard', actions: CRUDX }),
    page('system', { path: 'dict', name: '字典管理', nameEn: 'Dictionaries', icon: 'book', actions: CRUDX }),
    page('system', { path: 'config', name: '参数设置', nameEn: 'Parameters', icon: 'control', actions: CRUDX }),
    page('system', { path: 'notice', name: '通知公告', nameEn: 'Notices', icon: 'notification', actions: CRUD }),
    catalog('system.log', 'log', '日志管理', 'Logs', 'file-text', [
      page('monitor', {
        path: 'logininfor',
        name: '登录日志',
        nameEn: 'Login Logs',
        icon: 'login',
        actions: ['query', 'remove', 'export', 'unlock'],
      }),
      page('monitor', {
        path: 'operlog',
        name: '操作日志',
        nameEn: 'Operation Logs',
        icon: 'form',
        actions: ['query', 'remove', 'export'],
      }),
      page('monitor', {
        path: 'userlog',
        name: '用户操作日志',
        nameEn: 'User Operation Logs',
        icon: 'solution',
        actions: READ,
      }),
      page('monitor', {
        path: 'devicelog',
        name: '设备操作日志',
        nameEn: 'Device Operation Logs',
        icon: 'profile',
        actions: READ,
      }),
    ]),
    hiddenRoute(
      'system.userAuthRole',
      'user-auth/role/:userId',
      'system/user/auth-role',
      'system:user:edit',
      '分配角色',
      'Assign Roles',
      'user',
    ),
    hiddenRoute(
      'system.roleAuthUser',
      'role-auth/user/:roleId',
      'system/role/auth-user',
      'system:role:edit',
      '分配用户',
      'Assign Users',
      'team',
    ),
    hiddenRoute(
      'system.dictData',
      'dict-data/index/:dictId',
      'system/dict/data',
      'system:dict:list',
      '字典数据',
      'Dictionary Data',
      'book',
    ),
  ]),
  catalog('sysclient', 'sysclient', '客户管理', 'Customers', 'team', [
    page('sysclient', {
      path: 'customer',
      name: '客户管理',
      nameEn: 'Customers',
      icon: 'team',
      actions: [...CRUDX, 'changeStatus'],
    }),
    page('sysclient', {
      path: 'project',
      name: '项目管理',
      nameEn: 'Projects',
      icon: 'project',
      actions: CRUDXI,
    }),
    page('sysclient', {
      path: 'package',
      name: '套餐管理',
      nameEn: 'Packages',
      icon: 'gift',
      actions: [...CRUD, 'copy'],
    }),
    page('sysclient', {
      path: 'subscription',
      name: '客户订阅',
      nameEn: 'Subscriptions',
      icon: 'schedule',
      actions: CRUDX,
    }),
    page('sysclient', {
      path: 'customer-config',
      name: '客户配置',
      nameEn: 'Customer Configuration',
      icon: 'setting',
      actions: ['query', 'edit'],
    }),
    page('sysclient', {
      path: 'customer-info',
      name: '客户信息',
      nameEn: 'Customer Information',
      icon: 'contacts',
      actions: ['query', 'edit'],
    }),
    page('sysclient', {
      path: 'subsystem',
      resource: 'system',
      name: '子系统管理',
      nameEn: 'Sub-systems',
      icon: 'appstore',
      actions: CRUD,
    }),
    page('sysclient', {
      path: 'platform',
      name: '平台设置',
      nameEn: 'Platform Settings',
      icon: 'layout',
      actions: ['query', 'edit'],
    }),
  ]),
  catalog('monitor', 'monitor', '系统监控', 'Monitor', 'monitor', [
    page('monitor', {
      path: 'online',
      name: '在线用户',
      nameEn: 'Online Users',
      icon: 'wifi',
      actions: ['query', 'forceLogout'],
    }),
    page('monitor', {
      path: 'job',
      name: '定时任务',
      nameEn: 'Scheduled Jobs',
      icon: 'schedule',
      actions: [...CRUDX, 'changeStatus'],
    }),
    page('monitor', { path: 'druid', name: '数据监控', nameEn: 'Database Monitor', icon: 'database' }),
    page('monitor', { path: 'server', name: '服务监控', nameEn: 'Server Monitor', icon: 'cloud-server' }),
    page('monitor', { path: 'cache', name: '缓存监控', nameEn: 'Cache Monitor', icon: 'hdd' }),
    hiddenRoute(
      'monitor.jobLog',
      'job-log/index/:jobId',
      'monitor/job/log',
      'monitor:job:list',
      '调度日志',
      'Job Log',
      'schedule',
    ),
  ]),
  catalog('tool', 'tool', '系统工具', 'Tools', 'tool', [
    page('tool', {
      path: 'gen',
      name: '代码生成',
      nameEn: 'Code Generator',
      icon: 'code',
      actions: ['query', 'edit', 'remove', 'import', 'preview', 'code'],
    }),
    page('tool', {
      path: 'doc',
      resource: 'swagger',
      component: 'tool/swagger/index',
      name: '系统接口',
      nameEn: 'API Docs',
      icon: 'api',
    }),
    hiddenRoute(
      'tool.genEdit',
      'gen-edit/index/:tableId',
      'tool/gen/edit-table',
      'tool:gen:edit',
      '修改生成配置',
      'Edit Generation',
      'code',
    ),
  ]),
];

/* ================================================================ 101 lighting */

const LIGHTING_MENUS: MenuSeed[] = [
  catalog('lighting', 'lighting', '设备管理', 'Device Management', 'bulb', [
    page('lighting', {
      path: 'device',
      name: '设备管理',
      nameEn: 'Devices',
      icon: 'bulb',
      actions: [...CRUDXI, ...CONTROL],
    }),
    page('lighting', {
      path: 'box',
      name: '配电箱管理',
      nameEn: 'Distribution Boxes',
      icon: 'hdd',
      actions: [...CRUDXI, ...CONTROL],
    }),
    page('lighting', {
      path: 'branch',
      name: '回路管理',
      nameEn: 'Branches and Loops',
      icon: 'branches',
      actions: [...CRUDX, ...CONTROL],
    }),
    page('lighting', {
      path: 'location',
      name: '位置点管理',
      nameEn: 'Location Points',
      icon: 'environment',
      actions: CRUDXI,
    }),
    page('lighting', { path: 'model', name: '型号管理', nameEn: 'Device Models', icon: 'appstore', actions: CRUDX }),
    page('lighting', {
      path: 'group',
      name: '分组管理',
      nameEn: 'Groups',
      icon: 'cluster',
      actions: [...CRUDX, ...CONTROL],
    }),
    page('lighting', { path: 'tag', name: '标签管理', nameEn: 'Tags', icon: 'tags', actions: CRUD }),
    page('lighting', { path: 'server', name: '服务器管理', nameEn: 'Servers', icon: 'cloud-server', actions: CRUD }),
  ]),
  catalog('lighting-task', 'lighting-task', '任务管理', 'Task Management', 'schedule', [
    page('lighting', {
      path: 'single-apply',
      name: '单设备下发',
      nameEn: 'Single-Device Apply',
      icon: 'send',
      actions: ['query', 'add', 'remove', 'issue', ...CONTROL],
    }),
    page('lighting', {
      path: 'group-apply',
      name: '分组下发',
      nameEn: 'Group Apply',
      icon: 'usergroup-add',
      actions: ['query', 'add', 'remove', 'issue', ...CONTROL],
    }),
    page('lighting', {
      path: 'strategy',
      name: '策略管理',
      nameEn: 'Strategies',
      icon: 'field-time',
      actions: [...CRUDX, 'copy', 'issue'],
    }),
    page('lighting', {
      path: 'virtual-dimming',
      name: '虚拟调光策略',
      nameEn: 'Virtual Dimming Strategies',
      icon: 'sliders',
      actions: [...CRUD, 'issue'],
    }),
    page('lighting', {
      path: 'task-log',
      name: '任务日志',
      nameEn: 'Task Log',
      icon: 'profile',
      actions: [...READ, 'cancel'],
    }),
  ]),
  catalog('lighting-alarm', 'lighting-alarm', '告警管理', 'Alarms', 'alert', [
    page('lighting', {
      path: 'alarm',
      name: '告警数据',
      nameEn: 'Alarm Data',
      icon: 'alert',
      actions: ['query', 'handle', 'remove', 'export'],
    }),
    page('lighting', {
      path: 'alarm-config',
      name: '告警设置',
      nameEn: 'Alarm Settings',
      icon: 'setting',
      actions: [...CRUD, 'issue'],
    }),
  ]),
  catalog('lighting-runtime', 'lighting-runtime', '运行监测', 'Runtime Monitoring', 'line-chart', [
    page('lighting', {
      path: 'monitor-map',
      name: '监控地图',
      nameEn: 'Monitoring Map',
      icon: 'global',
      actions: ['query', ...CONTROL],
    }),
    page('lighting', {
      path: 'runtime-data',
      name: '运行数据',
      nameEn: 'Runtime Data',
      icon: 'line-chart',
      actions: READ,
    }),
    page('lighting', {
      path: 'runtime-log',
      name: '运行日志',
      nameEn: 'Runtime Logs',
      icon: 'file-text',
      actions: READ,
    }),
    page('lighting', {
      path: 'terminal-config',
      name: '终端配置查询',
      nameEn: 'Terminal Configuration Query',
      icon: 'file-search',
      actions: READ,
    }),
    page('lighting', {
      path: 'batch-query',
      name: '批量查询中心',
      nameEn: 'Batch Query Center',
      icon: 'search',
      actions: ['query', 'add', 'export'],
    }),
  ]),
  catalog('lighting-param', 'lighting-param', '参数配置', 'Parameters', 'control', [
    page('lighting', {
      path: 'param-config',
      name: '参数配置中心',
      nameEn: 'Parameter Configuration Center',
      icon: 'control',
      actions: ['query', 'edit', 'issue', 'export'],
    }),
    page('lighting', {
      path: 'light-decay',
      name: '光衰管理',
      nameEn: 'Light Decay',
      icon: 'fall',
      actions: [...CRUD, 'issue'],
    }),
  ]),
  catalog('lighting-version', 'lighting-version', '版本管理', 'Version Management', 'cloud-upload', [
    page('lighting', {
      path: 'version',
      name: '版本查询',
      nameEn: 'Version Search',
      icon: 'search',
      actions: ['query', 'remove', 'export'],
    }),
    page('lighting', {
      path: 'upgrade',
      name: '版本升级',
      nameEn: 'Upgrade',
      icon: 'cloud-sync',
      actions: ['query', 'add', 'cancel'],
    }),
    page('lighting', {
      path: 'upgrade-record',
      name: '升级记录',
      nameEn: 'Upgrade Records',
      icon: 'history',
      actions: READ,
    }),
    page('lighting', {
      path: 'file-upload',
      name: '文件上传',
      nameEn: 'File Upload',
      icon: 'upload',
      actions: ['query', 'add', 'remove'],
    }),
  ]),
  catalog('lighting-stats', 'lighting-stats', '照明统计', 'Lighting Statistics', 'bar-chart', [
    page('lighting', {
      path: 'lighting-duration',
      name: '亮灯时长统计',
      nameEn: 'Lighting Duration',
      icon: 'field-time',
      actions: READ,
    }),
    page('lighting', {
      path: 'lighting-rate',
      name: '亮灯率统计',
      nameEn: 'Lighting Rate',
      icon: 'pie-chart',
      actions: READ,
    }),
    page('lighting', {
      path: 'online-rate',
      name: '在线率统计',
      nameEn: 'Online Rate',
      icon: 'wifi',
      actions: READ,
    }),
  ]),
];

/* ================================================================ 102 … 122 */

const POLE_MENUS: MenuSeed[] = [
  catalog('pole', 'pole', '智慧灯杆', 'Smart Poles', 'column-height', [
    page('pole', { path: 'map', name: '灯杆地图', nameEn: 'Pole Map', icon: 'global', actions: ['query'] }),
    page('pole', { path: 'pole', name: '灯杆管理', nameEn: 'Poles', icon: 'column-height', actions: CRUDXI }),
    page('pole', {
      path: 'device',
      name: '挂载设备',
      nameEn: 'Mounted Devices',
      icon: 'api',
      actions: [...CRUDX, ...CONTROL],
    }),
    page('pole', { path: 'gateway', name: '网关管理', nameEn: 'Gateways', icon: 'gateway', actions: CRUDX }),
    page('pole', { path: 'model', name: '灯杆型号', nameEn: 'Pole Models', icon: 'appstore', actions: CRUD }),
    page('pole', {
      path: 'alarm',
      name: '灯杆告警',
      nameEn: 'Pole Alarms',
      icon: 'alert',
      actions: ['query', 'handle', 'export'],
    }),
    page('pole', { path: 'statistics', name: '灯杆统计', nameEn: 'Pole Statistics', icon: 'bar-chart', actions: READ }),
  ]),
];

const GIS_MENUS: MenuSeed[] = [
  catalog('gis', 'gis', '资产信息', 'Asset Information', 'environment', [
    page('gis', { path: 'map', name: '资产地图', nameEn: 'Asset Map', icon: 'global', actions: ['query'] }),
    page('gis', { path: 'asset', name: '资产台账', nameEn: 'Asset Register', icon: 'database', actions: CRUDXI }),
    page('gis', { path: 'category', name: '资产分类', nameEn: 'Asset Categories', icon: 'partition', actions: CRUD }),
    page('gis', { path: 'road', name: '道路管理', nameEn: 'Roads', icon: 'node-index', actions: CRUDXI }),
    page('gis', {
      path: 'statistics',
      name: '资产统计',
      nameEn: 'Asset Statistics',
      icon: 'bar-chart',
      actions: READ,
    }),
  ]),
];

const DASHBOARD_MENUS: MenuSeed[] = [
  catalog('dashboard', 'dashboard', '数据大屏', 'Dashboards', 'fund', [
    page('dashboard', { path: 'portal', name: '门户首页', nameEn: 'Portal', icon: 'home' }),
    page('dashboard', { path: 'overview', name: '综合大屏', nameEn: 'Overview Dashboard', icon: 'dashboard' }),
    page('dashboard', { path: 'lighting', name: '照明大屏', nameEn: 'Lighting Dashboard', icon: 'bulb' }),
    page('dashboard', { path: 'energy', name: '能耗大屏', nameEn: 'Energy Dashboard', icon: 'thunderbolt' }),
    page('dashboard', { path: 'alarm', name: '告警大屏', nameEn: 'Alarm Dashboard', icon: 'alert' }),
    page('dashboard', {
      path: 'config',
      name: '大屏配置',
      nameEn: 'Dashboard Settings',
      icon: 'setting',
      actions: ['query', 'edit'],
    }),
  ]),
];

const OPS_MENUS: MenuSeed[] = [
  catalog('ops', 'ops', '运维管理', 'Operations and Maintenance', 'tool', [
    page('ops', {
      path: 'work-order',
      name: '工单管理',
      nameEn: 'Work Orders',
      icon: 'file-done',
      actions: [...CRUDX, 'dispatch', 'approval'],
    }),
    page('ops', {
      path: 'my-order',
      name: '我的工单',
      nameEn: 'My Work Orders',
      icon: 'file-text',
      actions: ['query', 'edit'],
    }),
    page('ops', {
      path: 'inspection-plan',
      name: '巡检计划',
      nameEn: 'Inspection Plans',
      icon: 'calendar',
      actions: [...CRUDX, 'dispatch'],
    }),
    page('ops', {
      path: 'inspection',
      name: '巡检记录',
      nameEn: 'Inspection Records',
      icon: 'audit',
      actions: ['query', 'remove', 'export'],
    }),
    page('ops', {
      path: 'assessment',
      name: '考核管理',
      nameEn: 'Assessment',
      icon: 'trophy',
      actions: [...CRUDX, 'approval'],
    }),
    page('ops', { path: 'team', name: '运维班组', nameEn: 'Maintenance Teams', icon: 'team', actions: CRUDX }),
    page('ops', { path: 'statistics', name: '运维统计', nameEn: 'O&M Statistics', icon: 'bar-chart', actions: READ }),
  ]),
  catalog('warehouse', 'warehouse', '仓储管理', 'Warehouse', 'shop', [
    page('ops', { path: 'warehouse', name: '仓库管理', nameEn: 'Warehouses', icon: 'shop', actions: CRUD }),
    page('ops', { path: 'consumable', name: '耗材管理', nameEn: 'Consumables', icon: 'inbox', actions: CRUDXI }),
    page('ops', {
      path: 'stock-in',
      name: '入库管理',
      nameEn: 'Stock In',
      icon: 'import',
      actions: ['query', 'add', 'export'],
    }),
    page('ops', {
      path: 'stock-out',
      name: '出库管理',
      nameEn: 'Stock Out',
      icon: 'export',
      actions: ['query', 'add', 'export', 'approval'],
    }),
    page('ops', { path: 'stock', name: '库存查询', nameEn: 'Stock', icon: 'container', actions: READ }),
  ]),
];

const COMMAND_MENUS: MenuSeed[] = [
  catalog('command', 'command', '指挥中心', 'Command Center', 'aim', [
    page('command', { path: 'map', name: '指挥地图', nameEn: 'Command Map', icon: 'global', actions: ['query'] }),
    page('command', {
      path: 'event',
      name: '事件管理',
      nameEn: 'Events',
      icon: 'thunderbolt',
      actions: [...CRUDX, 'dispatch'],
    }),
    page('command', { path: 'plan', name: '应急预案', nameEn: 'Emergency Plans', icon: 'safety', actions: CRUD }),
    page('command', { path: 'duty', name: '值班管理', nameEn: 'Duty Roster', icon: 'calendar', actions: CRUDX }),
    page('command', {
      path: 'statistics',
      name: '事件统计',
      nameEn: 'Event Statistics',
      icon: 'bar-chart',
      actions: READ,
    }),
  ]),
];

const ENERGY_MENUS: MenuSeed[] = [
  catalog('energy', 'energy', '能耗管理', 'Energy', 'thunderbolt', [
    page('energy', { path: 'overview', name: '能耗概览', nameEn: 'Energy Overview', icon: 'dashboard' }),
    page('energy', { path: 'meter', name: '电表管理', nameEn: 'Electric Meters', icon: 'dashboard', actions: CRUDXI }),
    page('energy', { path: 'reading', name: '抄表数据', nameEn: 'Meter Readings', icon: 'read', actions: READ }),
    page('energy', {
      path: 'analysis',
      name: '能耗分析',
      nameEn: 'Energy Analysis',
      icon: 'line-chart',
      actions: READ,
    }),
    page('energy', { path: 'saving', name: '节能分析', nameEn: 'Energy Savings', icon: 'rise', actions: READ }),
    page('energy', { path: 'report', name: '能耗报表', nameEn: 'Energy Reports', icon: 'table', actions: READ }),
    page('energy', { path: 'price', name: '电价管理', nameEn: 'Tariffs', icon: 'money-collect', actions: CRUD }),
  ]),
];

const MANHOLE_MENUS: MenuSeed[] = [
  catalog('manhole', 'manhole', '智能井盖', 'Smart Manhole Covers', 'safety', [
    page('manhole', { path: 'map', name: '井盖地图', nameEn: 'Manhole Map', icon: 'global', actions: ['query'] }),
    page('manhole', {
      path: 'device',
      name: '井盖管理',
      nameEn: 'Manhole Covers',
      icon: 'safety',
      actions: [...CRUDXI, 'calling'],
    }),
    page('manhole', {
      path: 'alarm',
      name: '井盖告警',
      nameEn: 'Manhole Alarms',
      icon: 'alert',
      actions: ['query', 'handle', 'export'],
    }),
    page('manhole', {
      path: 'statistics',
      name: '井盖统计',
      nameEn: 'Manhole Statistics',
      icon: 'bar-chart',
      actions: READ,
    }),
  ]),
];

const APP_MENUS: MenuSeed[] = [
  catalog('app', 'app', '移动应用', 'Mobile App', 'mobile', [
    page('app', { path: 'version', name: '版本管理', nameEn: 'App Versions', icon: 'cloud-upload', actions: CRUD }),
    page('app', { path: 'terminal', name: '移动终端', nameEn: 'Mobile Terminals', icon: 'mobile', actions: CRUDX }),
    page('app', { path: 'push', name: '消息推送', nameEn: 'Push Messages', icon: 'message', actions: CRUD }),
    page('app', {
      path: 'feedback',
      name: '意见反馈',
      nameEn: 'Feedback',
      icon: 'comment',
      actions: ['query', 'handle', 'remove'],
    }),
  ]),
];

const LANDSCAPE_MENUS: MenuSeed[] = [
  catalog('landscape', 'landscape', '景观照明', 'Landscape Lighting', 'bg-colors', [
    page('landscape', { path: 'map', name: '景观地图', nameEn: 'Landscape Map', icon: 'global', actions: ['query'] }),
    page('landscape', {
      path: 'device',
      name: '景观设备',
      nameEn: 'Landscape Devices',
      icon: 'bulb',
      actions: [...CRUDXI, ...CONTROL],
    }),
    page('landscape', {
      path: 'scene',
      name: '场景管理',
      nameEn: 'Scenes',
      icon: 'picture',
      actions: [...CRUD, 'play'],
    }),
    page('landscape', {
      path: 'program',
      name: '节目管理',
      nameEn: 'Light Shows',
      icon: 'play-square',
      actions: [...CRUD, 'issue'],
    }),
    page('landscape', {
      path: 'strategy',
      name: '定时策略',
      nameEn: 'Schedules',
      icon: 'field-time',
      actions: [...CRUD, 'issue'],
    }),
  ]),
];

const VIDEO_MENUS: MenuSeed[] = [
  catalog('video', 'video', '视频监控', 'Video Surveillance', 'video-camera', [
    page('video', { path: 'live', name: '实时视频', nameEn: 'Live View', icon: 'video-camera', isCache: false }),
    page('video', { path: 'playback', name: '录像回放', nameEn: 'Playback', icon: 'play-circle' }),
    page('video', { path: 'camera', name: '摄像头管理', nameEn: 'Cameras', icon: 'camera', actions: CRUDXI }),
    page('video', { path: 'recorder', name: '录像机管理', nameEn: 'Video Recorders', icon: 'hdd', actions: CRUD }),
    page('video', {
      path: 'snapshot',
      name: '抓拍记录',
      nameEn: 'Snapshots',
      icon: 'picture',
      actions: ['query', 'remove', 'export'],
    }),
  ]),
];

const BROADCAST_MENUS: MenuSeed[] = [
  catalog('broadcast', 'broadcast', '公共广播', 'Public Broadcast', 'sound', [
    page('broadcast', {
      path: 'speaker',
      name: '广播终端',
      nameEn: 'Speakers',
      icon: 'sound',
      actions: [...CRUDX, 'restart'],
    }),
    page('broadcast', {
      path: 'media',
      name: '媒体库',
      nameEn: 'Media Library',
      icon: 'customer-service',
      actions: CRUD,
    }),
    page('broadcast', {
      path: 'task',
      name: '播放任务',
      nameEn: 'Playback Tasks',
      icon: 'schedule',
      actions: [...CRUD, 'play'],
    }),
    page('broadcast', {
      path: 'live',
      name: '实时喊话',
      nameEn: 'Live Announcement',
      icon: 'audio',
      actions: ['play'],
      isCache: false,
    }),
    page('broadcast', { path: 'record', name: '播放记录', nameEn: 'Play Records', icon: 'history', actions: READ }),
  ]),
];

const SCREEN_MENUS: MenuSeed[] = [
  catalog('screen', 'screen', 'LED信息屏', 'LED Screens', 'desktop', [
    page('screen', {
      path: 'device',
      name: '信息屏管理',
      nameEn: 'Screens',
      icon: 'desktop',
      actions: [...CRUDX, 'on', 'off', 'restart'],
    }),
    page('screen', { path: 'material', name: '素材管理', nameEn: 'Materials', icon: 'picture', actions: CRUD }),
    page('screen', {
      path: 'program',
      name: '节目管理',
      nameEn: 'Programs',
      icon: 'play-square',
      actions: [...CRUD, 'publish'],
    }),
    page('screen', {
      path: 'publish',
      name: '发布记录',
      nameEn: 'Publish Records',
      icon: 'history',
      actions: ['query', 'cancel', 'export'],
    }),
  ]),
];

const SENSOR_MENUS: MenuSeed[] = [
  catalog('sensor', 'sensor', '环境传感', 'Environment Sensors', 'experiment', [
    page('sensor', { path: 'realtime', name: '实时数据', nameEn: 'Real-time Data', icon: 'dashboard' }),
    page('sensor', { path: 'history', name: '历史数据', nameEn: 'History', icon: 'line-chart', actions: READ }),
    page('sensor', { path: 'device', name: '传感器管理', nameEn: 'Sensors', icon: 'experiment', actions: CRUDXI }),
    page('sensor', { path: 'gateway', name: '网关管理', nameEn: 'Gateways', icon: 'gateway', actions: CRUDX }),
    page('sensor', { path: 'threshold', name: '阈值设置', nameEn: 'Thresholds', icon: 'sliders', actions: CRUD }),
    page('sensor', {
      path: 'alarm',
      name: '环境告警',
      nameEn: 'Environment Alarms',
      icon: 'alert',
      actions: ['query', 'handle', 'export'],
    }),
  ]),
];

const WIFI_MENUS: MenuSeed[] = [
  catalog('wifi', 'wifi', '无线网络', 'Wi-Fi', 'wifi', [
    page('wifi', {
      path: 'ap',
      name: '无线AP管理',
      nameEn: 'Access Points',
      icon: 'wifi',
      actions: [...CRUDX, 'restart'],
    }),
    page('wifi', { path: 'client', name: '在线终端', nameEn: 'Connected Clients', icon: 'mobile', actions: READ }),
    page('wifi', {
      path: 'portal',
      name: '认证配置',
      nameEn: 'Portal Settings',
      icon: 'safety',
      actions: ['query', 'edit'],
    }),
    page('wifi', {
      path: 'traffic',
      name: '流量统计',
      nameEn: 'Traffic Statistics',
      icon: 'area-chart',
      actions: READ,
    }),
  ]),
];

const CHARGING_MENUS: MenuSeed[] = [
  catalog('charging', 'charging', '充电桩', 'EV Charging', 'car', [
    page('charging', {
      path: 'pile',
      name: '充电桩管理',
      nameEn: 'Charging Piles',
      icon: 'car',
      actions: [...CRUDXI, 'on', 'off', 'restart'],
    }),
    page('charging', {
      path: 'order',
      name: '充电订单',
      nameEn: 'Charging Orders',
      icon: 'account-book',
      actions: READ,
    }),
    page('charging', { path: 'rate', name: '计费规则', nameEn: 'Billing Rules', icon: 'money-collect', actions: CRUD }),
    page('charging', {
      path: 'statistics',
      name: '充电统计',
      nameEn: 'Charging Statistics',
      icon: 'bar-chart',
      actions: READ,
    }),
  ]),
];

const CABLE_MENUS: MenuSeed[] = [
  catalog('cable', 'cable', '电缆防盗', 'Cable Anti-theft', 'lock', [
    page('cable', { path: 'map', name: '防盗地图', nameEn: 'Anti-theft Map', icon: 'global', actions: ['query'] }),
    page('cable', { path: 'device', name: '防盗终端', nameEn: 'Anti-theft Terminals', icon: 'lock', actions: CRUDXI }),
    page('cable', { path: 'line', name: '电缆线路', nameEn: 'Cable Lines', icon: 'node-index', actions: CRUDX }),
    page('cable', {
      path: 'alarm',
      name: '防盗告警',
      nameEn: 'Anti-theft Alarms',
      icon: 'alert',
      actions: ['query', 'handle', 'export'],
    }),
  ]),
];

const SEWAGE_MENUS: MenuSeed[] = [
  catalog('sewage', 'sewage', '污水监测', 'Sewage Monitoring', 'experiment', [
    page('sewage', { path: 'realtime', name: '实时监测', nameEn: 'Real-time Monitoring', icon: 'dashboard' }),
    page('sewage', {
      path: 'station',
      name: '监测站点',
      nameEn: 'Monitoring Stations',
      icon: 'environment',
      actions: CRUDXI,
    }),
    page('sewage', { path: 'history', name: '历史数据', nameEn: 'History', icon: 'line-chart', actions: READ }),
    page('sewage', { path: 'threshold', name: '阈值设置', nameEn: 'Thresholds', icon: 'sliders', actions: CRUD }),
    page('sewage', {
      path: 'alarm',
      name: '超标告警',
      nameEn: 'Exceedance Alarms',
      icon: 'alert',
      actions: ['query', 'handle', 'export'],
    }),
  ]),
];

const STATISTICS_MENUS: MenuSeed[] = [
  catalog('statistics', 'statistics', '统计分析', 'Statistics', 'bar-chart', [
    page('statistics', {
      path: 'device',
      name: '设备统计',
      nameEn: 'Device Statistics',
      icon: 'appstore',
      actions: READ,
    }),
    page('statistics', {
      path: 'lighting-rate',
      name: '亮灯率统计',
      nameEn: 'Lighting Rate',
      icon: 'bulb',
      actions: READ,
    }),
    page('statistics', { path: 'online-rate', name: '在线率统计', nameEn: 'Online Rate', icon: 'wifi', actions: READ }),
    page('statistics', { path: 'fault', name: '故障统计', nameEn: 'Fault Statistics', icon: 'warning', actions: READ }),
    page('statistics', { path: 'alarm', name: '告警统计', nameEn: 'Alarm Statistics', icon: 'alert', actions: READ }),
    page('statistics', {
      path: 'energy',
      name: '能耗统计',
      nameEn: 'Energy Statistics',
      icon: 'thunderbolt',
      actions: READ,
    }),
    page('statistics', { path: 'report', name: '运行报表', nameEn: 'Operation Reports', icon: 'table', actions: READ }),
  ]),
];

const DISPATCH_MENUS: MenuSeed[] = [
  catalog('dispatch', 'dispatch', '调度管理', 'Dispatch', 'deployment-unit', [
    page('dispatch', { path: 'map', name: '调度地图', nameEn: 'Dispatch Map', icon: 'global', actions: ['query'] }),
    page('dispatch', {
      path: 'task',
      name: '调度任务',
      nameEn: 'Dispatch Tasks',
      icon: 'schedule',
      actions: [...CRUDX, 'dispatch'],
    }),
    page('dispatch', { path: 'vehicle', name: '车辆管理', nameEn: 'Vehicles', icon: 'car', actions: CRUDX }),
    page('dispatch', { path: 'staff', name: '人员管理', nameEn: 'Field Staff', icon: 'team', actions: CRUDX }),
    page('dispatch', {
      path: 'track',
      name: '轨迹回放',
      nameEn: 'Track Playback',
      icon: 'node-index',
      actions: ['query'],
    }),
  ]),
];

const MAP_SCREEN_MENUS: MenuSeed[] = [
  {
    key: 'mapScreen.screen',
    type: 'C',
    name: '地图大屏',
    nameEn: 'Map Screen',
    path: 'mapScreen',
    component: 'map-screen/index',
    perms: 'mapScreen:screen:list',
    icon: 'global',
  },
];

const SYS_MENUS: MenuSeed[] = [
  catalog('sys', 'sys', '运维监控', 'Operations Monitor', 'monitor', [
    page('sys', { path: 'overview', name: '平台运行概览', nameEn: 'Platform Overview', icon: 'dashboard' }),
    page('sys', {
      path: 'device-online',
      name: '设备在线监控',
      nameEn: 'Device Connectivity',
      icon: 'wifi',
      actions: READ,
    }),
    page('sys', { path: 'link', name: '通信链路监控', nameEn: 'Communication Links', icon: 'link', actions: READ }),
    page('sys', { path: 'message', name: '消息吞吐监控', nameEn: 'Message Throughput', icon: 'swap', actions: READ }),
    page('sys', { path: 'service', name: '服务状态', nameEn: 'Service Status', icon: 'cloud-server', actions: READ }),
  ]),
];

export const SYSTEMS: SystemSeed[] = [
  {
    id: 100,
    encode: 'sysclient',
    name: '授权与客户管理',
    nameEn: 'Authorization & Customers',
    icon: 'safety-certificate',
    url: null,
    orderNum: 0,
    menus: SYSCLIENT_MENUS,
  },
  {
    id: 101,
    encode: 'lighting',
    name: '智慧照明',
    nameEn: 'Smart Lighting',
    icon: 'bulb',
    url: null,
    orderNum: 1,
    menus: LIGHTING_MENUS,
  },
  {
    id: 102,
    encode: 'pole',
    name: '智慧灯杆',
    nameEn: 'Smart Poles',
    icon: 'column-height',
    url: null,
    orderNum: 2,
    menus: POLE_MENUS,
  },
  {
    id: 103,
    encode: 'gis',
    name: '资产信息(GIS)',
    nameEn: 'Asset Information (GIS)',
    icon: 'environment',
    url: null,
    orderNum: 3,
    menus: GIS_MENUS,
  },
  {
    id: 104,
    encode: 'dashboard',
    name: '数据大屏',
    nameEn: 'Dashboards',
    icon: 'fund',
    url: null,
    orderNum: 4,
    menus: DASHBOARD_MENUS,
  },
  {
    id: 105,
    encode: 'ops',
    name: '运维管理',
    nameEn: 'Operations and Maintenance',
    icon: 'tool',
    url: null,
    orderNum: 5,
    menus: OPS_MENUS,
  },
  {
    id: 106,
    encode: 'command',
    name: '指挥中心',
    nameEn: 'Command Center',
    icon: 'aim',
    url: null,
    orderNum: 6,
    menus: COMMAND_MENUS,
  },
  {
    id: 107,
    encode: 'energy',
    name: '能耗管理',
    nameEn: 'Energy',
    icon: 'thunderbolt',
    url: null,
    orderNum: 7,
    menus: ENERGY_MENUS,
  },
  {
    id: 108,
    encode: 'manhole',
    name: '智能井盖',
    nameEn: 'Smart Manhole Covers',
    icon: 'safety',
    url: null,
    orderNum: 8,
    menus: MANHOLE_MENUS,
  },
  {
    id: 109,
    encode: 'app',
    name: '移动应用',
    nameEn: 'Mobile App',
    icon: 'mobile',
    url: null,
    orderNum: 9,
    menus: APP_MENUS,
  },
  {
    id: 110,
    encode: 'landscape',
    name: '景观照明',
    nameEn: 'Landscape Lighting',
    icon: 'bg-colors',
    url: null,
    orderNum: 10,
    menus: LANDSCAPE_MENUS,
  },
  {
    id: 111,
    encode: 'video',
    name: '视频监控',
    nameEn: 'Video Surveillance',
    icon: 'video-camera',
    url: null,
    orderNum: 11,
    menus: VIDEO_MENUS,
  },
  {
    id: 112,
    encode: 'broadcast',
    name: '公共广播',
    nameEn: 'Public Broadcast',
    icon: 'sound',
    url: null,
    orderNum: 12,
    menus: BROADCAST_MENUS,
  },
  {
    id: 113,
    encode: 'screen',
    name: 'LED信息屏',
    nameEn: 'LED Screens',
    icon: 'desktop',
    url: null,
    orderNum: 13,
    menus: SCREEN_MENUS,
  },
  {
    id: 114,
    encode: 'sensor',
    name: '环境传感',
    nameEn: 'Environment Sensors',
    icon: 'experiment',
    url: null,
    orderNum: 14,
    menus: SENSOR_MENUS,
  },
  {
    id: 115,
    encode: 'wifi',
    name: '无线网络',
    nameEn: 'Wi-Fi',
    icon: 'wifi',
    url: null,
    orderNum: 15,
    menus: WIFI_MENUS,
  },
  {
    id: 116,
    encode: 'charging',
    name: '充电桩',
    nameEn: 'EV Charging',
    icon: 'car',
    url: null,
    orderNum: 16,
    menus: CHARGING_MENUS,
  },
  {
    id: 117,
    encode: 'cable',
    name: '电缆防盗',
    nameEn: 'Cable Anti-theft',
    icon: 'lock',
    url: null,
    orderNum: 17,
    menus: CABLE_MENUS,
  },
  {
    id: 118,
    encode: 'sewage',
    name: '污水监测',
    nameEn: 'Sewage Monitoring',
    icon: 'experiment',
    url: null,
    orderNum: 18,
    menus: SEWAGE_MENUS,
  },
  {
    id: 119,
    encode: 'statistics',
    name: '统计分析',
    nameEn: 'Statistics',
    icon: 'bar-chart',
    url: null,
    orderNum: 19,
    menus: STATISTICS_MENUS,
  },
  {
    id: 120,
    encode: 'dispatch',
    name: '调度管理',
    nameEn: 'Dispatch',
    icon: 'deployment-unit',
    url: null,
    orderNum: 20,
    menus: DISPATCH_MENUS,
  },
  {
    id: 121,
    encode: 'mapScreen',
    name: '地图大屏',
    nameEn: 'Map Screen',
    icon: 'global',
    url: null,
    orderNum: 21,
    menus: MAP_SCREEN_MENUS,
  },
  {
    id: 122,
    encode: 'sys',
    name: '运维监控',
    nameEn: 'Operations Monitor',
    icon: 'monitor',
    url: null,
    orderNum: 22,
    menus: SYS_MENUS,
  },
];

/** Every menu of a tree, parents before children. */
export function flattenMenus(menus: readonly MenuSeed[]): MenuSeed[] {
  return menus.flatMap((m) => [m, ...flattenMenus(m.children ?? [])]);
}
