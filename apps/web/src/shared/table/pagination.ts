import {
  MOBILE_BREAKPOINT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZES,
  PAGER_COUNT_DESKTOP,
  PAGER_COUNT_MOBILE,
} from '../constants';

/** Pager buttons: 5 under 992 px, else 7 (spec §9). */
export function pagerCount(width: number): number {
  return width < MOBILE_BREAKPOINT ? PAGER_COUNT_MOBILE : PAGER_COUNT_DESKTOP;
}

export interface PageState {
  pageNum: number;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

export const INITIAL_PAGE: PageState = { pageNum: 1, pageSize: PAGE_SIZE_DEFAULT };
export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);

/** total > 0 but the page came back empty (its last row was deleted): go back to page 1. */
export function shouldReturnToFirstPage(total: number, rowCount: number, pageNum: number): boolean {
  return total > 0 && rowCount === 0 && pageNum > 1;
}

/** A reload starts at page 1 with no sort unless the table remembers either. */
export function pageAfterReload(state: PageState, remember: { page?: boolean; sort?: boolean }): PageState {
  return {
    pageSize: state.pageSize,
    pageNum: remember.page ? state.pageNum : 1,
    orderByColumn: remember.sort ? state.orderByColumn : undefined,
    isAsc: remember.sort ? state.isAsc : undefined,
  };
}

export interface ListResult<T> {
  rows: T[];
  total: number;
}

/** Table responses are read as rows, data.records or data, with total (spec §3). */
export function readList<T>(body: unknown): ListResult<T> {
  const value = (body ?? {}) as Record<string, unknown>;
  if (Array.isArray(value.rows)) return { rows: value.rows as T[], total: Number(value.total ?? value.rows.length) };
  const data = value.data as Record<string, unknown> | unknown[] | undefined;
  if (Array.isArray(data)) return { rows: data as T[], total: Number(value.total ?? data.length) };
  if (data && Array.isArray((data as Record<string, unknown>).records)) {
    const records = (data as Record<string, unknown>).records as T[];
    return { rows: records, total: Number((data as Record<string, unknown>).total ?? records.length) };
  }
  return { rows: [], total: 0 };
}

/** Query params for GET lists (pageNum/pageSize, orderByColumn/isAsc) or a body for other methods (current/size/orders). */
export function pageParams(state: PageState, method: 'GET' | 'POST'): Record<string, unknown> {
  if (method === 'GET') {
    return {
      pageNum: state.pageNum,
      pageSize: state.pageSize,
      orderByColumn: state.orderByColumn,
      isAsc: state.isAsc,
    };
  }
  return {
    current: state.pageNum,
    size: state.pageSize,
    orders: state.orderByColumn ? [{ column: state.orderByColumn, asc: state.isAsc === 'ascending' }] : [],
  };
}
