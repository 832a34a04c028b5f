import { and, asc, eq, ilike, not, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { orderOf } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { deptVisible, inSubtree } from './dept.service.ts';
import { sysDept } from './dept.table.ts';

/** The department list as the tree screens read it: flat rows under the caller's customer and data scopes. */

export interface DeptFilter {
  deptName?: string;
  deptCode?: string;
  status?: '0' | '1' | '';
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}

/** Siblings are ordered by the chosen column; the tree itself always groups by parent. */
const SORTABLE = {
  orderNum: sysDept.orderNum,
  deptName: sysDept.deptName,
  deptId: sysDept.deptId,
  createTime: sysDept.createTime,
};

/** The visible departments under the filter; `excluding` leaves out a department and those below it. */
export function listDepts(db: Db, ctx: Ctx, q: DeptFilter, excluding?: number) {
  const extra: SQL | undefined = excluding === undefined ? undefined : not(inSubtree(excluding));
  return db
    .select()
    .from(sysDept)
    .where(
      and(
        deptVisible(ctx),
        q.deptName ? ilike(sysDept.deptName, containing(q.deptName)) : undefined,
        q.deptCode ? ilike(sysDept.deptCode, containing(q.deptCode)) : undefined,
        q.status ? eq(sysDept.status, q.status) : undefined,
        extra,
      ),
    )
    .orderBy(asc(sysDept.parentId), ...orderOf(q, SORTABLE, [asc(sysDept.orderNum), asc(sysDept.deptId)]))
    .limit(10_000);
}
