import { z } from 'zod';
import { COMMAND_LIFECYCLE } from './enums.ts';
import { COMMAND_ACTIONS } from './lighting.ts';
import { DIM_MAX, DIM_MIN } from './things/lighting.ts';
import { idNumber, optionalText, rule } from './validation.ts';

/** What a control task is applied to: picked devices (one, or the map's selection), groups, tags, boxes' branches, a whole project. */
export const TASK_TARGET_KINDS = ['DEVICE', 'GROUP', 'TAG', 'BOX', 'PROJECT'] as const;
export type TaskTargetKind = (typeof TASK_TARGET_KINDS)[number];
/** Device results a "retry the failed" task takes again. */
export const RETRIED_STATUSES = ['FAILED', 'TIMEOUT', 'EXPIRED'] as const;

export const taskApplyBody = z
  .object({
    projectId: idNumber(),
    targetKind: z.enum(TASK_TARGET_KINDS, { error: rule('valid.enum') }),
    /** the devices, groups, tags or boxes of that kind (none for PROJECT) */
    targetIds: z.array(idNumber()).max(100_000).optional(),
    action: z.enum(COMMAND_ACTIONS, { error: rule('valid.enum') }),
    /** LIGHT_DIMMING: 0–100 % */
    value: z.coerce
      .number({ error: rule('valid.type') })
      .int()
      .min(DIM_MIN, { error: rule('valid.range', { min: DIM_MIN, max: DIM_MAX }) })
      .max(DIM_MAX, { error: rule('valid.range', { min: DIM_MIN, max: DIM_MAX }) })
      .optional(),
    name: optionalText(64),
    operatePwd: z.string().max(64).optional(),
    /** minutes a command to an offline device is kept before it expires */
    ttlMinutes: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
  })
  .refine((v) => v.action !== 'LIGHT_DIMMING' || v.value !== undefined, {
    path: ['value'],
    error: rule('valid.required'),
  })
  .refine((v) => v.targetKind === 'PROJECT' || (v.targetIds?.length ?? 0) > 0, {
    path: ['targetIds'],
    error: rule('lighting.task.objectCount'),
  });
export type TaskApplyBody = z.infer<typeof taskApplyBody>;

/** How many devices of a task are in each state of the command lifecycle. */
export const taskCounts = z.record(z.enum(COMMAND_LIFECYCLE), z.number().int().nonnegative());
export type TaskCounts = z.infer<typeof taskCounts>;
