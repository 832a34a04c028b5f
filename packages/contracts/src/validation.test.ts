import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pickLang } from './i18n.ts';
import { MESSAGES } from './messages.ts';
import { idList, roleUsersBody } from './system.ts';
import { alnum, idNumber, phone, renderIssue, text } from './validation.ts';

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

describe('ids', () => {
  it('reads numbers and digit strings, and refuses lists or objects where an id belongs', () => {
    expect(idNumber().parse(12)).toBe(12);
    expect(idNumber().parse('12')).toBe(12);
    expect(idList().parse('1,2')).toEqual([1, 2]);
    for (const junk of [[1], [[1]], { a: 1 }, true, '', '99999999999999999999', 1.5, -1])
      expect(idNumber().safeParse(junk).success).toBe(false);
    expect(idList().safeParse([[1]]).success).toBe(false);
    expect(idList().safeParse({ a: 1 }).success).toBe(false);
  });

  it('names the list when one of its items is wrong', () => {
    const result = roleUsersBody.safeParse({ roleId: 2, userIds: [3, [4]] });
    if (result.success) throw new Error('expected a failure');
    expect(renderIssue(result.error.issues[0]!, 'en-US')).toBe('Users has the wrong format');
    expect(renderIssue(result.error.issues[0]!, 'zh-CN')).toBe('用户格式不正确');
  });
});
