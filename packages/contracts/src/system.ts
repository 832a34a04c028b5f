import { z } from 'zod';
import { DATA_SCOPES, MENU_TYPES, NOTICE_TYPES, SEX } from './enums.ts';
import {
  email,
  flag01,
  idNumber,
  newPassword,
  optionalText,
  phone,
  rule,
  sortNumber,
  text,
  userName,
} from './validation.ts';

/**
 * Payloads of the system administration screens (users, roles, menus, departments, posts,
 * dictionary types, notices). Field names follow RuoYi (ADMIN-CONTRACT.md).
 */

const id = idNumber;
const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional());
/** A list of ids, as an array or as the comma-separated string RuoYi screens send; nested lists are refused. */
export const idList = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v),
    z.array(idNumber(), { error: rule('valid.type') }).max(10_000),
  );
const code = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .trim()
    .min(1, { error: rule('valid.required') })
    .max(max, { error: rule('valid.max', { max }) })
    .regex(/^[A-Za-z0-9]+$/, { error: rule('valid.alnum') });
const optionalCode = (max: number) =>
  z
    .string({ error: rule('valid.type') })
    .trim()
    .max(max, { error: rule('valid.max', { max }) })
    .regex(/^[A-Za-z0-9]*$/, { error: rule('valid.alnum') })
    .optional();
const bool = () => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional();

/* ---------------------------------------------------------------- users */

const userFields = {
  nickName: text(1, 30),
  deptId: optionalId(),
  phonenumber: phone().optional(),
  email: email().optional(),
  sex: z.enum(SEX, { error: rule('valid.enum') }).optional(),
  status: flag01().optional(),
  roleIds: idList().optional(),
  postIds: idList().optional(),
  remark: optionalText(500),
};

/**
 * A new user's password: typed by the creator, or left empty for the server to draw a random
 * one, answered once to the creator. Either way the user changes it at first sign-in.
 */
export const userAddBody = z.object({
  userName: userName(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPassword().optional()),
  ...userFields,
});
export type UserAddBody = z.infer<typeof userAddBody>;

/** The account name cannot change after creation; a userName sent with an edit is ignored. */
export const userEditBody = z.object({ userId: id(), userName: z.string().optional(), ...userFields });
export type UserEditBody = z.infer<typeof userEditBody>;

export const userResetPwdBody = z.object({ userId: id(), password: newPassword() });
export const userStatusBody = z.object({ userId: id(), status: flag01() });
export const userAuthRoleBody = z.object({ userId: id(), roleIds: idList().default([]) });

/** One row of a user import, after its cells were read (labels already mapped to codes). */
export const userImportRow = z.object({
  userName: userName(),
  nickName: text(1, 30),
  deptId: optionalId(),
  email: email().optional(),
  phonenumber: phone().optional(),
  sex: z.enum(SEX, { error: rule('valid.enum') }).optional(),
  status: flag01().optional(),
});
export type UserImportRow = z.infer<typeof userImportRow>;

/* ---------------------------------------------------------------- roles */

export const dataScope = () => z.enum(DATA_SCOPES, { error: rule('valid.enum') });

const roleFields = {
  roleName: text(2, 20),
  roleKey: z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .trim()
    .min(2, { error: rule('valid.length', { min: 2, max: 100 }) })
    .max(100, { error: rule('valid.length', { min: 2, max: 100 }) })
    .regex(/^[A-Za-z0-9_:-]+$/, { error: rule('system.role.keyFormat') }),
  roleSort: sortNumber().default(0),
  status: flag01().optional(),
  dataScope: dataScope().optional(),
  menuIds: idList().optional(),
  deptIds: idList().optional(),
  menuCheckStrictly: bool(),
  deptCheckStrictly: bool(),
  remark: optionalText(500),
};
export const roleAddBody = z.object(roleFields);
export const roleEditBody = z.object({ roleId: id(), ...roleFields });
export type RoleEditBody = z.infer<typeof roleEditBody>;
export const roleDataScopeBody = z.object({
  roleId: id(),
  dataScope: dataScope(),
  deptIds: idList().default([]),
  deptCheckStrictly: bool(),
});
export const roleStatusBody = z.object({ roleId: id(), status: flag01() });
export const roleUserBody = z.object({ roleId: id(), userId: id() });
export const roleUsersBody = z.object({ roleId: id(), userIds: idList() });

/* ---------------------------------------------------------------- menus */

/**
 * An optional text of a menu that may come back as null: the menu screen of RuoYi clients sends
 * the row it read, where catalogues and buttons carry `component: null`. Null means "none".
 */
const menuText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), optionalText(max));

const menuFields = {
  menuName: text(1, 50),
  menuNameEn: menuText(100),
  parentId: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(0)
    .default(0),
  systemId: optionalId(),
  orderNum: sortNumber().default(0),
  menuType: z.enum(MENU_TYPES, { error: rule('valid.enum') }),
  path: menuText(200),
  component: menuText(255),
  query: menuText(255),
  routeName: menuText(50),
  isFrame: flag01().default('1'),
  isCache: flag01().default('0'),
  visible: flag01().default('0'),
  status: flag01().default('0'),
  perms: menuText(100),
  icon: menuText(100),
  remark: menuText(500),
};

type MenuShape = { menuType: string; isFrame: string; path?: string };
/** Catalogues and menus need a route address; an external link must be a full http(s) URL. */
const menuRules = (menu: MenuShape, ctx: z.RefinementCtx) => {
  if (menu.menuType !== 'F' && !menu.path)
    ctx.addIssue({ code: 'custom', path: ['path'], message: rule('valid.required') });
  if (menu.menuType !== 'F' && menu.isFrame === '0' && menu.path && !/^https?:\/\/\S+$/i.test(menu.path))
    ctx.addIssue({ code: 'custom', path: ['path'], message: rule('valid.url') });
};
export const menuAddBody = z.object(menuFields).superRefine(menuRules);
export const menuEditBody = z.object({ menuId: id(), ...menuFields }).superRefine(menuRules);
export type MenuAddBody = z.infer<typeof menuAddBody>;

/* ---------------------------------------------------------------- sort order saved after dragging */

/** '3,1,2', [3, 1, 2] or ['3', '1', '2'] → its entries (blank ones dropped). */
const listEntries = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : typeof v === 'number'
      ? [v]
      : v;
const entryNumber = (v: string | number) => (typeof v === 'number' ? v : /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN);
const sortEntries = () =>
  z.preprocess(
    listEntries,
    z
      .array(z.union([z.string(), z.number()]), {
        error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')),
      })
      .min(1, { error: rule('valid.required') })
      .max(10_000, { error: rule('valid.type') }),
  );

type SortEntries = readonly (string | number)[];
const checkSort = (idsKey: string, ids: SortEntries, orderNums: SortEntries, ctx: z.RefinementCtx) => {
  if (!ids.map(entryNumber).every((n) => Number.isSafeInteger(n) && n > 0))
    ctx.addIssue({ code: 'custom', path: [idsKey], message: rule('valid.type') });
  if (!orderNums.map(entryNumber).every((n) => Number.isInteger(n) && n >= 0 && n <= 99_999))
    ctx.addIssue({ code: 'custom', path: ['orderNums'], message: rule('valid.positiveInt5') });
  if (ids.length !== orderNums.length)
    ctx.addIssue({ code: 'custom', path: ['orderNums'], message: rule('system.sortMismatch') });
};

/**
 * The order of siblings saved after dragging them in a tree, as RuoYi clients send it:
 * `{menuIds: "3,1,2", orderNums: "1,2,3"}` (arrays accepted too); the two lists pair up by position.
 */
export const menuSortBody = z
  .object({ menuIds: sortEntries(), orderNums: sortEntries() })
  .superRefine((body, ctx) => checkSort('menuIds', body.menuIds, body.orderNums, ctx));
export const deptSortBody = z
  .object({ deptIds: sortEntries(), orderNums: sortEntries() })
  .superRefine((body, ctx) => checkSort('deptIds', body.deptIds, body.orderNums, ctx));

/** The (id, order) pairs of a validated sort body; a repeated id keeps its last order. */
export function sortPairs(ids: SortEntries, orderNums: SortEntries): Map<number, number> {
  const pairs = new Map<number, number>();
  ids.forEach((id, i) => {
    pairs.set(entryNumber(id), entryNumber(orderNums[i]!));
  });
  return pairs;
}

/* ---------------------------------------------------------------- departments and posts */

const deptFields = {
  parentId: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(0)
    .default(0),
  deptName: text(1, 30),
  deptCode: optionalCode(30),
  orderNum: sortNumber().default(0),
  leader: optionalText(20),
  phone: phone().optional(),
  email: email().optional(),
  status: flag01().optional(),
  remark: optionalText(500),
};
export const deptAddBody = z.object(deptFields);
export const deptEditBody = z.object({ deptId: id(), ...deptFields });
export type DeptAddBody = z.infer<typeof deptAddBody>;

const postFields = {
  postCode: code(64),
  postName: text(1, 50),
  postSort: sortNumber().default(0),
  status: flag01().optional(),
  remark: optionalText(500),
};
export const postAddBody = z.object(postFields);
export const postEditBody = z.object({ postId: id(), ...postFields });

/* ---------------------------------------------------------------- dictionary types */

export const dictTypeCode = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,99}$/, { error: rule('system.dict.typeFormat') });

const dictTypeFields = {
  dictName: text(1, 100),
  dictNameEn: optionalText(100),
  dictType: dictTypeCode(),
  status: flag01().optional(),
  remark: optionalText(500),
};
export const dictTypeAddBody = z.object(dictTypeFields);
export const dictTypeEditBody = z.object({ dictId: id(), ...dictTypeFields });
export type DictTypeAddBody = z.infer<typeof dictTypeAddBody>;

/* ---------------------------------------------------------------- notices */

const noticeFields = {
  noticeTitle: text(1, 50),
  noticeType: z.enum(NOTICE_TYPES, { error: rule('valid.enum') }),
  noticeContent: z
    .string({ error: rule('valid.type') })
    .max(200_000, { error: rule('valid.max', { max: 200_000 }) })
    .optional(),
  status: flag01().optional(),
  remark: optionalText(500),
};
export const noticeAddBody = z.object(noticeFields);
export type NoticeAddBody = z.infer<typeof noticeAddBody>;
export const noticeEditBody = z.object({ noticeId: id(), ...noticeFields });
