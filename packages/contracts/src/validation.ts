import { z } from 'zod';
import type { Bilingual, Lang } from './i18n.ts';
import { ADMIN_FIELDS } from './messages/admin.ts';
import { ALARM_FIELDS } from './messages/alarm.ts';
import { DASHBOARD_FIELDS } from './messages/dashboard.ts';
import { GIS_FIELDS } from './messages/gis.ts';
import { LIGHTING_FIELDS } from './messages/lighting.ts';
import { LORAWAN_FIELDS } from './messages/lorawan.ts';
import { MONITOR_FIELDS } from './messages/monitor.ts';
import { STRATEGY_FIELDS } from './messages/strategy.ts';
import { TENANT_FIELDS } from './messages/tenant.ts';
import { MESSAGES, type MessageKey, message } from './messages.ts';

/**
 * Schema helpers whose failures carry a message key; the server turns each failure into
 * "<field label>: <message>" in the request's language, the web shows the same texts.
 */
export function rule(key: MessageKey, params?: Record<string, unknown>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function parseRule(raw: string): { key: MessageKey; params: Record<string, unknown> } | null {
  const bar = raw.indexOf('|');
  const key = (bar < 0 ? raw : raw.slice(0, bar)) as MessageKey;
  if (!(key in MESSAGES)) return null;
  return { key, params: bar < 0 ? {} : (JSON.parse(raw.slice(bar + 1)) as Record<string, unknown>) };
}

/** Labels of the fields that validation messages name. */
export const FIELD_LABELS: Record<string, Bilingual> = {
  username: { 'zh-CN': '账号', 'en-US': 'Account' },
  userName: { 'zh-CN': '用户名称', 'en-US': 'User name' },
  nickName: { 'zh-CN': '用户昵称', 'en-US': 'Nickname' },
  password: { 'zh-CN': '密码', 'en-US': 'Password' },
  confirmPassword: { 'zh-CN': '确认密码', 'en-US': 'Confirm password' },
  oldPassword: { 'zh-CN': '旧密码', 'en-US': 'Old password' },
  newPassword: { 'zh-CN': '新密码', 'en-US': 'New password' },
  code: { 'zh-CN': '验证码', 'en-US': 'Captcha' },
  uuid: { 'zh-CN': '验证码标识', 'en-US': 'Captcha id' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  phonenumber: { 'zh-CN': '手机号码', 'en-US': 'Mobile' },
  sex: { 'zh-CN': '性别', 'en-US': 'Gender' },
  configName: { 'zh-CN': '参数名称', 'en-US': 'Parameter name' },
  configKey: { 'zh-CN': '参数键名', 'en-US': 'Parameter key' },
  configValue: { 'zh-CN': '参数键值', 'en-US': 'Parameter value' },
  configType: { 'zh-CN': '系统内置', 'en-US': 'Built-in' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  pageNum: { 'zh-CN': '页码', 'en-US': 'Page' },
  pageSize: { 'zh-CN': '每页条数', 'en-US': 'Page size' },
  orderByColumn: { 'zh-CN': '排序列', 'en-US': 'Sort column' },
  isAsc: { 'zh-CN': '排序方向', 'en-US': 'Sort direction' },
  systemId: { 'zh-CN': '系统编号', 'en-US': 'System id' },
  ...STRATEGY_FIELDS,
  ...ADMIN_FIELDS,
  ...MONITOR_FIELDS,
  ...TENANT_FIELDS,
  ...LIGHTING_FIELDS,
  ...ALARM_FIELDS,
  ...LORAWAN_FIELDS,
  ...GIS_FIELDS,
  ...DASHBOARD_FIELDS,
};

export function fieldLabel(path: string, lang: Lang): string {
  // an item of a list ('roleIds.1') is named by its list
  const last = path.split('.').findLast((segment) => !/^\d+$/.test(segment)) ?? path;
  return FIELD_LABELS[last]?.[lang] ?? path;
}

/** Renders one failure (rule string from a schema, or zod's own code) in the user's language. */
export function renderIssue(issue: { path: PropertyKey[]; message: string; code?: string }, lang: Lang): string {
  const path = issue.path.map(String).join('.');
  const field = fieldLabel(path, lang);
  const parsed = parseRule(issue.message);
  if (parsed) return message(parsed.key, lang, { field, ...parsed.params });
  if (issue.code === 'invalid_type' && /received undefined/i.test(issue.message))
    return message('valid.required', lang, { field });
  if (issue.code === 'invalid_value') return message('valid.enum', lang, { field });
  return message('valid.type', lang, { field });
}

/**
 * A number sent as a JSON number or a string of digits. Anything else (lists, objects, booleans)
 * is refused: plain coercion would read [[1]] or [1] as 1.
 */
export const scalarNumber = (value: unknown): unknown =>
  typeof value === 'string' ? (value.trim() === '' ? value : Number(value)) : value;

/** A positive whole-number id that fits every id column (at most 2^53 − 1). */
export const idNumber = () =>
  z.preprocess(
    scalarNumber,
    z
      .number({ error: rule('valid.type') })
      .int({ error: rule('valid.type') })
      .positive({ error: rule('valid.type') }),
  );

/** Subsystems are numbered in an integer column: their ids stop at 2^31 − 1. */
export const SYSTEM_ID_MAX = 2_147_483_647;
export const systemIdNumber = () =>
  z.coerce
    .number({ error: rule('valid.type') })
    .int({ error: rule('valid.type') })
    .positive({ error: rule('valid.type') })
    .max(SYSTEM_ID_MAX, { error: rule('valid.type') });
/** A comma-separated list of subsystem ids ('100,101'); nine digits each keep it inside the column. */
export const SYSTEM_ID_LIST = /^\d{1,9}(,\d{1,9})*$/;

/** Required trimmed string of min..max characters. */
export const text = (min: number, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .trim()
    .min(Math.max(min, 1), { error: min <= 1 ? rule('valid.required') : rule('valid.length', { min, max }) })
    .max(max, { error: min <= 1 ? rule('valid.max', { max }) : rule('valid.length', { min, max }) });

/** Optional string of at most max characters; '' allowed. */
export const optionalText = (max: number) =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .max(max, { error: rule('valid.max', { max }) })
    .optional();

export const alnum = (min: number, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .trim()
    .regex(/^[A-Za-z0-9]*$/, { error: rule('valid.alnum') })
    .min(min, { error: rule('valid.alnumLength', { min, max }) })
    .max(max, { error: rule('valid.alnumLength', { min, max }) });

export const phone = () =>
  z
    .string()
    .trim()
    .regex(/^(|1[3-9]\d{9}|\+?[0-9][0-9 -]{5,18})$/, { error: rule('valid.phone') });

export const email = () =>
  z
    .string()
    .trim()
    .max(50, { error: rule('valid.max', { max: 50 }) })
    .regex(/^(|[^\s@]+@[^\s@]+\.[^\s@]+)$/, { error: rule('valid.email') });

export const flag01 = () => z.enum(['0', '1'], { error: rule('valid.enum') });

/** Positive integer of at most 5 digits (spec §5: sort orders and similar). */
export const sortNumber = () =>
  z.coerce
    .number({ error: rule('valid.positiveInt5') })
    .int({ error: rule('valid.positiveInt5') })
    .min(0, { error: rule('valid.positiveInt5') })
    .max(99999, { error: rule('valid.positiveInt5') });

/** Password rules: 5–20 at sign-in (one place of the spec), 6–20 when set. */
export const loginPassword = () => text(5, 20);
export const newPassword = () => text(6, 20);
export const userName = () => text(2, 20);
