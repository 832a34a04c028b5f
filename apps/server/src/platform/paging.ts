import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fail } from './errors.ts';

export const MAX_PAGE_SIZE = 500;

/** Paging and sorting in both styles the clients send (pageNum/pageSize and current/size). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).optional(),
  current: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).optional(),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
  'params[beginTime]': z.string().max(20).optional(),
  'params[endTime]': z.string().max(20).optional(),
  /** the same range as a nested object, as JSON bodies (exports) carry it */
  params: z
    .object({ beginTime: z.string().max(20).optional(), endTime: z.string().max(20).optional() })
    .partial()
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page {
  limit: number;
  offset: number;
}

/** The page to read; page size is capped so that no call returns a whole table. */
export function pageOf(q: PageQuery): Page {
  const size = Math.min(q.pageSize ?? q.size ?? 20, MAX_PAGE_SIZE);
  const page = q.pageNum ?? q.current ?? 1;
  return { limit: size, offset: (page - 1) * size };
}

/** ORDER BY from a whitelist of columns; anything else is refused, never spliced into SQL. */
export function orderOf(q: PageQuery, allowed: Record<string, AnyPgColumn>, fallback: SQL[]): SQL[] {
  if (!q.orderByColumn) return fallback;
  const column = allowed[q.orderByColumn];
  if (!column) throw fail('valid.sortColumn', { field: q.orderByColumn });
  const direction = q.isAsc === 'desc' || q.isAsc === 'descending' ? desc : asc;
  return [direction(column), ...fallback];
}

/** Parses 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' range bounds; the end of a bare date is 23:59:59. */
export function dateRange(q: PageQuery): { begin?: Date; end?: Date } {
  const parse = (value: string | undefined, endOfDay: boolean) => {
    if (!value) return undefined;
    const full = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} ${endOfDay ? '23:59:59' : '00:00:00'}` : value;
    const date = new Date(full.replace(' ', 'T'));
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  return {
    begin: parse(q['params[beginTime]'] ?? q.params?.beginTime, false),
    end: parse(q['params[endTime]'] ?? q.params?.endTime, true),
  };
}
