/**
 * Operation and maintenance (subsystem 105): work orders from a fault to a verified fix, the crew's
 * own orders (also the mobile app's screen) and the maintenance teams. Shared by the server's
 * `ops` area and the web screens `ops/work-order`, `ops/my-order`, `ops/team`.
 */
import { z } from 'zod';
import { auditFields, dateTimeText } from './answers.ts';
import { ALARM_GRADES } from './enums.ts';
import { flag01, idNumber, optionalText, rule, text } from './validation.ts';

/** The life cycle of a work order, in order. */
export const WORK_ORDER_STATES = [
  'CREATED',
  'DISPATCHED',
  'ACCEPTED',
  'ON_SITE',
  'RESOLVED',
  'APPROVED',
  'CLOSED',
] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
/** The states in which an order is still open (a device has at most one open order). */
export const OPEN_STATES: readonly WorkOrderState[] = WORK_ORDER_STATES.filter((s) => s !== 'CLOSED');

/** How a closed order ended: done and closed by the dispatcher, verified by the device's telemetry, or cancelled. */
export const WORK_ORDER_OUTCOMES = ['DONE', 'VERIFIED', 'CANCELLED'] as const;
export type WorkOrderOutcome = (typeof WORK_ORDER_OUTCOMES)[number];

/** Where an order came from; ALARM orders are opened by the platform only. */
export const WORK_ORDER_SOURCES = ['MANUAL', 'ALARM', 'INSPECTION', 'CITIZEN'] as const;
export type WorkOrderSource = (typeof WORK_ORDER_SOURCES)[number];
export const HAND_SOURCES = ['MANUAL', 'INSPECTION', 'CITIZEN'] as const;

/** Priorities are the alarm grades, most severe first. */
export const WORK_ORDER_PRIORITIES = ALARM_GRADES;
export type WorkOrderPriority = (typeof ALARM_GRADES)[number];
export const PRIORITY_RANK: Record<WorkOrderPriority, number> = { dangerous: 0, serious: 1, urgent: 2, ordinary: 3 };

/** Steps recorded in an order's history. */
export const WORK_ORDER_ACTIONS = [
  'CREATED',
  'ALARM_JOINED',
  'EDITED',
  'DISPATCHED',
  'ACCEPTED',
  'ARRIVED',
  'PHOTO',
  'PART',
  'RESOLVED',
  'APPROVED',
  'SENT_BACK',
  'CLOSED',
  'VERIFIED',
  'CANCELLED',
] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

/** Photos taken before and after the repair. */
export const PHOTO_KINDS = ['BEFORE', 'AFTER'] as const;

/** What a maintenance team can do. */
export const TEAM_SKILLS = ['LAMP', 'CONTROLLER', 'CABLE', 'CABINET', 'POLE', 'CIVIL', 'HIGH_VOLTAGE'] as const;

/** SLA of one priority: minutes from creation to acceptance and to resolution. */
export interface SlaClock {
  acceptMinutes: number;
  resolveMinutes: number;
}
export interface SlaSettings {
  clocks: Record<WorkOrderPriority, SlaClock>;
  /** how long the device's fault must stay gone before an alarm order closes itself as verified */
  verifyHoldMinutes: number;
}
/** The platform default until a customer saves its own. */
export const DEFAULT_SLA: SlaSettings = {
  clocks: {
    dangerous: { acceptMinutes: 15, resolveMinutes: 120 },
    serious: { acceptMinutes: 30, resolveMinutes: 240 },
    urgent: { acceptMinutes: 60, resolveMinutes: 480 },
    ordinary: { acceptMinutes: 240, resolveMinutes: 1440 },
  },
  verifyHoldMinutes: 10,
};

const minutes = () =>
  z
    .number({ error: rule('valid.type') })
    .int({ error: rule('valid.type') })
    .min(1, { error: rule('valid.range', { min: 1, max: 43200 }) })
    .max(43200, { error: rule('valid.range', { min: 1, max: 43200 }) });
const slaClock = z.object({ acceptMinutes: minutes(), resolveMinutes: minutes() });
export const slaBody = z
  .object({
    clocks: z.object({ dangerous: slaClock, serious: slaClock, urgent: slaClock, ordinary: slaClock }),
    verifyHoldMinutes: minutes(),
  })
  .refine((b) => Object.values(b.clocks).every((c) => c.acceptMinutes <= c.resolveMinutes), {
    error: rule('ops.sla.order'),
    path: ['clocks'],
  });

const priority = () => z.enum(WORK_ORDER_PRIORITIES, { error: rule('valid.enum') });
const longitude = () =>
  z
    .number({ error: rule('valid.type') })
    .min(-180)
    .max(180)
    .nullable()
    .optional();
const latitude = () =>
  z
    .number({ error: rule('valid.type') })
    .min(-90)
    .max(90)
    .nullable()
    .optional();
const comment = () => optionalText(500);

export const workOrderAddBody = z.object({
  projectId: idNumber(),
  title: text(1, 100),
  description: optionalText(1000),
  source: z.enum(HAND_SOURCES, { error: rule('valid.enum') }).default('MANUAL'),
  priority: priority().default('ordinary'),
  deviceId: idNumber().nullable().optional(),
  longitude: longitude(),
  latitude: latitude(),
  address: optionalText(200),
  reporter: optionalText(64),
  reporterPhone: optionalText(20),
});
export type WorkOrderAddBody = z.infer<typeof workOrderAddBody>;

export const workOrderEditBody = workOrderAddBody
  .omit({ projectId: true, source: true, deviceId: true })
  .extend({ orderId: idNumber() });
export type WorkOrderEditBody = z.infer<typeof workOrderEditBody>;

export const dispatchBody = z
  .object({
    teamId: idNumber().nullable().optional(),
    assigneeId: idNumber().nullable().optional(),
    comment: comment(),
  })
  .refine((b) => b.teamId || b.assigneeId, { error: rule('ops.dispatch.whom'), path: ['teamId'] });
export const stepBody = z.object({ comment: comment() });
export const requiredCommentBody = z.object({ comment: text(1, 500) });

/** A client-generated id: a step sent twice (an offline queue replayed) is applied once. */
export const opId = () => z.uuid({ error: rule('valid.type') });

/** A crew step; `at` is when it was done on the phone (offline steps are sent later). */
export const crewStepBody = z.object({
  opId: opId(),
  comment: comment(),
  longitude: longitude(),
  latitude: latitude(),
  at: z
    .number({ error: rule('valid.type') })
    .int()
    .positive()
    .optional(),
});
export const partBody = z.object({
  name: text(1, 64),
  model: optionalText(64),
  quantity: z
    .number({ error: rule('valid.type') })
    .positive({ error: rule('valid.type') })
    .max(100000),
  unit: optionalText(12),
});
export type PartBody = z.infer<typeof partBody>;
export const crewPartBody = partBody.extend({ opId: opId() });
export const resolveBody = crewStepBody.extend({
  resolution: text(1, 1000),
  parts: z.array(partBody).max(50).default([]),
});
export const photoBody = z.object({
  opId: opId(),
  /** the address `/common/upload` answered */
  url: text(1, 255),
  kind: z.enum(PHOTO_KINDS, { error: rule('valid.enum') }),
  takenAt: z
    .number({ error: rule('valid.type') })
    .int()
    .positive()
    .optional(),
  longitude: longitude(),
  latitude: latitude(),
});
export const positionBody = z.object({
  longitude: z
    .number({ error: rule('valid.type') })
    .min(-180)
    .max(180),
  latitude: z
    .number({ error: rule('valid.type') })
    .min(-90)
    .max(90),
});

export const workOrderRow = z.looseObject({
  orderId: z.number(),
  orderNo: z.string(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
  priority: z.string(),
  state: z.string(),
  outcome: z.string().nullable(),
  deviceId: z.number().nullable(),
  deviceUid: z.string().nullable(),
  deviceName: z.string().nullable(),
  alarmConfigType: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  reporter: z.string(),
  reporterPhone: z.string(),
  teamId: z.number().nullable(),
  teamName: z.string().nullable(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  resolution: z.string(),
  acceptDue: dateTimeText(),
  resolveDue: dateTimeText(),
  /** seconds until the clock runs out (negative: overdue); null once met */
  acceptLeft: z.number().nullable(),
  resolveLeft: z.number().nullable(),
  acceptBreached: z.boolean(),
  resolveBreached: z.boolean(),
  createTime: dateTimeText(),
  createBy: z.string(),
  dispatchTime: dateTimeText(),
  acceptTime: dateTimeText(),
  arriveTime: dateTimeText(),
  resolveTime: dateTimeText(),
  approveTime: dateTimeText(),
  closeTime: dateTimeText(),
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;

export const workOrderHistoryRow = z.looseObject({
  historyId: z.number(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  operBy: z.string(),
  operTime: dateTimeText(),
  comment: z.string(),
  detail: z.unknown(),
});
export const workOrderPhotoRow = z.looseObject({
  photoId: z.number(),
  kind: z.string(),
  url: z.string(),
  takenTime: dateTimeText(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  uploadBy: z.string(),
});
export const workOrderPartRow = z.looseObject({
  partId: z.number(),
  name: z.string(),
  model: z.string(),
  quantity: z.number(),
  unit: z.string(),
  recordBy: z.string(),
  recordTime: dateTimeText(),
});
export const workOrderDetail = workOrderRow.extend({
  history: z.array(workOrderHistoryRow),
  photos: z.array(workOrderPhotoRow),
  parts: z.array(workOrderPartRow),
  alarms: z.array(
    z.looseObject({ alarmId: z.number(), alarmConfigType: z.string(), grade: z.string(), state: z.string() }),
  ),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

/* ------------------------------------------------------------------ teams */

const hhmm = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: rule('ops.team.time') });
export const teamMemberBody = z.object({
  userId: idNumber(),
  /** ISO weekdays on duty, 1 = Monday … 7 = Sunday */
  dutyDays: z.array(z.number().int().min(1).max(7)).max(7).default([1, 2, 3, 4, 5]),
  dutyFrom: hhmm().default('08:00'),
  dutyTo: hhmm().default('18:00'),
});
export type TeamMemberBody = z.infer<typeof teamMemberBody>;
export const teamBody = z.object({
  teamId: idNumber().optional(),
  name: text(1, 40),
  leaderId: idNumber().nullable().optional(),
  phone: optionalText(20),
  skills: z
    .array(z.enum(TEAM_SKILLS, { error: rule('valid.enum') }))
    .max(TEAM_SKILLS.length)
    .default([]),
  /** projects covered; empty = every project of the customer */
  projectIds: z.array(idNumber()).max(500).default([]),
  members: z.array(teamMemberBody).max(200).default([]),
  status: flag01().default('0'),
  remark: optionalText(500),
});
export type TeamBody = z.infer<typeof teamBody>;

export const teamRow = z.looseObject({
  teamId: z.number(),
  name: z.string(),
  leaderId: z.number().nullable(),
  leaderName: z.string().nullable(),
  phone: z.string(),
  skills: z.array(z.string()),
  projectIds: z.array(z.number()),
  members: z.array(
    z.looseObject({
      userId: z.number(),
      userName: z.string(),
      nickName: z.string(),
      dutyDays: z.array(z.number()),
      dutyFrom: z.string(),
      dutyTo: z.string(),
      onDuty: z.boolean(),
    }),
  ),
  onDutyCount: z.number(),
  status: z.string(),
  ...auditFields,
});
export type TeamRow = z.infer<typeof teamRow>;

/* ------------------------------------------------------------------ labels (exports, messages, screens) */

type Labels<K extends string> = Record<K, [zh: string, en: string]>;
export const STATE_LABELS: Labels<WorkOrderState> = {
  CREATED: ['待派单', 'Created'],
  DISPATCHED: ['已派单', 'Dispatched'],
  ACCEPTED: ['已接单', 'Accepted'],
  ON_SITE: ['已到场', 'On site'],
  RESOLVED: ['已处理', 'Resolved'],
  APPROVED: ['已审核', 'Approved'],
  CLOSED: ['已关闭', 'Closed'],
};
export const OUTCOME_LABELS: Labels<WorkOrderOutcome> = {
  DONE: ['已完成', 'Done'],
  VERIFIED: ['已验证修复', 'Verified'],
  CANCELLED: ['已取消', 'Cancelled'],
};
export const SOURCE_LABELS: Labels<WorkOrderSource> = {
  MANUAL: ['人工创建', 'By hand'],
  ALARM: ['告警', 'Alarm'],
  INSPECTION: ['巡检发现', 'Inspection finding'],
  CITIZEN: ['市民报修', 'Citizen report'],
};
export const PRIORITY_LABELS: Labels<WorkOrderPriority> = {
  dangerous: ['危险', 'Dangerous'],
  serious: ['严重', 'Serious'],
  urgent: ['紧急', 'Urgent'],
  ordinary: ['一般', 'Ordinary'],
};
export const ACTION_LABELS: Labels<WorkOrderAction> = {
  CREATED: ['创建', 'Created'],
  ALARM_JOINED: ['告警并入', 'Alarm joined'],
  EDITED: ['修改', 'Edited'],
  DISPATCHED: ['派单', 'Dispatched'],
  ACCEPTED: ['接单', 'Accepted'],
  ARRIVED: ['到场', 'Arrived on site'],
  PHOTO: ['上传照片', 'Photo'],
  PART: ['登记备件', 'Part used'],
  RESOLVED: ['处理完成', 'Resolved'],
  APPROVED: ['审核通过', 'Approved'],
  SENT_BACK: ['退回', 'Sent back'],
  CLOSED: ['关闭', 'Closed'],
  VERIFIED: ['遥测验证关闭', 'Verified by telemetry'],
  CANCELLED: ['取消', 'Cancelled'],
};
export const SKILL_LABELS: Labels<(typeof TEAM_SKILLS)[number]> = {
  LAMP: ['灯具', 'Lamps'],
  CONTROLLER: ['单灯控制器', 'Lamp controllers'],
  CABLE: ['电缆', 'Cables'],
  CABINET: ['配电箱', 'Cabinets'],
  POLE: ['灯杆', 'Poles'],
  CIVIL: ['土建', 'Civil works'],
  HIGH_VOLTAGE: ['高压', 'High voltage'],
};
export const PHOTO_KIND_LABELS: Labels<(typeof PHOTO_KINDS)[number]> = {
  BEFORE: ['处理前', 'Before'],
  AFTER: ['处理后', 'After'],
};
