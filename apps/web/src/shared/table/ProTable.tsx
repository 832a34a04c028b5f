import { ColumnHeightOutlined, EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Space, Table, type TableColumnType, type TableProps, Tooltip } from 'antd';
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
import { type Params, request } from '../request';
import { ColumnsDialog } from './ColumnsDialog';
import { EmptyState } from './EmptyState';
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
import { readSearch, SearchBar, type SearchField } from './SearchBar';

export type { SearchField } from './SearchBar';

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
  /** what the empty table says (what the list holds, how to fill it); "no data" unless told */
  empty?: ReactNode;
  /** a button under the empty state's text */
  emptyAction?: ReactNode;
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
  empty,
  emptyAction,
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

  const readFilters = (): Params => readSearch(searchFields, form.getFieldsValue() as Record<string, unknown>);

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
        <SearchBar form={form} fields={searchFields} onSearch={onSearch} onReset={onReset} />
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
        locale={{ emptyText: <EmptyState description={empty} action={emptyAction} /> }}
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
