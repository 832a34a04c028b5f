import {
  ColumnHeightOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ReloadOutlined,
  SearchOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import {
  type Key,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_PICKER_DEFAULTS, rangeParams } from '../date';
import { useDict } from '../dict';
import { type Params, request } from '../request';
import { ColumnsDialog } from './ColumnsDialog';
import {
  INITIAL_PAGE,
  type ListResult,
  PAGE_SIZE_OPTIONS,
  type PageState,
  pageAfterReload,
  pageParams,
  pagerCount,
  readList,
  shouldReturnToFirstPage,
} from './pagination';

export type SearchField =
  | { type: 'input'; name: string; label: string }
  | { type: 'select'; name: string; label: string; options?: { label: string; value: string }[]; dictType?: string }
  | { type: 'dateRange'; name: string; label: string };

export type ProColumn<T> = TableColumnType<T> & {
  key: string;
  /** Server column used for sorting (whitelisted there). */
  sortField?: string;
  /** Starts hidden; the user may show it with the columns dialog. */
  defaultHidden?: boolean;
};

export interface ProTableRef {
  /** Reload: back to page 1 and no sort, unless the table remembers them. */
  reload(): void;
  /** Reload the current page as is (after an edit). */
  refresh(): void;
  clearSelection(): void;
  /** The applied search values (for exports). */
  getFilters(): Params;
}

export interface ProTableProps<T> {
  url: string;
  method?: 'GET' | 'POST';
  rowKey: string | ((row: T) => Key);
  columns: ProColumn<T>[];
  searchFields?: SearchField[];
  /** Extra query values added to every request. */
  extraParams?: Params;
  /** Extra request headers, e.g. { clientId: '' } for a platform user's view over every customer. */
  headers?: Readonly<Record<string, string>>;
  toolbar?: (selected: { keys: Key[]; rows: T[] }) => ReactNode;
  selectable?: boolean;
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  rememberPage?: boolean;
  rememberSort?: boolean;
  ref?: Ref<ProTableRef>;
  /** Table body height; spec default 710 px. */
  scrollY?: number;
  expandable?: TableProps<T>['expandable'];
  testId?: string;
}

/**
 * A dropdown of the search bar. Form.Item hands its value and change handler to this, its
 * direct child: they must reach the Select, or the choice shows but never reaches the request.
 */
function SelectField({
  field,
  value,
  onChange,
  id,
}: {
  field: Extract<SearchField, { type: 'select' }>;
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const dict = useDict(field.dictType);
  const options = field.options ?? dict.map((item) => ({ label: item.dictLabel, value: item.dictValue }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      placeholder={t('common.selectPlaceholder', { label: field.label })}
      options={options}
      style={{ width: 200 }}
    />
  );
}

/** Paginated table with a search/reset bar, right toolbar (search toggle, refresh, columns) and spec §9 paging. */
export function ProTable<T extends object>({
  url,
  method = 'GET',
  rowKey,
  columns,
  searchFields = [],
  extraParams,
  headers,
  toolbar,
  selectable = false,
  onSelectionChange,
  rememberPage = false,
  rememberSort = false,
  ref,
  scrollY = 710,
  expandable,
  testId,
}: ProTableProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [page, setPage] = useState<PageState>(INITIAL_PAGE);
  const [result, setResult] = useState<ListResult<T>>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>(() => columns.filter((c) => c.defaultHidden).map((c) => c.key));
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [width, setWidth] = useState(() => document.body.getBoundingClientRect().width || window.innerWidth);
  const [filters, setFilters] = useState<Params>({});
  const sequence = useRef(0);

  useEffect(() => {
    const onResize = () => setWidth(document.body.getBoundingClientRect().width || window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const load = useCallback(
    async (state: PageState, query: Params) => {
      const id = ++sequence.current;
      setLoading(true);
      try {
        const paging = pageParams(state, method);
        const body =
          method === 'GET'
            ? await request({
                url,
                method,
                headers: headers && { ...headers },
                params: { ...extraParams, ...query, ...paging },
              })
            : await request({
                url,
                method,
                headers: headers && { ...headers },
                data: { ...extraParams, ...query, ...paging },
                repeatSubmit: false,
              });
        if (id !== sequence.current) return;
        const list = readList<T>(body);
        if (shouldReturnToFirstPage(list.total, list.rows.length, state.pageNum)) {
          setPage({ ...state, pageNum: 1 });
          return;
        }
        setResult(list);
      } catch {
        if (id === sequence.current) setResult({ rows: [], total: 0 });
      } finally {
        if (id === sequence.current) setLoading(false);
      }
    },
    [url, method, extraParams, headers],
  );

  useEffect(() => {
    void load(page, filters);
  }, [load, page, filters]);

  const clearSelection = useCallback(() => {
    setSelectedKeys([]);
    setSelectedRows([]);
    onSelectionChange?.([], []);
  }, [onSelectionChange]);

  useImperativeHandle(
    ref,
    () => ({
      reload: () => {
        clearSelection();
        setPage((state) => ({ ...pageAfterReload(state, { page: rememberPage, sort: rememberSort }) }));
      },
      refresh: () => setPage((state) => ({ ...state })),
      clearSelection,
      getFilters: () => filters,
    }),
    [clearSelection, rememberPage, rememberSort, filters],
  );

  const readFilters = (): Params => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const query: Params = {};
    for (const field of searchFields) {
      const value = values[field.name];
      if (field.type === 'dateRange') {
        const range = rangeParams(value as [Dayjs, Dayjs] | undefined);
        if (range.beginTime) query.params = { ...(query.params as Params | undefined), ...range };
      } else if (value !== undefined && value !== null && value !== '') {
        query[field.name] = typeof value === 'string' ? value.trim() : value;
      }
    }
    return query;
  };

  const onSearch = () => {
    clearSelection();
    setFilters(readFilters());
    setPage((state) => ({ ...state, pageNum: 1 }));
  };

  const onReset = () => {
    form.resetFields();
    clearSelection();
    setFilters({});
    setPage((state) => ({ ...pageAfterReload(state, { sort: rememberSort }), pageNum: 1 }));
  };

  const visibleColumns = useMemo(
    () =>
      columns
        .filter((column) => !hidden.includes(column.key))
        .map((column) => ({
          ...column,
          sorter: column.sortField ? true : column.sorter,
          sortOrder:
            column.sortField && page.orderByColumn === column.sortField
              ? page.isAsc === 'ascending'
                ? ('ascend' as const)
                : ('descend' as const)
              : column.sortField
                ? null
                : column.sortOrder,
        })),
    [columns, hidden, page.orderByColumn, page.isAsc],
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = columns.find((item) => item.key === String(single?.columnKey ?? ''));
    setPage({
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? page.pageSize,
      orderByColumn: single?.order && column?.sortField ? column.sortField : undefined,
      isAsc: single?.order ? (single.order === 'ascend' ? 'ascending' : 'descending') : undefined,
    });
  };

  return (
    <div data-testid={testId}>
      {searchFields.length > 0 && showSearch && (
        <Form form={form} layout="inline" className="lx-search-bar" onFinish={onSearch}>
          {searchFields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label} style={{ marginBottom: 8 }}>
              {field.type === 'input' ? (
                <Input
                  allowClear
                  placeholder={t('common.inputPlaceholder', { label: field.label })}
                  style={{ width: 200 }}
                />
              ) : field.type === 'select' ? (
                <SelectField field={field} />
              ) : (
                <DatePicker.RangePicker {...RANGE_PICKER_DEFAULTS} style={{ width: 360 }} />
              )}
            </Form.Item>
          ))}
          <Form.Item style={{ marginBottom: 8 }}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="table-search">
                {t('common.search')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={onReset} data-testid="table-reset">
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <div className="lx-toolbar">
        <Space wrap>{toolbar?.({ keys: selectedKeys, rows: selectedRows })}</Space>
        <Space>
          {searchFields.length > 0 && (
            <Tooltip title={showSearch ? t('table.hideSearch') : t('table.showSearch')}>
              <Button
                shape="circle"
                icon={showSearch ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShowSearch((value) => !value)}
                aria-label={showSearch ? t('table.hideSearch') : t('table.showSearch')}
              />
            </Tooltip>
          )}
          <Tooltip title={t('table.refresh')}>
            <Button
              shape="circle"
              icon={<ReloadOutlined />}
              onClick={() => setPage((state) => ({ ...state }))}
              aria-label={t('table.refresh')}
            />
          </Tooltip>
          <Tooltip title={t('table.columns')}>
            <Button
              shape="circle"
              icon={<ColumnHeightOutlined />}
              onClick={() => setColumnsOpen(true)}
              aria-label={t('table.columns')}
              data-testid="table-columns"
            />
          </Tooltip>
        </Space>
      </div>
      <Table<T>
        rowKey={rowKey as TableProps<T>['rowKey']}
        columns={visibleColumns}
        dataSource={result.rows}
        loading={loading}
        onChange={onChange}
        scroll={{ x: 'max-content', y: scrollY }}
        expandable={expandable}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelectedRows(rows);
                  onSelectionChange?.(keys, rows);
                },
              }
            : undefined
        }
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: result.total,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showSizeChanger: true,
          showQuickJumper: true,
          showLessItems: pagerCount(width) === 5,
          showTotal: (total) => t('table.total', { total }),
          hideOnSinglePage: false,
        }}
      />
      <ColumnsDialog
        open={columnsOpen}
        columns={columns.map((column) => ({ key: column.key, title: String(column.title ?? column.key) }))}
        hidden={hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
    </div>
  );
}
