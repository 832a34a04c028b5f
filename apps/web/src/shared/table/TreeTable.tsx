import { NodeCollapseOutlined, NodeExpandOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Space, Table, type TableColumnType, Tooltip } from 'antd';
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
import { TABLE_DEFAULT_HEIGHT } from '../constants';
import type { Params } from '../request';
import { EmptyState } from './EmptyState';
import { readSearch, SearchBar, type SearchField } from './SearchBar';
import { type Nested, nest, pruneEmpty } from './tree';

export interface TreeTableRef {
  /** Load again with the current filters (after an add, edit or delete). */
  reload(): Promise<void>;
}

export interface TreeTableProps<T> {
  /** The flat rows for the filters; the table nests them by `idOf` / `parentOf`. */
  load: (filters: Params) => Promise<T[]>;
  idOf: (row: T) => number;
  parentOf: (row: T) => number;
  rowKey: string;
  columns: TableColumnType<Nested<T>>[];
  searchFields?: SearchField[];
  /** Search values the table starts with and that a reset keeps (the subsystem of a menu tree). */
  fixedFilters?: Params;
  /** 'all': every branch open (a short tree); 'none': closed until a search shows its matches in place. */
  expand: 'all' | 'none';
  /** Buttons left of the expand / collapse button. */
  toolbar?: ReactNode;
  /** What the tree says when it holds nothing; a search that matches nothing says so instead. */
  empty: ReactNode;
  /** The table is `<testId>-table`, the expand / collapse button `<testId>-expand`. */
  testId: string;
  ref?: Ref<TreeTableRef>;
}

/** A tree of rows without paging (departments, menus): search bar, expand / collapse all, refresh. */
export function TreeTable<T extends object>({
  load,
  idOf,
  parentOf,
  rowKey,
  columns,
  searchFields = [],
  fixedFilters,
  expand,
  toolbar,
  empty,
  testId,
  ref,
}: TreeTableProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Params>(() => ({ ...fixedFilters }));
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  // a page may pass these inline: the filters and the rows alone decide when to fetch and nest
  const given = useRef({ load, idOf, parentOf });
  given.current = { load, idOf, parentOf };

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await given.current.load(filters));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [filters]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useImperativeHandle(ref, () => ({ reload }), [reload]);

  const tree = useMemo(() => pruneEmpty(nest(rows, given.current.idOf, given.current.parentOf)), [rows]);
  const parentIds = useMemo(() => {
    const parents = new Set(rows.map(given.current.parentOf));
    return rows.map(given.current.idOf).filter((id) => parents.has(id));
  }, [rows]);
  const fixedKeys = Object.keys(fixedFilters ?? {});
  const filtering = Object.keys(filters).some((key) => !fixedKeys.includes(key));
  const allExpanded = parentIds.length > 0 && expanded.length >= parentIds.length;

  useEffect(() => {
    setExpanded(expand === 'all' || filtering ? parentIds : []);
  }, [expand, filtering, parentIds]);

  const onSearch = () => setFilters({ ...fixedFilters, ...readSearch(searchFields, form.getFieldsValue()) });
  const onReset = () => {
    const kept = Object.fromEntries(fixedKeys.map((key) => [key, filters[key]]));
    form.resetFields();
    form.setFieldsValue(kept);
    setFilters(kept);
  };

  return (
    <>
      {searchFields.length > 0 && (
        <SearchBar
          form={form}
          fields={searchFields}
          onSearch={onSearch}
          onReset={onReset}
          initialValues={fixedFilters}
        />
      )}
      <div className="lx-toolbar">
        <Space wrap>
          {toolbar}
          <Button
            icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(allExpanded ? [] : parentIds)}
            data-testid={`${testId}-expand`}
          >
            {allExpanded ? t('table.collapseAll') : t('table.expandAll')}
          </Button>
        </Space>
        <Tooltip title={t('table.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('table.refresh')}
            onClick={() => void reload()}
          />
        </Tooltip>
      </div>
      <Table<Nested<T>>
        rowKey={rowKey}
        columns={columns}
        dataSource={tree}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content', y: TABLE_DEFAULT_HEIGHT }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        locale={{ emptyText: <EmptyState description={filtering ? t('table.noMatch') : empty} /> }}
        data-testid={`${testId}-table`}
      />
    </>
  );
}
