import { describe, expect, it } from 'vitest';
import { AREA_TEXTS } from './areas';
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

  it('each area holds identical key sets in both languages, apart from the shell keys', () => {
    const shellKeys = new Set(Object.keys(zhCN));
    const seen = new Set<string>();
    for (const [area, texts] of Object.entries(AREA_TEXTS)) {
      expect(keys(texts['zh-CN']).sort(), area).toEqual(keys(texts['en-US']).sort());
      for (const top of Object.keys(texts['zh-CN'])) {
        expect(shellKeys.has(top), `${area}.${top} collides with a shell key`).toBe(false);
        expect(seen.has(top), `${area}.${top} is used by two areas`).toBe(false);
        seen.add(top);
      }
      for (const text of [...leaves(texts['zh-CN']), ...leaves(texts['en-US'])]) expect(text.trim()).not.toBe('');
      expect(leaves(texts['en-US']).filter((text) => /[\u4e00-\u9fff]/.test(text))).toEqual([]);
    }
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
