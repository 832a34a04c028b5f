import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pickLang } from './i18n.ts';
import { MESSAGES } from './messages.ts';
import { alnum, phone, renderIssue, text } from './validation.ts';

const firstIssue = (schema: z.ZodType, value: unknown, lang: 'zh-CN' | 'en-US') => {
  const result = z.object({ userName: schema }).safeParse({ userName: value });
  if (result.success) throw new Error('expected a failure');
  return renderIssue(result.error.issues[0]!, lang);
};

describe('languages', () => {
  it('reads Accept-Language and defaults to zh-CN', () => {
    expect(pickLang(undefined)).toBe('zh-CN');
    expect(pickLang('en-US,en;q=0.9')).toBe('en-US');
    expect(pickLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLang('fr-FR')).toBe('zh-CN');
  });

  it('has every message in both languages', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      expect(texts['zh-CN'], key).toBeTruthy();
      expect(texts['en-US'], key).toBeTruthy();
      expect(/[\u4e00-\u9fff]/.test(texts['en-US']), key).toBe(false);
    }
  });
});

describe('validation messages', () => {
  it('names the field and the rule', () => {
    expect(firstIssue(text(2, 20), 'a', 'zh-CN')).toBe('用户名称长度必须在2到20个字符之间');
    expect(firstIssue(text(2, 20), 'a', 'en-US')).toBe('User name must be 2 to 20 characters long');
    expect(firstIssue(text(2, 20), undefined, 'en-US')).toBe('User name cannot be empty');
  });

  it('uses the spec texts', () => {
    expect(firstIssue(alnum(1, 20), 'ab-c', 'en-US')).toBe('Only numbers and letters allowed');
    expect(firstIssue(phone(), '12345', 'en-US')).toBe('Invalid Phone Number Format');
  });

  it('accepts valid values', () => {
    expect(text(2, 20).parse('  路灯  ')).toBe('路灯');
    expect(phone().parse('13800138000')).toBe('13800138000');
  });
});
