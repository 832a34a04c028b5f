import { Tag } from 'antd';
import type { DictItem } from './dict';

/** Element-style list classes mapped to antd tag colours. */
const COLOURS: Record<string, string | undefined> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
  default: undefined,
};

export function dictLabel(options: readonly DictItem[], value: unknown): string {
  const found = options.find((item) => item.dictValue === String(value));
  return found ? found.dictLabel : value === null || value === undefined ? '' : String(value);
}

/** Shows the label(s) of a dictionary value; several values may come comma-separated. */
export function DictTag({
  options,
  value,
  separator = ',',
}: {
  options: readonly DictItem[];
  value: unknown;
  separator?: string;
}) {
  if (value === null || value === undefined || value === '') return null;
  const values = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return (
    <span data-testid="dict-tag">
      {values.map((item) => {
        const option = options.find((entry) => entry.dictValue === item);
        if (!option) return <span key={item}>{item} </span>;
        if (!option.listClass || option.listClass === 'default' || option.listClass === '') {
          return (
            <span key={item} className={option.cssClass || undefined}>
              {option.dictLabel}
            </span>
          );
        }
        return (
          <Tag key={item} color={COLOURS[option.listClass]} className={option.cssClass || undefined}>
            {option.dictLabel}
          </Tag>
        );
      })}
    </span>
  );
}
