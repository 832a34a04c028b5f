import { describe, expect, it } from 'vitest';
import type { GenColumn } from './gen-api';
import { buildUpdate, columnIssues, flagState, generationTargets, patchColumn, setFlagAll } from './gen-columns';

function column(id: number, name: string, extra: Partial<GenColumn> = {}): GenColumn {
  return {
    columnId: id,
    tableId: 1,
    columnName: name,
    columnComment: '',
    columnType: 'varchar(64)',
    tsType: 'string',
    tsField: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    isPk: '0',
    isIncrement: '0',
    isRequired: '0',
    isInsert: '1',
    isEdit: '1',
    isList: '1',
    isQuery: '0',
    queryType: 'EQ',
    htmlType: 'input',
    dictType: '',
    maxLength: 64,
    sort: id,
    ...extra,
  };
}

const COLUMNS = [
  column(1, 'post_id', {
    isPk: '1',
    isIncrement: '1',
    isInsert: '0',
    isEdit: '0',
    columnType: 'int8',
    tsType: 'number',
  }),
  column(2, 'post_name', { isQuery: '1', queryType: 'LIKE' }),
  column(3, 'status', { htmlType: 'radio', dictType: 'sys_normal_disable' }),
];

describe('generator column settings', () => {
  it('tells the header check boxes whether all, none or some columns are ticked', () => {
    expect(flagState(COLUMNS, 'isList')).toBe('all');
    expect(flagState(COLUMNS, 'isQuery')).toBe('some');
    expect(flagState(COLUMNS, 'isRequired')).toBe('none');
  });

  it('ticks a flag everywhere but keeps a generated key out of the add form', () => {
    const all = setFlagAll(COLUMNS, 'isInsert', true);
    expect(all.map((c) => c.isInsert)).toEqual(['0', '1', '1']);
    expect(setFlagAll(COLUMNS, 'isQuery', true).map((c) => c.isQuery)).toEqual(['1', '1', '1']);
    expect(setFlagAll(COLUMNS, 'isList', false).map((c) => c.isList)).toEqual(['0', '0', '0']);
  });

  it('patches one column only', () => {
    const next = patchColumn(COLUMNS, 2, { columnComment: '岗位名称' });
    expect(next[1]?.columnComment).toBe('岗位名称');
    expect(next[0]).toBe(COLUMNS[0]);
  });

  it('finds what the server would refuse: names, duplicates, dictionary types, long comments', () => {
    expect(columnIssues(COLUMNS)).toEqual([]);
    const bad = [
      column(1, 'a', { tsField: '' }),
      column(2, 'b', { tsField: 'Post-Name' }),
      column(3, 'c', { tsField: 'status' }),
      column(4, 'd', { tsField: 'status' }),
      column(5, 'e', { dictType: 'Sys Yes' }),
      column(6, 'f', { columnComment: 'x'.repeat(201) }),
    ];
    expect(columnIssues(bad)).toEqual([
      { columnId: 1, field: 'tsField', kind: 'required' },
      { columnId: 2, field: 'tsField', kind: 'format' },
      { columnId: 4, field: 'tsField', kind: 'duplicate' },
      { columnId: 5, field: 'dictType', kind: 'format' },
      { columnId: 6, field: 'columnComment', kind: 'tooLong' },
    ]);
  });

  it('builds the PUT body with trimmed names and the grid order as sort', () => {
    const body = buildUpdate(
      7,
      {
        tableComment: '岗位',
        className: ' Post ',
        moduleName: 'system',
        businessName: 'post',
        functionName: '岗位',
        functionNameEn: 'Post',
        functionAuthor: 'admin',
        parentMenuKey: '',
        remark: '',
      },
      [COLUMNS[2]!, COLUMNS[0]!],
    );
    expect(body.tableId).toBe(7);
    expect(body.className).toBe('Post');
    expect(body.columns.map((c) => [c.columnId, c.sort])).toEqual([
      [3, 1],
      [1, 2],
    ]);
    expect(body.columns[0]).not.toHaveProperty('columnName');
  });

  it('names the generated files and permissions as the server templates do', () => {
    const targets = generationTargets({ moduleName: 'ops', businessName: 'work-order' });
    expect(targets.permPrefix).toBe('ops:workOrder');
    expect(targets.basePath).toBe('/ops/workOrder');
    expect(targets.files).toContain('apps/web/src/pages/ops/work-order/index.tsx');
    expect(targets.files).toContain('apps/server/src/modules/ops/work-order/work-order.routes.ts');
  });
});
