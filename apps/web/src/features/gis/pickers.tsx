import type { AssetCategoryRow, RoadRow } from '@luxgrid/contracts/gis';
import { Select, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, type TableEnvelope } from '../../shared/request';
import { type Nested, nest } from '../../shared/table/tree';
import { categoryApi, roadApi } from './api';

/** A category in a tree picker. */
export interface CategoryNode {
  value: number;
  title: string;
  children?: CategoryNode[];
}

/** The categories as a picker's tree; `without` and everything below it left out (a category's own parent picker). */
export function categoryTree(rows: readonly AssetCategoryRow[], without?: number): CategoryNode[] {
  const toNode = (c: Nested<AssetCategoryRow>): CategoryNode => ({
    value: c.categoryId,
    title: c.name,
    children: c.children?.filter((k) => k.categoryId !== without).map(toNode),
  });
  return nest(
    rows.filter((c) => c.categoryId !== without),
    (c) => c.categoryId,
    (c) => c.parentId,
  )
    .filter((c) => c.parentId === 0 || !rows.some((r) => r.categoryId === c.parentId))
    .map(toNode);
}

/** The customer's asset categories as a tree, and the flat list (for labels and filters). */
export function useCategories(version = 0) {
  const [rows, setRows] = useState<AssetCategoryRow[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    let alive = true;
    categoryApi.list({}).then(
      (res) => alive && setRows(res.rows ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [version]);
  const tree = useMemo(() => categoryTree(rows), [rows]);
  return { rows, tree };
}

/** The project's roads (at most 500) for pickers and filters. */
export function useRoads(projectId: number, version = 0) {
  const [rows, setRows] = useState<RoadRow[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    let alive = true;
    roadApi.list({ projectId, pageSize: 500 }).then(
      (res) => alive && setRows(res.rows ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [projectId, version]);
  return rows;
}

export function CategorySelect(props: {
  value?: number;
  onChange?: (value: number) => void;
  tree: CategoryNode[];
  testId?: string;
}) {
  return (
    <TreeSelect
      value={props.value}
      onChange={props.onChange}
      treeData={props.tree}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      data-testid={props.testId}
    />
  );
}

/** A registered device of the project, found by UID or name as one types. */
export function DeviceSelect({
  projectId,
  value,
  onChange,
  initial,
}: {
  projectId: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** the linked device's UID, shown before any search */
  initial?: string | null;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    value && initial ? [{ value, label: initial }] : [],
  );
  const search = (keyword: string) => {
    if (!keyword) return;
    http
      .get<TableEnvelope<{ deviceId: number; uid: string; name: string }>>(
        '/lighting/device/list',
        { projectId, keyword, pageSize: 20 },
        { silent: true },
      )
      .then(
        (res) => setOptions((res.rows ?? []).map((d) => ({ value: d.deviceId, label: `${d.uid} · ${d.name}` }))),
        () => undefined,
      );
  };
  return (
    <Select
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      options={options}
      placeholder={t('gisAsset.devicePlaceholder')}
    />
  );
}
