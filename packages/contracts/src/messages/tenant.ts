import type { Bilingual } from '../i18n.ts';

/** Messages of customers, projects, packages, subscriptions, subsystems. Keys are prefixed by their area. */
export const TENANT_MESSAGES = {
  // customers
  'tenant.codeRequired': { 'zh-CN': '客户编码不能为空', 'en-US': 'Customer code cannot be empty' },
  'tenant.codeExists': { 'zh-CN': "客户编码'{code}'已存在", 'en-US': "Customer code '{code}' already exists" },
  'tenant.validRange': {
    'zh-CN': '有效期结束时间不能早于开始时间',
    'en-US': 'The end of the validity period cannot be before its start',
  },
  'tenant.homeRouterFormat': {
    'zh-CN': '首页路由地址必须以 / 或 http(s):// 开头',
    'en-US': 'The homepage address must start with / or http(s)://',
  },
  'tenant.mainAccountExists': {
    'zh-CN': "主账号'{userName}'已存在",
    'en-US': "Main account '{userName}' already exists",
  },
  'tenant.clientHasProjects': {
    'zh-CN': "客户'{name}'下存在项目，不允许删除",
    'en-US': "Customer '{name}' still has projects and cannot be deleted",
  },
  'tenant.customerAdminRole': { 'zh-CN': '客户管理员', 'en-US': 'Customer administrator' },

  // projects
  'tenant.project.codeExists': { 'zh-CN': "项目编码'{code}'已存在", 'en-US': "Project code '{code}' already exists" },
  'tenant.project.operateLength': {
    'zh-CN': '{field}长度必须小于20个字符',
    'en-US': '{field} must be under 20 characters',
  },
  'tenant.project.ianaInvalid': { 'zh-CN': '{field}不是有效的时区', 'en-US': '{field} is not a valid time zone' },
  'tenant.project.required': { 'zh-CN': '请先选择项目', 'en-US': 'Please choose a project first' },
  'tenant.project.operatePwdWrong': {
    'zh-CN': '操作密码错误，还可尝试{left}次',
    'en-US': 'Wrong operation password, {left} attempts left',
  },
  'tenant.project.operatePwdLocked': {
    'zh-CN': '操作密码错误次数过多，请{minutes}分钟后再试',
    'en-US': 'Too many wrong operation passwords, please try again in {minutes} minutes',
  },

  // packages and subscriptions
  'tenant.package.nameExists': { 'zh-CN': "套餐名称'{name}'已存在", 'en-US': "Package name '{name}' already exists" },
  'tenant.package.priceFormat': {
    'zh-CN': '{field}必须是0到99999999.99元之间、最多两位小数的金额',
    'en-US': '{field} must be an amount from 0 to 99999999.99 yuan with at most two decimals',
  },
  'tenant.package.systemsRequired': { 'zh-CN': '请至少选择一个子系统', 'en-US': 'Select at least one subsystem' },
  'tenant.package.inUse': {
    'zh-CN': "套餐'{name}'仍有订阅，不能删除",
    'en-US': "Package '{name}' still has subscriptions and cannot be deleted",
  },
  'tenant.package.disabled': { 'zh-CN': "套餐'{name}'已停用", 'en-US': "Package '{name}' is disabled" },
  'tenant.package.copyName': { 'zh-CN': '{name}-副本', 'en-US': '{name} (copy)' },
  'tenant.subscription.endRequired': {
    'zh-CN': '该套餐没有订阅周期，请填写结束时间',
    'en-US': 'This package has no subscription period: enter the end time',
  },
  'tenant.timeRange': { 'zh-CN': '结束时间不能早于开始时间', 'en-US': 'The end time cannot be before the start time' },

  // subsystems and linked systems
  'tenant.system.builtinDelete': {
    'zh-CN': "内置系统'{encode}'不能删除",
    'en-US': "Built-in system '{encode}' cannot be deleted",
  },
  'tenant.system.encodeExists': {
    'zh-CN': "系统编码'{encode}'已存在",
    'en-US': "System encode '{encode}' already exists",
  },
  'tenant.system.builtinEncode': {
    'zh-CN': "内置系统'{encode}'的编码不能修改",
    'en-US': "The encode of built-in system '{encode}' cannot be changed",
  },
  'tenant.system.idExists': { 'zh-CN': '系统编号{id}已存在', 'en-US': 'System id {id} already exists' },
  'tenant.system.hasMenus': {
    'zh-CN': "系统'{name}'下存在菜单，不能删除",
    'en-US': "System '{name}' still has menus and cannot be deleted",
  },
} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const TENANT_FIELDS: Record<string, Bilingual> = {
  // customers
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  shortName: { 'zh-CN': '简称', 'en-US': 'Short name' },
  address: { 'zh-CN': '地址', 'en-US': 'Address' },
  contacts: { 'zh-CN': '联系人', 'en-US': 'Contacts' },
  phone: { 'zh-CN': '联系电话', 'en-US': 'Phone' },
  platformName: { 'zh-CN': '平台名称', 'en-US': 'Platform name' },
  logo: { 'zh-CN': 'Logo', 'en-US': 'Logo' },
  loginPageBackground: { 'zh-CN': '登录页背景', 'en-US': 'Login page background' },
  loginPageLogo: { 'zh-CN': '登录页Logo', 'en-US': 'Login page logo' },
  homeRouter: { 'zh-CN': '首页路由地址', 'en-US': 'Homepage address' },
  operators: { 'zh-CN': '运营方', 'en-US': 'Operators' },
  validFrom: { 'zh-CN': '有效期开始', 'en-US': 'Valid from' },
  validTo: { 'zh-CN': '有效期结束', 'en-US': 'Valid to' },
  mainAccount: { 'zh-CN': '主账号', 'en-US': 'Main account' },
  defaultPassword: { 'zh-CN': '默认密码', 'en-US': 'Default password' },
  systemIds: { 'zh-CN': '子系统', 'en-US': 'Subsystems' },
  menuIds: { 'zh-CN': '菜单', 'en-US': 'Menus' },
  clientId: { 'zh-CN': '客户', 'en-US': 'Customer' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  // projects
  belongClient: { 'zh-CN': '所属客户', 'en-US': 'Customer' },
  projectId: { 'zh-CN': '项目', 'en-US': 'Project' },
  projectName: { 'zh-CN': '项目名称', 'en-US': 'Project name' },
  projectCode: { 'zh-CN': '项目编码', 'en-US': 'Project code' },
  projectShortName: { 'zh-CN': '项目简称', 'en-US': 'Project short name' },
  city: { 'zh-CN': '城市', 'en-US': 'City' },
  longitude: { 'zh-CN': '经度', 'en-US': 'Longitude' },
  latitude: { 'zh-CN': '纬度', 'en-US': 'Latitude' },
  projectContacts: { 'zh-CN': '联系人', 'en-US': 'Contacts' },
  projectContactsPhone: { 'zh-CN': '联系电话', 'en-US': 'Phone' },
  mapType: { 'zh-CN': '地图类型', 'en-US': 'Map type' },
  language: { 'zh-CN': '默认语言', 'en-US': 'Default language' },
  timeZone: { 'zh-CN': '时区', 'en-US': 'Time zone' },
  ianaTimeZone: { 'zh-CN': 'IANA时区', 'en-US': 'IANA time zone' },
  operate: { 'zh-CN': '操作员', 'en-US': 'Operator' },
  operatePwd: { 'zh-CN': '操作密码', 'en-US': 'Operation password' },
  commType: { 'zh-CN': '通信方式', 'en-US': 'Communication type' },
  bandStandard: { 'zh-CN': '频段标准', 'en-US': 'Band standard' },
  // packages and subscriptions
  packageName: { 'zh-CN': '套餐名称', 'en-US': 'Package name' },
  subscriptionPrice: { 'zh-CN': '订阅价格', 'en-US': 'Subscription price' },
  mode: { 'zh-CN': '订阅方式', 'en-US': 'Subscription mode' },
  period: { 'zh-CN': '订阅周期', 'en-US': 'Subscription period' },
  periodCount: { 'zh-CN': '周期数', 'en-US': 'Period count' },
  packageId: { 'zh-CN': '套餐', 'en-US': 'Package' },
  startTime: { 'zh-CN': '开始时间', 'en-US': 'Start time' },
  endTime: { 'zh-CN': '结束时间', 'en-US': 'End time' },
  // subsystems
  encode: { 'zh-CN': '系统编码', 'en-US': 'System encode' },
  nameEn: { 'zh-CN': '英文名称', 'en-US': 'English name' },
  url: { 'zh-CN': '访问地址', 'en-US': 'URL' },
  icon: { 'zh-CN': '图标', 'en-US': 'Icon' },
  orderNum: { 'zh-CN': '显示顺序', 'en-US': 'Order' },
};
