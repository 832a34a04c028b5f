import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysLeft, elapsedPercent, periodEnd, validStateOf } from './validity';

const at = (text: string) => dayjs(text).valueOf();

describe('customer validity', () => {
  it('is not started before its start, normal within, expired after its end', () => {
    const from = '2026-01-01 00:00:00';
    const to = '2026-12-31 23:59:59';
    expect(validStateOf(from, to, at('2025-12-31 23:59:59'))).toBe('not_started');
    expect(validStateOf(from, to, at('2026-01-01 00:00:00'))).toBe('normal');
    expect(validStateOf(from, to, at('2026-12-31 23:59:59'))).toBe('normal');
    expect(validStateOf(from, to, at('2027-01-01 00:00:00'))).toBe('expired');
  });

  it('treats open ends as unbounded', () => {
    expect(validStateOf(null, null, at('2030-01-01'))).toBe('normal');
    expect(validStateOf('', '2020-01-01', at('2030-01-01'))).toBe('expired');
    expect(validStateOf('2031-01-01', undefined, at('2030-01-01'))).toBe('not_started');
  });

  it('counts days left and elapsed share', () => {
    const now = at('2026-01-01 00:00:00');
    expect(daysLeft('2026-01-11 00:00:00', now)).toBe(10);
    expect(daysLeft('2025-01-01', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(elapsedPercent('2025-12-31 00:00:00', '2026-01-02 00:00:00', now)).toBe(50);
    expect(elapsedPercent(null, '2026-01-02', now)).toBeNull();
  });
});

describe('period end', () => {
  it('ends one second before the periods run out', () => {
    const start = dayjs('2026-01-15 08:00:00');
    expect(periodEnd(start, 'day', 10).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-25 07:59:59');
    expect(periodEnd(start, 'month', 1).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-15 07:59:59');
    expect(periodEnd(start, 'quarter', 1).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-04-15 07:59:59');
    expect(periodEnd(start, 'year', 3).format('YYYY-MM-DD HH:mm:ss')).toBe('2029-01-15 07:59:59');
  });

  it('keeps a month end a month end', () => {
    expect(periodEnd(dayjs('2026-01-31 00:00:00'), 'month', 1).format('YYYY-MM-DD HH:mm:ss')).toBe(
      '2026-02-27 23:59:59',
    );
  });
});
