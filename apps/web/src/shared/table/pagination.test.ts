import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '../constants';
import { INITIAL_PAGE, pageAfterReload, pageParams, pagerCount, readList, shouldReturnToFirstPage } from './pagination';

describe('pagination rules', () => {
  it('defaults to 20 per page with 10/20/30/50 to choose from', () => {
    expect(INITIAL_PAGE).toEqual({ pageNum: 1, pageSize: 20 });
    expect(PAGE_SIZE_DEFAULT).toBe(20);
    expect([...PAGE_SIZES]).toEqual([10, 20, 30, 50]);
  });

  it('shows 5 pager buttons under 992 px, else 7', () => {
    expect(pagerCount(991)).toBe(5);
    expect(pagerCount(992)).toBe(7);
    expect(pagerCount(1440)).toBe(7);
  });

  it('goes back to page 1 when a page empties', () => {
    expect(shouldReturnToFirstPage(21, 0, 2)).toBe(true);
    expect(shouldReturnToFirstPage(0, 0, 2)).toBe(false);
    expect(shouldReturnToFirstPage(21, 0, 1)).toBe(false);
    expect(shouldReturnToFirstPage(21, 1, 2)).toBe(false);
  });

  it('reload resets page and sort unless remembered', () => {
    const state = { pageNum: 3, pageSize: 50, orderByColumn: 'createTime', isAsc: 'descending' as const };
    expect(pageAfterReload(state, {})).toEqual({
      pageNum: 1,
      pageSize: 50,
      orderByColumn: undefined,
      isAsc: undefined,
    });
    expect(pageAfterReload(state, { page: true, sort: true })).toEqual(state);
    expect(pageAfterReload(state, { sort: true })).toMatchObject({ pageNum: 1, orderByColumn: 'createTime' });
  });

  it('reads rows, data.records or data with total', () => {
    expect(readList({ rows: [1, 2], total: 9 })).toEqual({ rows: [1, 2], total: 9 });
    expect(readList({ data: { records: [1], total: 4 } })).toEqual({ rows: [1], total: 4 });
    expect(readList({ data: [1, 2, 3] })).toEqual({ rows: [1, 2, 3], total: 3 });
    expect(readList({})).toEqual({ rows: [], total: 0 });
  });

  it('sends pageNum/pageSize for GET and current/size/orders otherwise', () => {
    const state = { pageNum: 2, pageSize: 10, orderByColumn: 'createTime', isAsc: 'ascending' as const };
    expect(pageParams(state, 'GET')).toEqual({
      pageNum: 2,
      pageSize: 10,
      orderByColumn: 'createTime',
      isAsc: 'ascending',
    });
    expect(pageParams(state, 'POST')).toEqual({ current: 2, size: 10, orders: [{ column: 'createTime', asc: true }] });
  });
});
