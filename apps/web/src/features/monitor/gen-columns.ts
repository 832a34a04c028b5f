import { CAMEL, DICT_TYPE, type Flag, type GenColumn, type GenTable, type GenTableUpdate } from './gen-api';

export type FlagField = 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired';
export const FLAG_FIELDS: readonly FlagField[] = ['isInsert', 'isEdit', 'isList', 'isQuery', 'isRequired'];

export function patchColumn(columns: readonly GenColumn[], columnId: number, patch: Partial<GenColumn>): GenColumn[] {
  return columns.map((column) => (column.columnId === columnId ? { ...column, ...patch } : column));
}

/** 'all' | 'none' | 'some' of the columns have the flag set; drives the header check boxes. */
export function flagState(columns: readonly GenColumn[], field: FlagField): 'all' | 'none' | 'some' {
  const on = columns.filter((column) => column[field] === '1').length;
  if (on === 0) return 'none';
  return on === columns.length ? 'all' : 'some';
}

/**
 * Sets a flag on every column; the primary key stays out of the add form when it is generated
 * by the database.
 */
export function setFlagAll(columns: readonly GenColumn[], field: FlagField, on: boolean): GenColumn[] {
  const value: Flag = on ? '1' : '0';
  return columns.map((column) =>
    on && field === 'isInsert' && column.isPk === '1' && column.isIncrement === '1'
      ? column
      : { ...column, [field]: value },
  );
}

export interface ColumnIssue {
  columnId: number;
  field: 'tsField' | 'dictType' | 'columnComment';
  kind: 'required' | 'format' | 'duplicate' | 'tooLong';
}

/** The text key of an issue under genEdit.issue. */
export function issueKey(issue: ColumnIssue): string {
  return issue.field === 'dictType' ? 'dictFormat' : issue.kind;
}

/** What the server would refuse in the column settings, found before saving. */
export function columnIssues(columns: readonly GenColumn[]): ColumnIssue[] {
  const issues: ColumnIssue[] = [];
  const seen = new Map<string, number>();
  for (const column of columns) {
    const field = column.tsField.trim();
    if (!field) issues.push({ columnId: column.columnId, field: 'tsField', kind: 'required' });
    else if (!CAMEL.test(field) || field.length > 100)
      issues.push({ columnId: column.columnId, field: 'tsField', kind: 'format' });
    else if (seen.has(field)) issues.push({ columnId: column.columnId, field: 'tsField', kind: 'duplicate' });
    seen.set(field, column.columnId);
    if (!DICT_TYPE.test(column.dictType.trim()) || column.dictType.trim().length > 100)
      issues.push({ columnId: column.columnId, field: 'dictType', kind: 'format' });
    if (column.columnComment.length > 200)
      issues.push({ columnId: column.columnId, field: 'columnComment', kind: 'tooLong' });
  }
  return issues;
}

export type GenTableForm = Pick<
  GenTable,
  | 'tableComment'
  | 'className'
  | 'moduleName'
  | 'businessName'
  | 'functionName'
  | 'functionNameEn'
  | 'functionAuthor'
  | 'parentMenuKey'
  | 'remark'
>;

/** The body of PUT /tool/gen from the form and the grid. */
export function buildUpdate(tableId: number, form: GenTableForm, columns: readonly GenColumn[]): GenTableUpdate {
  return {
    tableId,
    tableComment: form.tableComment ?? '',
    className: form.className.trim(),
    moduleName: form.moduleName.trim(),
    businessName: form.businessName.trim(),
    functionName: form.functionName.trim(),
    functionNameEn: form.functionNameEn ?? '',
    functionAuthor: form.functionAuthor ?? '',
    parentMenuKey: (form.parentMenuKey ?? '').trim(),
    remark: form.remark ?? '',
    columns: columns.map((column, index) => ({
      columnId: column.columnId,
      columnComment: column.columnComment ?? '',
      tsType: column.tsType,
      tsField: column.tsField.trim(),
      isRequired: column.isRequired,
      isInsert: column.isInsert,
      isEdit: column.isEdit,
      isList: column.isList,
      isQuery: column.isQuery,
      queryType: column.queryType,
      htmlType: column.htmlType,
      dictType: column.dictType.trim(),
      sort: index + 1,
    })),
  };
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Where the generated module lands and what it is called, as the server's templates name it. */
export function generationTargets(form: Partial<GenTableForm>) {
  const mod = form.moduleName || '{module}';
  const biz = form.businessName || '{business}';
  const feature = camel(biz);
  return {
    permPrefix: `${mod}:${feature}`,
    basePath: `/${mod}/${feature}`,
    files: [
      `apps/server/src/modules/${mod}/${biz}/${biz}.table.ts`,
      `apps/server/src/modules/${mod}/${biz}/${biz}.routes.ts`,
      `apps/web/src/features/${mod}/${biz}-api.ts`,
      `apps/web/src/pages/${mod}/${biz}/index.tsx`,
      `packages/contracts/src/seed/menus/${mod}-${biz}.ts`,
      `packages/contracts/src/messages/${mod}-${biz}.ts`,
      `docs/generated/${mod}-${biz}.md`,
    ],
  };
}
