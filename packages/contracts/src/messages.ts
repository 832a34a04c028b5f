import { type Bilingual, interpolate, type Lang } from './i18n.ts';
import { ADMIN_MESSAGES } from './messages/admin.ts';
import { ALARM_MESSAGES } from './messages/alarm.ts';
import { DASHBOARD_MESSAGES } from './messages/dashboard.ts';
import { GIS_MESSAGES } from './messages/gis.ts';
import { LIGHTING_MESSAGES } from './messages/lighting.ts';
import { LORAWAN_MESSAGES } from './messages/lorawan.ts';
import { MANHOLE_MESSAGES } from './messages/manhole.ts';
import { MOBILE_MESSAGES } from './messages/mobile.ts';
import { MONITOR_MESSAGES } from './messages/monitor.ts';
import { OPS_MESSAGES } from './messages/ops.ts';
import { STRATEGY_MESSAGES } from './messages/strategy.ts';
import { TENANT_MESSAGES } from './messages/tenant.ts';
import { WAREHOUSE_MESSAGES } from './messages/warehouse.ts';

/**
 * Every message the server sends to users, in both languages. English texts the spec quotes
 * are used verbatim. Keys are stable; the web shares them.
 */
const PLATFORM_MESSAGES = {
  // envelope defaults (spec §8)
  'http.401': { 'zh-CN': '登录状态已过期，请重新登录', 'en-US': 'Login status has expired, please log in again' },
  'http.401.title': { 'zh-CN': '登录失效', 'en-US': 'login is invalid' },
  'http.401.auth': {
    'zh-CN': '认证失败，无法访问系统资源',
    'en-US': 'Authentication failed, unable to access system resources',
  },
  'http.403': { 'zh-CN': '当前操作没有权限', 'en-US': 'No permission for current operation' },
  'http.404': { 'zh-CN': '访问资源不存在', 'en-US': 'Accessed resource does not exist' },
  'http.500': {
    'zh-CN': '系统未知错误，请反馈给管理员',
    'en-US': 'Unknown system error, please report to the administrator',
  },
  'http.405': { 'zh-CN': '请求方法不被支持', 'en-US': 'Request method not supported' },
  'http.413': { 'zh-CN': '请求内容过大', 'en-US': 'Request body too large' },
  'http.429': { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  'http.badJson': { 'zh-CN': '请求内容不是合法的 JSON', 'en-US': 'The request body is not valid JSON' },
  'http.tooDeep': {
    'zh-CN': '请求内容嵌套层级过深（最多{max}层）',
    'en-US': 'The request body is nested too deeply (at most {max} levels)',
  },
  'op.success': { 'zh-CN': '操作成功', 'en-US': 'Operation successful' },
  'op.repeatSubmit': { 'zh-CN': '不允许重复提交，请稍候再试', 'en-US': 'not allowed to repeat submit' },
  'op.repeatSubmitClient': { 'zh-CN': '数据正在处理，请勿重复提交', 'en-US': 'Please do not submit repeatedly' },

  // sign-in (spec §4, §5; ADMIN-CONTRACT)
  'login.success': { 'zh-CN': '登录成功', 'en-US': 'Login successful' },
  'logout.success': { 'zh-CN': '退出成功', 'en-US': 'Logout successful' },
  'login.required': { 'zh-CN': '请填写必填项', 'en-US': 'please fill in the required fields' },
  'login.failed': { 'zh-CN': '用户不存在或密码错误', 'en-US': 'User does not exist or the password is wrong' },
  'login.retryLeft': {
    'zh-CN': '密码输入错误{count}次，再错{left}次账户将被锁定{minutes}分钟',
    'en-US': 'Wrong password {count} times; {left} more and the account is locked for {minutes} minutes',
  },
  'login.locked': {
    'zh-CN': '密码输入错误{count}次，账户锁定{minutes}分钟',
    'en-US': 'Wrong password {count} times, the account is locked for {minutes} minutes',
  },
  'login.userDisabled': { 'zh-CN': '对不起，您的账号已停用', 'en-US': 'Sorry, your account has been disabled' },
  'login.userDeleted': { 'zh-CN': '对不起，您的账号已被删除', 'en-US': 'Sorry, your account has been deleted' },
  'login.blockedIp': { 'zh-CN': '很遗憾，访问IP已被列入系统黑名单', 'en-US': 'Sorry, your IP address is blocked' },
  'login.customerDisabled': { 'zh-CN': '所属客户已停用', 'en-US': 'Your customer account has been disabled' },
  'captcha.expired': { 'zh-CN': '验证码已失效', 'en-US': 'The captcha has expired' },
  'captcha.wrong': { 'zh-CN': '验证码错误', 'en-US': 'The captcha is wrong' },
  'captcha.required': { 'zh-CN': '请输入验证码', 'en-US': 'Please enter the captcha' },
  'register.disabled': { 'zh-CN': '当前系统没有开启注册功能', 'en-US': 'Registration is not enabled on this system' },
  'register.success': { 'zh-CN': '注册成功', 'en-US': 'Registration successful' },
  'register.userExists': {
    'zh-CN': "保存用户'{userName}'失败，注册账号已存在",
    'en-US': "Cannot save user '{userName}': the account already exists",
  },
  'password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'the two entered passwords do not match' },
  'password.oldWrong': {
    'zh-CN': '修改密码失败，旧密码错误',
    'en-US': 'Password change failed: the old password is wrong',
  },
  'password.sameAsOld': { 'zh-CN': '新密码不能与旧密码相同', 'en-US': 'The new password must differ from the old one' },
  'password.mustChange': { 'zh-CN': '请先修改初始密码', 'en-US': 'Please change your initial password first' },
  'session.forcedOut': { 'zh-CN': '您已被管理员强制退出', 'en-US': 'You were signed out by an administrator' },

  // tenancy and subsystems (spec §6)
  'tenant.allNotAllowed': {
    'zh-CN': '只有平台用户可以查看全部客户',
    'en-US': 'Only platform users may view all customers',
  },
  'tenant.customerRequired': { 'zh-CN': '请先选择客户', 'en-US': 'Please choose a customer first' },
  'tenant.customerExpired': { 'zh-CN': '客户已过期，请选择其他客户', 'en-US': 'customer expired, choose another' },
  'tenant.clientBeforeProject': {
    'zh-CN': '选择项目前必须先选择客户',
    'en-US': 'A client must be selected before choosing a project',
  },
  'tenant.noProjects': { 'zh-CN': '没有可用的项目', 'en-US': 'no projects available' },
  'system.noPermission': {
    'zh-CN': '权限限制，无法进入该子系统',
    'en-US': 'Permission restriction, cannot enter this subsystem',
  },
  'system.disabled': { 'zh-CN': '系统已被禁用', 'en-US': 'System has been disabled' },

  // validation (spec §5)
  'valid.required': { 'zh-CN': '{field}不能为空', 'en-US': '{field} cannot be empty' },
  'valid.length': {
    'zh-CN': '{field}长度必须在{min}到{max}个字符之间',
    'en-US': '{field} must be {min} to {max} characters long',
  },
  'valid.max': { 'zh-CN': '{field}不能超过{max}个字符', 'en-US': '{field} cannot exceed {max} characters' },
  'valid.max40': { 'zh-CN': '不能超过40个字符', 'en-US': 'Cannot exceed 40 characters' },
  'valid.alnum': { 'zh-CN': '只能输入数字和字母', 'en-US': 'Only numbers and letters allowed' },
  'valid.alnumLength': {
    'zh-CN': '{field}只能是{min}到{max}位字母和数字',
    'en-US': '{field} must be {min} to {max} letters and digits only',
  },
  'valid.positiveInt5': {
    'zh-CN': '{field}必须是不超过5位的正整数',
    'en-US': '{field} must be a positive integer of at most 5 digits',
  },
  'valid.phone': { 'zh-CN': '手机号码格式不正确', 'en-US': 'Invalid Phone Number Format' },
  'valid.email': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Invalid email address' },
  'valid.enum': { 'zh-CN': '{field}的取值不在允许范围内', 'en-US': '{field} is not one of the allowed values' },
  'valid.type': { 'zh-CN': '{field}格式不正确', 'en-US': '{field} has the wrong format' },
  'valid.range': { 'zh-CN': '{field}必须在{min}到{max}之间', 'en-US': '{field} must be between {min} and {max}' },
  'valid.nul': { 'zh-CN': '{field}不能包含空字符', 'en-US': '{field} cannot contain NUL characters' },
  'valid.outOfRange': {
    'zh-CN': '请求中的数值超出允许范围',
    'en-US': 'A number in the request is out of the allowed range',
  },
  'valid.badText': {
    'zh-CN': '请求中含有无法保存的字符',
    'en-US': 'The request contains characters that cannot be stored',
  },
  'valid.noChinese': { 'zh-CN': '{field}不能包含中文字符', 'en-US': '{field} cannot contain Chinese characters' },
  'valid.url': {
    'zh-CN': '外链地址必须以 http:// 或 https:// 开头',
    'en-US': 'External links must start with http:// or https://',
  },
  'valid.packageRequired': { 'zh-CN': '套餐不能为空', 'en-US': 'Package cannot be empty' },
  'valid.selectOneUser': { 'zh-CN': '只能选择1个用户！', 'en-US': 'Can only select 1 user!' },
  'valid.channel': {
    'zh-CN': '不在11-27范围内，请重新输入',
    'en-US': 'not within the range of 11-27, please re-enter',
  },
  'valid.panid': { 'zh-CN': 'PANID必须在1-65534之间', 'en-US': 'PANID must be between 1 and 65534' },
  'valid.sortColumn': { 'zh-CN': '不支持按{field}排序', 'en-US': 'Sorting by {field} is not supported' },
  'valid.bandRequired': {
    'zh-CN': 'LoRaWAN 项目必须选择频段标准',
    'en-US': 'A band standard is required for LoRaWAN projects',
  },

  // admin generic
  'config.builtinDelete': {
    'zh-CN': '内置参数【{key}】不能删除',
    'en-US': 'Built-in parameter [{key}] cannot be deleted',
  },
  'config.keyExists': {
    'zh-CN': "新增参数'{name}'失败，参数键名已存在",
    'en-US': "Cannot add parameter '{name}': the key already exists",
  },
  'upload.formatWrong': { 'zh-CN': '文件格式不正确', 'en-US': 'Incorrect file format' },
  'upload.tooLarge': { 'zh-CN': '上传文件大小不能超过{size}', 'en-US': 'The file cannot be larger than {size}' },
  'upload.failed': { 'zh-CN': '上传文件失败，请重试', 'en-US': 'Upload file failed, please try again' },
  'upload.required': { 'zh-CN': '请先上传文件', 'en-US': 'please upload the file first' },
  'upload.notMultipart': {
    'zh-CN': '请以 multipart/form-data 表单上传文件',
    'en-US': 'Send the file as a multipart/form-data form',
  },
  'upload.malformed': { 'zh-CN': '上传内容不完整或格式错误', 'en-US': 'The upload is incomplete or malformed' },
  'download.illegalName': { 'zh-CN': '文件名称非法，不允许下载', 'en-US': 'Illegal file name, download refused' },
  'download.notOwnExport': {
    'zh-CN': '只能删除自己导出的临时文件',
    'en-US': 'Only your own temporary export files can be deleted',
  },
  'download.failed': {
    'zh-CN': '下载数据出现错误，请稍后再试',
    'en-US': 'Data downloading exception, please try again later',
  },
  'online.self': { 'zh-CN': '不能强退当前会话', 'en-US': 'You cannot force your own session out' },
} as const satisfies Record<string, Bilingual>;

export const MESSAGES = {
  ...PLATFORM_MESSAGES,
  ...ADMIN_MESSAGES,
  ...MONITOR_MESSAGES,
  ...TENANT_MESSAGES,
  ...LIGHTING_MESSAGES,
  ...MANHOLE_MESSAGES,
  ...OPS_MESSAGES,
  ...STRATEGY_MESSAGES,
  ...ALARM_MESSAGES,
  ...LORAWAN_MESSAGES,
  ...WAREHOUSE_MESSAGES,
  ...MOBILE_MESSAGES,
  ...GIS_MESSAGES,
  ...DASHBOARD_MESSAGES,
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, lang: Lang, params?: Record<string, unknown>): string {
  return interpolate(MESSAGES[key][lang], params);
}
