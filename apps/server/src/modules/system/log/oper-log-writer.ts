import type { Db } from '../../../platform/db.ts';
import type { OperLogWriter } from '../../../platform/oper-log.ts';
import { sysOperLog } from './log.table.ts';

/** The operation log the platform writes for every mutating route, stored in sys_oper_log. */
export const operLogWriter =
  (db: Db): OperLogWriter =>
  async (entry) => {
    await db.insert(sysOperLog).values(entry);
  };
