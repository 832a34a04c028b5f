import { Checkbox, Input, Select, Table, type TableColumnType, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DICT_HTML_TYPES,
  type DictTypeOption,
  type GenColumn,
  HTML_TYPES,
  QUERY_TYPES,
  TS_TYPES,
} from '../../../../features/monitor/gen-api';
import {
  type ColumnIssue,
  type FlagField,
  flagState,
  issueKey,
  patchColumn,
  setFlagAll,
} from '../../../../features/monitor/gen-columns';

interface ColumnGridProps {
  columns: GenColumn[];
  onChange: (columns: GenColumn[]) => void;
  /** null: the user may not list dictionary types; a free text input is offered instead */
  dictTypes: DictTypeOption[] | null;
  issues: ColumnIssue[];
}

/** Column settings of an imported table: labels, TypeScript names, list/query/form flags, widgets, dictionaries. */
export function ColumnGrid({ columns, onChange, dictTypes, issues }: ColumnGridProps) {
  const { t } = useTranslation();
  const issueOf = (columnId: number, field: ColumnIssue['field']) =>
    issues.find((issue) => issue.columnId === columnId && issue.field === field);
  const set = (columnId: number, patch: Partial<GenColumn>) => onChange(patchColumn(columns, columnId, patch));

  const dictOptions = useMemo(
    () =>
      (dictTypes ?? []).map((dict) => ({
        value: dict.dictType,
        search: `${dict.dictType} ${dict.title ?? dict.dictName} ${dict.dictNameEn ?? ''}`,
        label: (
          <span>
            {dict.title ?? dict.dictName} <Typography.Text type="secondary">{dict.dictType}</Typography.Text>
          </span>
        ),
      })),
    [dictTypes],
  );

  const flagColumn = (field: FlagField, title: string, help: string): TableColumnType<GenColumn> => {
    const state = flagState(columns, field);
    return {
      key: field,
      width: 90,
      align: 'center',
      title: (
        <Tooltip title={help}>
          <Checkbox
            checked={state === 'all'}
            indeterminate={state === 'some'}
            onChange={(event) => onChange(setFlagAll(columns, field, event.target.checked))}
            aria-label={t('genEdit.toggleAll', { name: title })}
          >
            {title}
          </Checkbox>
        </Tooltip>
      ),
      render: (_: unknown, row) => (
        <Checkbox
          checked={row[field] === '1'}
          onChange={(event) => set(row.columnId, { [field]: event.target.checked ? '1' : '0' })}
          aria-label={`${row.columnName} ${title}`}
          data-testid={`gen-col-${row.columnName}-${field}`}
        />
      ),
    };
  };

  const tableColumns: TableColumnType<GenColumn>[] = [
    { key: 'sort', title: t('common.index'), width: 56, fixed: 'left', render: (_: unknown, __, i) => i + 1 },
    {
      key: 'columnName',
      title: t('genEdit.columnName'),
      width: 170,
      fixed: 'left',
      render: (_: unknown, row) => (
        <div>
          <Typography.Text code>{row.columnName}</Typography.Text>
          {row.isPk === '1' && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {' '}
              PK
            </Typography.Text>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.columnType}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'columnComment',
      title: t('genEdit.columnComment'),
      width: 170,
      render: (_: unknown, row) => (
        <Input
          size="small"
          value={row.columnComment}
          maxLength={200}
          onChange={(event) => set(row.columnId, { columnComment: event.target.value })}
          aria-label={`${row.columnName} ${t('genEdit.columnComment')}`}
        />
      ),
    },
    {
      key: 'tsType',
      title: t('genEdit.tsType'),
      width: 120,
      render: (_: unknown, row) => (
        <Select
          size="small"
          value={row.tsType}
          style={{ width: '100%' }}
          options={TS_TYPES.map((type) => ({ label: type, value: type }))}
          onChange={(tsType) => set(row.columnId, { tsType })}
          aria-label={`${row.columnName} ${t('genEdit.tsType')}`}
        />
      ),
    },
    {
      key: 'tsField',
      title: t('genEdit.tsField'),
      width: 150,
      render: (_: unknown, row) => {
        const issue = issueOf(row.columnId, 'tsField');
        return (
          <Tooltip title={issue ? t(`genEdit.issue.${issueKey(issue)}`) : undefined} open={issue ? undefined : false}>
            <Input
              size="small"
              value={row.tsField}
              status={issue ? 'error' : undefined}
              maxLength={100}
              onChange={(event) => set(row.columnId, { tsField: event.target.value })}
              aria-label={`${row.columnName} ${t('genEdit.tsField')}`}
              aria-invalid={!!issue}
            />
          </Tooltip>
        );
      },
    },
    flagColumn('isInsert', t('genEdit.isInsert'), t('genEdit.isInsertHelp')),
    flagColumn('isEdit', t('genEdit.isEdit'), t('genEdit.isEditHelp')),
    flagColumn('isList', t('genEdit.isList'), t('genEdit.isListHelp')),
    flagColumn('isQuery', t('genEdit.isQuery'), t('genEdit.isQueryHelp')),
    {
      key: 'queryType',
      title: t('genEdit.queryType'),
      width: 110,
      render: (_: unknown, row) => (
        <Select
          size="small"
          value={row.queryType}
          disabled={row.isQuery !== '1'}
          style={{ width: '100%' }}
          options={QUERY_TYPES.map((type) => ({ label: t(`genEdit.queryTypes.${type}`), value: type }))}
          onChange={(queryType) => set(row.columnId, { queryType })}
          aria-label={`${row.columnName} ${t('genEdit.queryType')}`}
        />
      ),
    },
    flagColumn('isRequired', t('genEdit.isRequired'), t('genEdit.isRequiredHelp')),
    {
      key: 'htmlType',
      title: t('genEdit.htmlType'),
      width: 130,
      render: (_: unknown, row) => (
        <Select
          size="small"
          value={row.htmlType}
          style={{ width: '100%' }}
          options={HTML_TYPES.map((type) => ({ label: t(`genEdit.htmlTypes.${type}`), value: type }))}
          onChange={(htmlType) => set(row.columnId, { htmlType })}
          aria-label={`${row.columnName} ${t('genEdit.htmlType')}`}
          data-testid={`gen-col-${row.columnName}-htmlType`}
        />
      ),
    },
    {
      key: 'dictType',
      title: t('genEdit.dictType'),
      width: 200,
      render: (_: unknown, row) => {
        const issue = issueOf(row.columnId, 'dictType');
        const wantsDict = DICT_HTML_TYPES.includes(row.htmlType);
        return dictTypes ? (
          <Select
            size="small"
            value={row.dictType || undefined}
            allowClear
            showSearch={{ optionFilterProp: 'search' }}
            placeholder={wantsDict ? t('genEdit.dictPlaceholder') : t('genEdit.dictOptional')}
            status={wantsDict && !row.dictType ? 'warning' : undefined}
            style={{ width: '100%' }}
            popupMatchSelectWidth={280}
            options={dictOptions}
            onChange={(dictType?: string) => set(row.columnId, { dictType: dictType ?? '' })}
            aria-label={`${row.columnName} ${t('genEdit.dictType')}`}
          />
        ) : (
          <Input
            size="small"
            value={row.dictType}
            status={issue ? 'error' : undefined}
            placeholder="sys_yes_no"
            maxLength={100}
            onChange={(event) => set(row.columnId, { dictType: event.target.value })}
            aria-label={`${row.columnName} ${t('genEdit.dictType')}`}
          />
        );
      },
    },
  ];

  return (
    <Table<GenColumn>
      size="small"
      rowKey="columnId"
      columns={tableColumns}
      dataSource={columns}
      pagination={false}
      scroll={{ x: 'max-content', y: 560 }}
      sticky
      data-testid="gen-columns"
    />
  );
}
