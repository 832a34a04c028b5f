import { describe, expect, it } from 'vitest';
import { i18n } from '../../locales';
import {
  durationParts,
  exportBody,
  formatBytes,
  formatDuration,
  formatMs,
  prettyValue,
  usageColour,
  usageStatus,
} from './format';

describe('monitor formatting', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(11_378_811)).toBe('10.85 MB');
    expect(formatBytes(270_553_174_016)).toBe('251.97 GB');
    expect(formatBytes(undefined)).toBe('-');
    expect(formatBytes(Number.NaN)).toBe('-');
  });

  it('splits and words durations in the reader language', () => {
    expect(durationParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    const zh = i18n.getFixedT('zh-CN');
    const en = i18n.getFixedT('en-US');
    expect(formatDuration(42, zh)).toBe('42 秒');
    expect(formatDuration(617, en)).toBe('10 min 17 s');
    expect(formatDuration(3 * 3600 + 120, en)).toBe('3 h 2 min');
    expect(formatDuration(2 * 86_400 + 5 * 3600 + 59, zh)).toBe('2 天 5 小时');
    expect(formatDuration(null, en)).toBe('-');
  });

  it('formats milliseconds', () => {
    expect(formatMs(12.345)).toBe('12.35 ms');
    expect(formatMs(65_000)).toBe('65 s');
    expect(formatMs(null)).toBe('-');
  });

  it('colours usage green, orange from 70 % and red from 90 %', () => {
    expect(usageColour(69.9)).toBe('#52c41a');
    expect(usageColour(70)).toBe('#faad14');
    expect(usageColour(90)).toBe('#ff4d4f');
    expect([usageStatus(10), usageStatus(75), usageStatus(95)]).toEqual(['success', 'normal', 'exception']);
  });

  it('indents JSON values and leaves other text alone', () => {
    expect(prettyValue('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyValue('42')).toBe('42');
    expect(prettyValue('plain text')).toBe('plain text');
  });

  it('flattens the date range for export bodies', () => {
    expect(
      exportBody({
        jobId: 3,
        status: '1',
        params: { beginTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' },
      }),
    ).toEqual({
      jobId: 3,
      status: '1',
      'params[beginTime]': '2026-01-01 00:00:00',
      'params[endTime]': '2026-01-31 23:59:59',
    });
  });
});
