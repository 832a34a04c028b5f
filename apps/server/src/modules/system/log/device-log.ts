import { eq } from 'drizzle-orm';
import type { Deps } from '../../../platform/context.ts';
import { sysDeviceLog } from './log.table.ts';

export type DeviceLogEntry = Omit<typeof sysDeviceLog.$inferInsert, 'logId' | 'createTime'>;

/** Records a platform → device call (pending until its result arrives); returns the log id. */
export async function recordDeviceCall(deps: Pick<Deps, 'database' | 'clock'>, entry: DeviceLogEntry): Promise<number> {
  const [row] = await deps.database.db
    .insert(sysDeviceLog)
    .values({ ...entry, createTime: new Date(deps.clock.now()) })
    .returning({ id: sysDeviceLog.logId });
  return row!.id;
}

/** Completes a device call with the device's answer and the time it took. */
export async function completeDeviceCall(
  deps: Pick<Deps, 'database' | 'clock'>,
  logId: number,
  result: { status: 0 | 1; response: string; consumeTime: number },
): Promise<void> {
  await deps.database.db
    .update(sysDeviceLog)
    .set({ ...result, finishTime: new Date(deps.clock.now()) })
    .where(eq(sysDeviceLog.logId, logId));
}
