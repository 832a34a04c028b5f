import type { ReactNode } from 'react';
import { DATE_COLUMN_WIDTH } from '../constants';
import { DictTag } from '../DictTag';
import { formatDateTime } from '../date';
import { useDict } from '../dict';
import type { ProColumn } from './ProTable';
import { StatusSwitch } from './StatusSwitch';

/*
 * The columns every list repeats. Each helper takes the row field (key and data index at once),
 * the title the user reads, and whatever the column wants besides (width, sortField, defaultHidden …),
 * which wins over the helper's defaults.
 */

type Field<T> = Extract<keyof T, string>;
type More<T> = Partial<ProColumn<T>>;

/** A plain value. */
export function column<T>(key: Field<T>, title: string, more?: More<T>): ProColumn<T> {
  return { key, dataIndex: key, title, ...more };
}

/** Text that may be long: one line, cut with an ellipsis (the full text on hover). */
export function textColumn<T>(key: Field<T>, title: string, more?: More<T>): ProColumn<T> {
  return { key, dataIndex: key, title, ellipsis: true, ...more };
}

/** A row's number: narrow, sortable by the server. */
export function idColumn<T>(key: Field<T>, title: string, more?: More<T>): ProColumn<T> {
  return { key, dataIndex: key, title, width: 90, sortField: key, ...more };
}

/** The label(s) of a dictionary value, as a tag coloured by the dictionary. */
export function DictCell({ dictType, value }: { dictType: string; value: unknown }) {
  const options = useDict(dictType);
  return <DictTag options={options} value={value} />;
}

export function dictColumn<T>(key: Field<T>, title: string, dictType: string, more?: More<T>): ProColumn<T> {
  return {
    key,
    dataIndex: key,
    title,
    width: 90,
    render: (value: unknown) => <DictCell dictType={dictType} value={value} />,
    ...more,
  };
}

/** A date and time in the spec's format (yyyy-MM-dd HH:mm:ss). */
export function timeColumn<T>(key: Field<T>, title: string, more?: More<T>): ProColumn<T> {
  return {
    key,
    dataIndex: key,
    title,
    width: DATE_COLUMN_WIDTH + 30,
    render: (value: string | null | undefined) => formatDateTime(value),
    ...more,
  };
}

/**
 * A row's normal / disabled status ('0' / '1') as a switch that asks first and follows only
 * when the server agreed; where `canChange(row)` is false, the status as a label.
 */
export function statusSwitchColumn<T>(
  title: string,
  options: {
    key?: Field<T>;
    /** what the confirmation names */
    name: (row: T) => string;
    change: (row: T, next: '0' | '1') => Promise<unknown>;
    canChange?: (row: T) => boolean;
    testId?: (row: T) => string;
    confirmText?: (row: T, enable: boolean) => string;
    ariaLabel?: (row: T) => string;
  },
  more?: More<T>,
): ProColumn<T> {
  const key = options.key ?? ('status' as Field<T>);
  return {
    key,
    dataIndex: key,
    title,
    width: 90,
    render: (value: string, row: T) =>
      !options.canChange || options.canChange(row) ? (
        <StatusSwitch
          status={value}
          name={options.name(row)}
          onChange={(next) => options.change(row, next)}
          testId={options.testId?.(row)}
          confirmText={options.confirmText && ((enable) => options.confirmText!(row, enable))}
          ariaLabel={options.ariaLabel?.(row)}
        />
      ) : (
        <DictCell dictType="sys_normal_disable" value={value} />
      ),
    ...more,
  };
}

/** The row's buttons, fixed at the right edge. */
export function actionsColumn<T>(
  title: string,
  width: number,
  render: (row: T) => ReactNode,
  more?: More<T>,
): ProColumn<T> {
  return { key: 'actions', title, width, fixed: 'right', render: (_: unknown, row: T) => render(row), ...more };
}
