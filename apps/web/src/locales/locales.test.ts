import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(leaves);
}

describe('locales', () => {
  it('zh-CN and en-US hold identical key sets', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
  });

  it('no text is empty and the English texts contain no Chinese', () => {
    for (const text of [...leaves(zhCN), ...leaves(enUS)]) expect(text.trim()).not.toBe('');
    expect(leaves(enUS).filter((text) => /[\u4e00-\u9fff]/.test(text))).toEqual([]);
  });

  it('quotes the spec English texts verbatim', () => {
    const all = leaves(enUS);
    for (const text of [
      'Please do not submit repeatedly',
      'System API request timeout',
      'Backend API connection exception',
      'API request exception',
      'Authentication failed, unable to access system resources',
      'No permission for current operation',
      'Accessed resource does not exist',
      'Unknown system error, please report to the administrator',
      'Data downloading exception, please try again later',
      'Login status has expired, please log in again',
      'Upload file failed, please try again',
      'upload image failed, please retry',
      'copied to clipboard successfully',
      'Can only select 1 user!',
    ]) {
      expect(all).toContain(text);
    }
    expect(enUS.upload.badFormat.startsWith('Incorrect file format')).toBe(true);
  });
});
