import { z } from 'zod';
import {
  COMMUNICATION_TYPES,
  LANGUAGES,
  LORAWAN_BANDS,
  MAP_TYPES,
  PACKAGE_MODES,
  PACKAGE_PERIODS,
  TIME_ZONES,
} from './enums.ts';
import { flag01, newPassword, optionalText, phone, rule, sortNumber, text, userName } from './validation.ts';

/* ---------------------------------------------------------------- shared pieces */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm' or 'yyyy-MM-dd HH:mm:ss' in local time; a bare date is the
 * start of the day, or its last second when `endOfDay`. Null when not a real calendar date.
 */
export function parseDateTime(value: string, endOfDay = false): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const timed = m[4] !== undefined;
  const date = new Date(
    y,
    mo - 1,
    d,
    timed ? Number(m[4]) : endOfDay ? 23 : 0,
    timed ? Number(m[5]) : endOfDay ? 59 : 0,
    timed ? Number(m[6] ?? 0) : endOfDay ? 59 : 0,
  );
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  if (timed && (date.getHours() !== Number(m[4]) || date.getMinutes() !== Number(m[5]))) return null;
  return date;
}

const dateTimeText = () =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .refine((v) => parseDateTime(v) !== null, { error: rule('valid.type') });

/** A date-time field: absent keeps the stored value, '' or null clears it. */
const optionalDateTime = () => z.preprocess((v) => (v === '' ? null : v), dateTimeText().nullable().optional());

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const idList = (max: number) =>
  z
    .array(
      z.coerce
        .number({ error: rule('valid.type') })
        .int({ error: rule('valid.type') })
        .positive(),
    )
    .max(max);

const typeOrRequired = (iss: { input?: unknown }) =>
  iss.input === undefined ? rule('valid.required') : rule('valid.type');

/** A number that may arrive as a numeric string (form fields); '' counts as absent. */
const numberField = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
    z.number({ error: typeOrRequired }),
  );

/** A required positive id; numeric strings are accepted, '' counts as absent. */
const requiredId = () =>
  numberField().pipe(
    z
      .number()
      .int({ error: rule('valid.type') })
      .positive({ error: rule('valid.type') }),
  );

/** Customer texts: at most 40 characters ('Cannot exceed 40 characters'). */
const customerText = () =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .max(40, { error: rule('valid.max40') });

const requiredCustomerText = () =>
  z
    .string({ error: typeOrRequired })
    .trim()
    .min(1, { error: rule('valid.required') })
    .max(40, { error: rule('valid.max40') });

const imagePath = () =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .max(255, { error: rule('valid.max', { max: 255 }) });

/* ---------------------------------------------------------------- customers */

export const customerCode = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('tenant.codeRequired') : rule('valid.type')) })
    .trim()
    .min(1, { error: rule('tenant.codeRequired') })
    .max(40, { error: rule('valid.max40') })
    .regex(/^[A-Za-z0-9]*$/, { error: rule('valid.alnum') });

/** A route of this application ('/web/…') or an address of another system. */
export const homeRouter = () =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .max(255, { error: rule('valid.max', { max: 255 }) })
    .regex(/^(|\/\S*|https?:\/\/\S+)$/, { error: rule('tenant.homeRouterFormat') });

const customerFields = {
  code: customerCode(),
  name: requiredCustomerText(),
  shortName: customerText().optional(),
  address: customerText().optional(),
  contacts: customerText().optional(),
  phone: phone().optional(),
  platformName: customerText().optional(),
  logo: imagePath().optional(),
  loginPageBackground: imagePath().optional(),
  loginPageLogo: imagePath().optional(),
  /** platform administrators only */
  homeRouter: homeRouter().optional(),
  operators: customerText().optional(),
  validFrom: optionalDateTime(),
  validTo: optionalDateTime(),
  /** the subsystems chosen for the customer (its packages may grant more) */
  systemIds: idList(200).optional(),
  /** the menus chosen for the customer, within the chosen subsystems; absent = all of them */
  menuIds: idList(5000).optional(),
  status: flag01().optional(),
  remark: optionalText(500),
};

type ValidityInput = { validFrom?: string | null; validTo?: string | null };
const validityInOrder = (v: ValidityInput) => {
  if (!v.validFrom || !v.validTo) return true;
  const from = parseDateTime(v.validFrom);
  const to = parseDateTime(v.validTo, true);
  return !from || !to || from.getTime() <= to.getTime();
};

/** New customer: also creates its main account, department root and customer-admin role. */
export const customerCreateBody = z
  .object({
    ...customerFields,
    mainAccount: userName(),
    defaultPassword: newPassword(),
    /** optional first subscription, starting at validFrom (or now) */
    packageId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  })
  .refine(validityInOrder, { path: ['validTo'], error: rule('tenant.validRange') });
export type CustomerCreateBody = z.infer<typeof customerCreateBody>;

/** Edit: absent fields keep their value; a new default password replaces the stored one. */
export const customerUpdateBody = z
  .object({
    ...customerFields,
    clientId: requiredId(),
    defaultPassword: z.preprocess(blankToUndefined, newPassword().optional()),
  })
  .refine(validityInOrder, { path: ['validTo'], error: rule('tenant.validRange') });
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const customerStatusBody = z.object({
  clientId: requiredId(),
  status: flag01(),
});

/** What a customer administrator edits on the customer configuration screen. */
export const customerConfigBody = z.object({
  platformName: customerText().optional(),
  logo: imagePath().optional(),
  loginPageBackground: imagePath().optional(),
  loginPageLogo: imagePath().optional(),
  operators: customerText().optional(),
});
export type CustomerConfigBody = z.infer<typeof customerConfigBody>;

/* ---------------------------------------------------------------- projects */

/** The communication type value of LoRaWAN projects, which must name a band plan. */
export const LORAWAN_COMM_TYPE = String(COMMUNICATION_TYPES.find((c) => c.label === 'LORA')?.value ?? 4);
const COMM_TYPE_VALUES = COMMUNICATION_TYPES.map((c) => String(c.value)) as [string, ...string[]];

/** Any character of the CJK blocks (the operator name must not contain Chinese). */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * An IANA zone for each whole-hour offset, chosen among zones without daylight saving so that
 * local times keep the offset the project names; an explicit ianaTimeZone overrides it.
 */
export const DEFAULT_IANA_ZONES: Record<(typeof TIME_ZONES)[number], string> = {
  '+0': 'Etc/UTC',
  '+1': 'Africa/Lagos',
  '+2': 'Africa/Johannesburg',
  '+3': 'Europe/Moscow',
  '+4': 'Asia/Dubai',
  '+5': 'Asia/Tashkent',
  '+6': 'Asia/Dhaka',
  '+7': 'Asia/Bangkok',
  '+8': 'Asia/Shanghai',
  '+9': 'Asia/Tokyo',
  '+10': 'Australia/Brisbane',
  '+11': 'Pacific/Guadalcanal',
  '+12': 'Pacific/Tarawa',
  '-1': 'Atlantic/Cape_Verde',
  '-2': 'Etc/GMT+2',
  '-3': 'America/Sao_Paulo',
  '-4': 'America/La_Paz',
  '-5': 'America/Bogota',
  '-6': 'America/Guatemala',
  '-7': 'America/Phoenix',
  '-8': 'Pacific/Pitcairn',
  '-9': 'Pacific/Gambier',
  '-10': 'Pacific/Honolulu',
  '-11': 'Pacific/Pago_Pago',
  '-12': 'Etc/GMT+12',
};

export function isIanaZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const projectFields = {
  /** the customer (platform users choose it; customer users always get their own) */
  belongClient: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  projectName: text(1, 40),
  projectCode: z
    .string({ error: typeOrRequired })
    .trim()
    .min(1, { error: rule('valid.required') })
    .max(40, { error: rule('valid.max', { max: 40 }) })
    .regex(/^[A-Za-z0-9]*$/, { error: rule('valid.alnum') }),
  projectShortName: optionalText(40),
  city: optionalText(40),
  address: optionalText(100),
  /** WGS-84 */
  longitude: numberField().pipe(
    z
      .number()
      .min(-180, { error: rule('valid.range', { min: -180, max: 180 }) })
      .max(180, { error: rule('valid.range', { min: -180, max: 180 }) }),
  ),
  latitude: numberField().pipe(
    z
      .number()
      .min(-90, { error: rule('valid.range', { min: -90, max: 90 }) })
      .max(90, { error: rule('valid.range', { min: -90, max: 90 }) }),
  ),
  projectContacts: optionalText(40),
  projectContactsPhone: phone().optional(),
  mapType: z.enum(MAP_TYPES, { error: rule('valid.enum') }).default('gaode'),
  language: z.enum(LANGUAGES, { error: rule('valid.enum') }).default('zh-CN'),
  timeZone: z.enum(TIME_ZONES, { error: rule('valid.enum') }).default('+8'),
  /** derived from timeZone when absent */
  ianaTimeZone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: rule('valid.type') })
      .trim()
      .refine(isIanaZone, { error: rule('tenant.project.ianaInvalid') })
      .optional(),
  ),
  operate: z
    .string({ error: rule('valid.type') })
    .trim()
    .max(19, { error: rule('tenant.project.operateLength') })
    .refine((v) => !CJK.test(v), { error: rule('valid.noChinese') })
    .optional(),
  /** stored hashed, never returned; absent or '' keeps the current one */
  operatePwd: z.preprocess(blankToUndefined, text(6, 20).optional()),
  /** true removes the operation password */
  removeOperatePwd: z.boolean().optional(),
  commType: z.preprocess(
    (v) => (v === null || v === undefined ? undefined : String(v)),
    z.enum(['', ...COMM_TYPE_VALUES] as [string, ...string[]], { error: rule('valid.enum') }).optional(),
  ),
  bandStandard: z.preprocess(blankToUndefined, z.enum(LORAWAN_BANDS, { error: rule('valid.enum') }).optional()),
  status: flag01().optional(),
  remark: optionalText(500),
};

const bandForLoRaWan = (v: { commType?: string; bandStandard?: string }, ctx: z.RefinementCtx) => {
  if (v.commType === LORAWAN_COMM_TYPE && !v.bandStandard)
    ctx.addIssue({ code: 'custom', path: ['bandStandard'], message: rule('valid.bandRequired') });
};

export const projectCreateBody = z.object(projectFields).superRefine(bandForLoRaWan);
export type ProjectCreateBody = z.infer<typeof projectCreateBody>;

export const projectUpdateBody = z.object({ ...projectFields, projectId: requiredId() }).superRefine(bandForLoRaWan);
export type ProjectUpdateBody = z.infer<typeof projectUpdateBody>;

export const checkOperatePwdBody = z.object({
  /** defaults to the projectId header */
  projectId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  operatePwd: z
    .string({ error: typeOrRequired })
    .min(1, { error: rule('valid.required') })
    .max(50),
});

/* ---------------------------------------------------------------- packages and subscriptions */

const price = () =>
  numberField().pipe(
    z
      .number()
      .min(0, { error: rule('tenant.package.priceFormat') })
      .max(99_999_999.99, { error: rule('tenant.package.priceFormat') })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: rule('tenant.package.priceFormat') }),
  );

const packageFields = {
  packageName: text(2, 40),
  subscriptionPrice: price(),
  mode: z.enum(PACKAGE_MODES, { error: rule('valid.enum') }).default('time'),
  period: z.preprocess(blankToUndefined, z.enum(PACKAGE_PERIODS, { error: rule('valid.enum') }).optional()),
  periodCount: z.preprocess(
    blankToUndefined,
    sortNumber()
      .refine((v) => v >= 1, { error: rule('valid.positiveInt5') })
      .optional(),
  ),
  /** '0' enabled, '1' disabled */
  status: flag01().default('0'),
  systemIds: idList(200).min(1, { error: rule('tenant.package.systemsRequired') }),
  remark: optionalText(500),
};

const periodForTimeMode = (v: { mode: string; period?: string }, ctx: z.RefinementCtx) => {
  if (v.mode === 'time' && !v.period)
    ctx.addIssue({ code: 'custom', path: ['period'], message: rule('valid.required') });
};

export const packageCreateBody = z.object(packageFields).superRefine(periodForTimeMode);
export type PackageCreateBody = z.infer<typeof packageCreateBody>;

export const packageUpdateBody = z.object({ ...packageFields, packageId: requiredId() }).superRefine(periodForTimeMode);
export type PackageUpdateBody = z.infer<typeof packageUpdateBody>;

export const packageCopyBody = z.object({
  packageId: requiredId(),
  /** defaults to '<name> (copy)' */
  packageName: z.preprocess(blankToUndefined, text(2, 40).optional()),
});

const packageRef = () =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: rule('valid.packageRequired') })
      .int({ error: rule('valid.packageRequired') })
      .positive({ error: rule('valid.packageRequired') }),
  );

const subscriptionFields = {
  clientId: requiredId(),
  packageId: packageRef(),
  /** defaults to now */
  startTime: optionalDateTime(),
  /** computed from the package period when absent */
  endTime: optionalDateTime(),
  /** '0' normal, '1' cancelled */
  status: flag01().optional(),
  remark: optionalText(500),
};

const timesInOrder = (v: { startTime?: string | null; endTime?: string | null }) => {
  if (!v.startTime || !v.endTime) return true;
  const from = parseDateTime(v.startTime);
  const to = parseDateTime(v.endTime, true);
  return !from || !to || from.getTime() <= to.getTime();
};

export const subscriptionCreateBody = z
  .object(subscriptionFields)
  .refine(timesInOrder, { path: ['endTime'], error: rule('tenant.timeRange') });
export type SubscriptionCreateBody = z.infer<typeof subscriptionCreateBody>;

export const subscriptionUpdateBody = z
  .object({
    ...subscriptionFields,
    subscriptionId: requiredId(),
  })
  .refine(timesInOrder, { path: ['endTime'], error: rule('tenant.timeRange') });
export type SubscriptionUpdateBody = z.infer<typeof subscriptionUpdateBody>;

/* ---------------------------------------------------------------- subsystems and linked systems */

const subsystemFields = {
  encode: z
    .string({ error: typeOrRequired })
    .trim()
    .min(1, { error: rule('valid.required') })
    .max(40, { error: rule('valid.max', { max: 40 }) })
    .regex(/^[A-Za-z0-9]*$/, { error: rule('valid.alnum') }),
  name: text(1, 50),
  nameEn: optionalText(100),
  /** a linked system's address; empty = served by this application */
  url: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: rule('valid.type') })
      .trim()
      .max(255, { error: rule('valid.max', { max: 255 }) })
      .regex(/^https?:\/\/\S+$/i, { error: rule('valid.url') })
      .nullable()
      .optional(),
  ),
  icon: optionalText(100),
  orderNum: sortNumber().default(0),
  status: flag01().default('0'),
  remark: optionalText(500),
};

export const subsystemCreateBody = z.object({
  ...subsystemFields,
  /** defaults to the next free id */
  systemId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_000_000_000).optional()),
});
export type SubsystemCreateBody = z.infer<typeof subsystemCreateBody>;

export const subsystemUpdateBody = z.object({
  ...subsystemFields,
  systemId: requiredId(),
});
export type SubsystemUpdateBody = z.infer<typeof subsystemUpdateBody>;

/** Encodes the application relies on: the back office, its operations monitor and the map screen. */
export const BUILTIN_SYSTEM_ENCODES = ['sysclient', 'sys', 'mapScreen'] as const;
