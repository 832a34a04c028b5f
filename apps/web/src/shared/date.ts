import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT, RANGE_DEFAULT_TIME } from './constants';

/** Date pickers default to yyyy-MM-dd HH:mm:ss; ranges default to 00:00:00 – 23:59:59 (spec §5). */
export const DATE_PICKER_DEFAULTS = {
  format: DATE_TIME_FORMAT,
  showTime: true,
} as const;

export const RANGE_PICKER_DEFAULTS = {
  format: DATE_TIME_FORMAT,
  showTime: {
    defaultValue: [dayjs(RANGE_DEFAULT_TIME[0], 'HH:mm:ss'), dayjs(RANGE_DEFAULT_TIME[1], 'HH:mm:ss')] as [
      Dayjs,
      Dayjs,
    ],
  },
} as const;

/** A picked range as RuoYi's params[beginTime] / params[endTime]. */
export function rangeParams(range: [Dayjs | null, Dayjs | null] | null | undefined): {
  beginTime?: string;
  endTime?: string;
} {
  if (!range?.[0] || !range[1]) return {};
  return { beginTime: range[0].format(DATE_TIME_FORMAT), endTime: range[1].format(DATE_TIME_FORMAT) };
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : String(value);
}
