import { z } from 'zod';
import {
  CUSTOMER_VALIDITY,
  DATA_SCOPES,
  JOB_CONCURRENT,
  JOB_MISFIRE_POLICIES,
  MENU_TYPES,
  NORMAL_DISABLE,
  NOTICE_TYPES,
  PACKAGE_MODES,
  PACKAGE_PERIODS,
  SEX,
  SHOW_HIDE,
  YES_NO,
} from './enums.ts';
import { SERVER_PROTOCOLS } from './lighting.ts';

/**
 * What the routes answer, in the RuoYi envelopes: `{code,msg,rows,total}` for a list and
 * `{code,msg,data}` for one record. Declared on the routes (so the API documentation shows the
 * answers) and imported by the web as types. Every answer may also be a refusal `{code,msg}`
 * (the error handler answers in the route's envelope), hence the optional payloads.
 *
 * Row schemas are loose: a row may carry more than is listed (answers are never stripped of
 * fields a screen reads), but what is listed is checked when the answer is written.
 */

/** A date-time as the screens show it: 'yyyy-MM-dd HH:mm:ss' in the server's zone. */
export const dateTimeText = () => z.string().nullable();

/** The audit fields every admin row carries. */
export const auditFields = {
  createBy: z.string(),
  createTime: dateTimeText(),
  updateBy: z.string(),
  updateTime: dateTimeText(),
  remark: z.string(),
};

/** A page of rows: `{code,msg,rows,total}`. */
export const tableOf = <T extends z.ZodType>(row: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    rows: z.array(row).optional(),
    total: z.number().int().optional(),
  });

/** One record: `{code,msg,data}`. */
export const dataOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data: data.optional() });

/** A bare acknowledgement: `{code,msg}`. */
export const okAnswer = z.object({ code: z.number().int(), msg: z.string() });

export type TableAnswer<T> = { code: number; msg: string; rows: T[]; total: number };
export type DataAnswer<T> = { code: number; msg: string; data: T };

/** '0' normal, '1' disabled (dictionary sys_normal_disable). */
const normalDisable = () => z.enum(NORMAL_DISABLE);

/* ---------------------------------------------------------------- system */

export const postRow = z.looseObject({
  postId: z.number().int(),
  clientId: z.number().int().nullable(),
  postCode: z.string(),
  postName: z.string(),
  postSort: z.number().int(),
  status: normalDisable(),
  ...auditFields,
});
export type PostRow = z.infer<typeof postRow>;

/* ---------------------------------------------------------------- lighting registry */

export const deviceModelRow = z.looseObject({
  modelId: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  deviceType: z.string(),
  commType: z.number().int(),
  directiveScheme: z.string().nullable(),
  connectMode: z.string().nullable(),
  rtuProtocol: z.string().nullable(),
  lampHeadLimit: z.number().int().nullable(),
  channelCount: z.number().int().nullable(),
  manufacturer: z.string(),
  ...auditFields,
});
export type DeviceModelRow = z.infer<typeof deviceModelRow>;

export const tagRow = z.looseObject({
  tagId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** devices carrying the tag */
  deviceCount: z.number().int(),
  ...auditFields,
});
export type TagRow = z.infer<typeof tagRow>;

export const groupRow = z.looseObject({
  groupId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  groupNo: z.number().int().nullable(),
  /** devices in the group */
  memberCount: z.number().int(),
  ...auditFields,
});
export type GroupRow = z.infer<typeof groupRow>;

export const locationRow = z.looseObject({
  locationId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  /** LOCATED when both coordinates are known, else UNLOCATED (dictionary lighting_location_state) */
  located: z.enum(['LOCATED', 'UNLOCATED']),
  ...auditFields,
});
export type LocationRow = z.infer<typeof locationRow>;

export const serverRow = z.looseObject({
  serverId: z.number().int(),
  /** null for a server shared with every customer */
  clientId: z.number().int().nullable(),
  name: z.string(),
  protocol: z.enum(SERVER_PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  enabled: z.boolean(),
  shared: z.boolean(),
  ...auditFields,
});
export type ServerRow = z.infer<typeof serverRow>;

export const configRow = z.looseObject({
  configId: z.number().int(),
  /** in the reader's language in lists; as stored (zh-CN) in a record read for its form */
  configName: z.string(),
  configNameZh: z.string(),
  configNameEn: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  /** Y built in (cannot be deleted), N user-defined */
  configType: z.enum(YES_NO),
  ...auditFields,
});
export type ConfigRow = z.infer<typeof configRow>;

export const dictTypeRow = z.looseObject({
  dictId: z.number().int(),
  dictName: z.string(),
  dictNameEn: z.string(),
  /** the name in the reader's language */
  title: z.string(),
  dictType: z.string(),
  status: normalDisable(),
  ...auditFields,
});
export type DictTypeRow = z.infer<typeof dictTypeRow>;

export const dictDataRow = z.looseObject({
  dictCode: z.number().int(),
  dictSort: z.number().int(),
  /** the label in the reader's language, beside both stored labels */
  dictLabel: z.string(),
  dictLabelZh: z.string(),
  dictLabelEn: z.string(),
  dictValue: z.string(),
  dictType: z.string(),
  cssClass: z.string(),
  listClass: z.string(),
  isDefault: z.enum(YES_NO),
  status: normalDisable(),
  remark: z.string(),
});
export type DictDataRow = z.infer<typeof dictDataRow>;

export const noticeRow = z.looseObject({
  noticeId: z.number().int(),
  /** null for the platform's own announcements */
  clientId: z.number().int().nullable(),
  noticeTitle: z.string(),
  /** 1 notice, 2 announcement (dictionary sys_notice_type) */
  noticeType: z.enum(NOTICE_TYPES),
  /** sanitized rich text */
  noticeContent: z.string(),
  status: normalDisable(),
  ...auditFields,
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const userRow = z.looseObject({
  userId: z.number().int(),
  /** null for the platform's own users */
  clientId: z.number().int().nullable(),
  deptId: z.number().int().nullable(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  sex: z.enum(SEX),
  avatar: z.string(),
  status: normalDisable(),
  loginIp: z.string(),
  loginDate: dateTimeText(),
  deptName: z.string(),
  ...auditFields,
});
export type UserRow = z.infer<typeof userRow>;

export const roleRow = z.looseObject({
  roleId: z.number().int(),
  /** null for platform roles */
  clientId: z.number().int().nullable(),
  roleName: z.string(),
  roleKey: z.string(),
  roleSort: z.number().int(),
  /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only */
  dataScope: z.enum(DATA_SCOPES),
  menuCheckStrictly: z.boolean(),
  deptCheckStrictly: z.boolean(),
  status: normalDisable(),
  /** the platform administrator role, which cannot be changed */
  admin: z.boolean(),
  ...auditFields,
});
export type RoleRow = z.infer<typeof roleRow>;

export const menuRow = z.looseObject({
  menuId: z.number().int(),
  systemId: z.number().int(),
  menuName: z.string(),
  menuNameEn: z.string(),
  /** the name in the reader's language */
  title: z.string(),
  parentId: z.number().int(),
  orderNum: z.number().int(),
  path: z.string(),
  component: z.string().nullable(),
  query: z.string(),
  routeName: z.string(),
  isFrame: z.enum(['0', '1']),
  isCache: z.enum(['0', '1']),
  menuType: z.enum(MENU_TYPES),
  visible: z.enum(SHOW_HIDE),
  status: normalDisable(),
  perms: z.string(),
  icon: z.string(),
  ...auditFields,
});
export type MenuRow = z.infer<typeof menuRow>;

export const deptRow = z.looseObject({
  deptId: z.number().int(),
  clientId: z.number().int().nullable(),
  parentId: z.number().int(),
  ancestors: z.string(),
  deptName: z.string(),
  deptCode: z.string(),
  orderNum: z.number().int(),
  leader: z.string(),
  phone: z.string(),
  email: z.string(),
  status: normalDisable(),
  ...auditFields,
});
export type DeptRow = z.infer<typeof deptRow>;

/* ---------------------------------------------------------------- logs */

export const loginLogRow = z.looseObject({
  infoId: z.number().int(),
  clientId: z.number().int().nullable(),
  userName: z.string(),
  ipaddr: z.string(),
  loginLocation: z.string(),
  browser: z.string(),
  os: z.string(),
  /** '0' signed in, '1' refused */
  status: z.enum(['0', '1']),
  /** in the reader's language */
  msg: z.string(),
  loginTime: dateTimeText(),
});
export type LoginLogRow = z.infer<typeof loginLogRow>;

export const operLogRow = z.looseObject({
  operId: z.number().int(),
  clientId: z.number().int().nullable(),
  title: z.string(),
  /** 0 other … 9 clean (dictionary sys_oper_type) */
  businessType: z.number().int().min(0).max(9),
  method: z.string(),
  requestMethod: z.string(),
  operName: z.string(),
  deptName: z.string(),
  operUrl: z.string(),
  operIp: z.string(),
  operParam: z.string(),
  jsonResult: z.string(),
  /** 0 succeeded, 1 failed */
  status: z.number().int().min(0).max(1),
  errorMsg: z.string(),
  operTime: dateTimeText(),
  costTime: z.number().int(),
});
export type OperLogRow = z.infer<typeof operLogRow>;

export const deviceLogRow = z.looseObject({
  logId: z.number().int(),
  clientId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  deviceUid: z.string(),
  deviceName: z.string(),
  action: z.string(),
  operName: z.string(),
  requestIp: z.string(),
  method: z.string(),
  headers: z.string(),
  request: z.string(),
  response: z.string(),
  /** 0 succeeded, 1 failed, 2 pending */
  status: z.number().int().min(0).max(2),
  consumeTime: z.number().int().nullable(),
  batchId: z.string(),
  batchCount: z.number().int(),
  createTime: dateTimeText(),
  finishTime: dateTimeText(),
});
export type DeviceLogRow = z.infer<typeof deviceLogRow>;

/* ---------------------------------------------------------------- monitor */

export const jobRow = z.looseObject({
  jobId: z.number().int(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  cronExpression: z.string(),
  misfirePolicy: z.enum(JOB_MISFIRE_POLICIES),
  concurrent: z.enum(JOB_CONCURRENT),
  status: normalDisable(),
  nextFireTime: dateTimeText(),
  lastFireTime: dateTimeText(),
  /** the next fire time of a running job, null for a paused one */
  nextValidTime: dateTimeText(),
  /** a run holds the job's lease now */
  running: z.boolean(),
  ...auditFields,
});
export type JobRow = z.infer<typeof jobRow>;

export const jobLogRow = z.looseObject({
  jobLogId: z.number().int(),
  jobId: z.number().int(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  /** in the reader's language */
  jobMessage: z.string(),
  /** '0' succeeded, '1' failed */
  status: z.enum(['0', '1']),
  exceptionInfo: z.string(),
  triggerType: z.enum(['cron', 'misfire', 'manual']),
  triggerLabel: z.string(),
  node: z.string(),
  fireTime: dateTimeText(),
  startTime: dateTimeText(),
  endTime: dateTimeText(),
  /** milliseconds; null while running */
  costTime: z.number().nullable(),
  createTime: dateTimeText(),
});
export type JobLogRow = z.infer<typeof jobLogRow>;

/* ---------------------------------------------------------------- tenant */

export const packageRow = z.looseObject({
  packageId: z.number().int(),
  packageName: z.string(),
  /** yuan */
  subscriptionPrice: z.number(),
  mode: z.enum(PACKAGE_MODES),
  period: z.enum(PACKAGE_PERIODS).nullable(),
  periodCount: z.number().int(),
  status: normalDisable(),
  systemIds: z.array(z.number().int()),
  systemNames: z.array(z.string()),
  /** subscriptions running on the package now */
  activeSubscriptions: z.number().int(),
  ...auditFields,
});
export type PackageRow = z.infer<typeof packageRow>;

export const subscriptionRow = z.looseObject({
  subscriptionId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  /** yuan */
  price: z.number(),
  startTime: dateTimeText(),
  endTime: dateTimeText(),
  /** '0' in force, '1' cancelled */
  status: normalDisable(),
  state: z.enum(['cancelled', 'pending', 'active', 'ended']),
  daysLeft: z.number().int(),
  ...auditFields,
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

export const subsystemRow = z.looseObject({
  id: z.number().int(),
  systemId: z.number().int(),
  encode: z.string(),
  /** in the reader's language, beside both stored names */
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** a linked system's address; null for a subsystem of this platform */
  url: z.string().nullable(),
  icon: z.string(),
  orderNum: z.number().int(),
  status: normalDisable(),
  builtin: z.boolean(),
  /** linked, or at least one of its menus opens a built screen */
  available: z.boolean(),
  remark: z.string(),
  createTime: dateTimeText(),
  updateTime: dateTimeText(),
});
export type SubsystemRow = z.infer<typeof subsystemRow>;

export const customerRow = z.looseObject({
  id: z.number().int(),
  clientId: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  address: z.string(),
  contacts: z.string(),
  phone: z.string(),
  platformName: z.string(),
  logo: z.string(),
  loginPageBackground: z.string(),
  loginPageLogo: z.string(),
  homeRouter: z.string(),
  operators: z.string(),
  validFrom: dateTimeText(),
  validTo: dateTimeText(),
  validState: z.enum(CUSTOMER_VALIDITY),
  expire: z.boolean(),
  mainUserId: z.number().int().nullable(),
  hasDefaultPassword: z.boolean(),
  status: normalDisable(),
  mainAccount: z.string().nullable(),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  projectCount: z.number().int(),
  userCount: z.number().int(),
  ...auditFields,
});
export type CustomerRow = z.infer<typeof customerRow>;

export const projectRow = z.looseObject({
  id: z.number().int(),
  projectId: z.number().int(),
  clientId: z.number().int(),
  belongClient: z.number().int(),
  clientName: z.string(),
  projectName: z.string(),
  projectCode: z.string(),
  projectShortName: z.string(),
  projectContacts: z.string(),
  projectContactsPhone: z.string(),
  name: z.string(),
  code: z.string(),
  shortName: z.string(),
  city: z.string(),
  address: z.string(),
  /** WGS-84 */
  longitude: z.number(),
  latitude: z.number(),
  mapType: z.string(),
  language: z.string(),
  /** UTC offset in hours as the spec lists it ('+8', '-5') */
  timeZone: z.string(),
  ianaTimeZone: z.string(),
  operate: z.string(),
  commType: z.string(),
  bandStandard: z.string(),
  hasOperatePwd: z.boolean(),
  status: normalDisable(),
  ...auditFields,
});
export type ProjectRow = z.infer<typeof projectRow>;
