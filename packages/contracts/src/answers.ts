import { z } from 'zod';

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

/* ---------------------------------------------------------------- system */

export const postRow = z.looseObject({
  postId: z.number().int(),
  clientId: z.number().int().nullable(),
  postCode: z.string(),
  postName: z.string(),
  postSort: z.number().int(),
  status: z.string(),
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
  protocol: z.string(),
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
  configType: z.string(),
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
  status: z.string(),
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
  isDefault: z.string(),
  status: z.string(),
  remark: z.string(),
});
export type DictDataRow = z.infer<typeof dictDataRow>;

export const noticeRow = z.looseObject({
  noticeId: z.number().int(),
  /** null for the platform's own announcements */
  clientId: z.number().int().nullable(),
  noticeTitle: z.string(),
  /** 1 notice, 2 announcement (dictionary sys_notice_type) */
  noticeType: z.string(),
  /** sanitized rich text */
  noticeContent: z.string(),
  status: z.string(),
  ...auditFields,
});
export type NoticeRow = z.infer<typeof noticeRow>;
