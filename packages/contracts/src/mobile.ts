import { z } from 'zod';
import { auditFields, dateTimeText } from './answers.ts';
import { APP_PLATFORMS, FEEDBACK_STATES, FEEDBACK_TYPES, PUSH_STATES, PUSH_TARGETS } from './enums.ts';
import { flag01, idNumber, optionalText, rule, scalarNumber, text } from './validation.ts';

/* The crews' mobile app (subsystem 109): versions, terminals, push messages, feedback. */

/** The header the app sends with its terminal code on every request. */
export const TERMINAL_HEADER = 'x-terminal-code';

/** The installable package extensions an app version may carry. */
export const APP_PACKAGE_EXTENSIONS = ['apk', 'ipa', 'hap'] as const;

const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional());
const terminalCode = () => text(4, 64).regex(/^[A-Za-z0-9_.:-]+$/, { error: rule('valid.type') });

/* ---------------------------------------------------------------- versions */

export const appVersionBody = z
  .object({
    versionId: optionalId(),
    platform: z.enum(APP_PLATFORMS, { error: rule('valid.enum') }),
    versionCode: z.preprocess(
      scalarNumber,
      z
        .number({ error: rule('valid.type') })
        .int({ error: rule('valid.type') })
        .min(1, { error: rule('valid.range', { min: 1, max: 2_000_000_000 }) })
        .max(2_000_000_000, { error: rule('valid.range', { min: 1, max: 2_000_000_000 }) }),
    ),
    versionName: text(1, 30),
    /** the uploaded package (from /app/version/upload) */
    fileName: optionalText(255),
    /** or where the web app / store page is */
    url: optionalText(500).refine((v) => !v || /^https?:\/\/\S+$/i.test(v), { error: rule('valid.type') }),
    releaseNotes: optionalText(2000),
    forceUpdate: flag01().optional(),
    status: flag01().optional(),
    remark: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (!body.fileName && !body.url) ctx.addIssue({ code: 'custom', path: ['url'], message: rule('valid.required') });
  });
export type AppVersionBody = z.infer<typeof appVersionBody>;

export const appVersionRow = z.looseObject({
  versionId: z.number().int(),
  clientId: z.number().int().nullable(),
  platform: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  releaseNotes: z.string(),
  forceUpdate: z.string(),
  status: z.string(),
  ...auditFields,
});
export type AppVersionRow = z.infer<typeof appVersionRow>;

/** What the app asks at start: the newest published version of its platform, and whether it must update. */
export const latestVersion = z.object({
  versionId: z.number().int(),
  platform: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  releaseNotes: z.string(),
  /** where to get it: the package's download address, or the web app / store address */
  downloadUrl: z.string(),
  forceUpdate: z.boolean(),
  /** the caller's version (when it said) is older than this one */
  updateAvailable: z.boolean(),
});
export type LatestVersion = z.infer<typeof latestVersion>;

/* ---------------------------------------------------------------- terminals */

/** What the app says about itself right after signing in. */
export const terminalRegisterBody = z.object({
  terminalCode: terminalCode(),
  platform: z.enum(APP_PLATFORMS, { error: rule('valid.enum') }),
  deviceModel: optionalText(60),
  osVersion: optionalText(30),
  appVersion: optionalText(30),
});
export type TerminalRegisterBody = z.infer<typeof terminalRegisterBody>;

/** A terminal entered by hand before it is handed to a crew member. */
export const terminalBody = z.object({
  terminalId: optionalId(),
  terminalCode: terminalCode(),
  userId: idNumber(),
  platform: z.enum(APP_PLATFORMS, { error: rule('valid.enum') }),
  deviceModel: optionalText(60),
  /** '1' revoked: its sessions end and it may not sign in */
  status: flag01().optional(),
  remark: optionalText(500),
});
export type TerminalBody = z.infer<typeof terminalBody>;

export const terminalRow = z.looseObject({
  terminalId: z.number().int(),
  clientId: z.number().int().nullable(),
  terminalCode: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  platform: z.string(),
  deviceModel: z.string(),
  osVersion: z.string(),
  appVersion: z.string(),
  userAgent: z.string(),
  ipaddr: z.string(),
  firstSeen: dateTimeText(),
  lastSeen: dateTimeText(),
  /** a session of it is open now */
  online: z.boolean(),
  status: z.string(),
  ...auditFields,
});
export type TerminalRow = z.infer<typeof terminalRow>;

/* ---------------------------------------------------------------- push messages */

export const pushBody = z
  .object({
    pushId: optionalId(),
    title: text(1, 60),
    content: text(1, 1000),
    target: z.enum(PUSH_TARGETS, { error: rule('valid.enum') }),
    /** the users (target USER) or departments / teams (target DEPT) */
    targetIds: z
      .array(idNumber(), { error: rule('valid.type') })
      .max(500, { error: rule('valid.max', { max: 500 }) })
      .optional(),
    /** send at once instead of keeping a draft */
    send: z.boolean().optional(),
    remark: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (body.target !== 'ALL' && !body.targetIds?.length)
      ctx.addIssue({ code: 'custom', path: ['targetIds'], message: rule('valid.required') });
  });
export type PushBody = z.infer<typeof pushBody>;

export const pushRow = z.looseObject({
  pushId: z.number().int(),
  clientId: z.number().int(),
  title: z.string(),
  content: z.string(),
  target: z.string(),
  targetIds: z.array(z.number().int()),
  /** the users or departments by name */
  targetNames: z.string(),
  state: z.string(),
  sentTime: dateTimeText(),
  recipients: z.number().int(),
  readCount: z.number().int(),
  ...auditFields,
});
export type PushRow = z.infer<typeof pushRow>;

/** One message in a crew member's inbox. */
export const inboxRow = z.object({
  pushId: z.number().int(),
  title: z.string(),
  content: z.string(),
  sentTime: dateTimeText(),
  sender: z.string(),
  read: z.boolean(),
});
export type InboxRow = z.infer<typeof inboxRow>;

/* ---------------------------------------------------------------- feedback */

export const feedbackSubmitBody = z.object({
  feedbackType: z.enum(FEEDBACK_TYPES, { error: rule('valid.enum') }),
  content: text(1, 1000),
  contact: optionalText(60),
  /** a photo uploaded through /common/upload */
  image: optionalText(255),
  appVersion: optionalText(30),
  terminalCode: z.preprocess((v) => (v === '' ? undefined : v), terminalCode().optional()),
});
export type FeedbackSubmitBody = z.infer<typeof feedbackSubmitBody>;

export const feedbackHandleBody = z.object({
  feedbackId: idNumber(),
  reply: text(1, 1000),
});
export type FeedbackHandleBody = z.infer<typeof feedbackHandleBody>;

export const feedbackRow = z.looseObject({
  feedbackId: z.number().int(),
  clientId: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  feedbackType: z.string(),
  content: z.string(),
  contact: z.string(),
  image: z.string(),
  appVersion: z.string(),
  terminalCode: z.string(),
  state: z.string(),
  reply: z.string(),
  handleBy: z.string(),
  handleTime: dateTimeText(),
  createTime: dateTimeText(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export { APP_PLATFORMS, FEEDBACK_STATES, FEEDBACK_TYPES, PUSH_STATES, PUSH_TARGETS };
