import { phone } from '@luxgrid/contracts';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../locales';
import { bandRule, CJK_PATTERN, HOME_ROUTER_PATTERN, isLoRaWan, operatorRules, PHONE_PATTERN } from './rules';

const t = i18n.t.bind(i18n);

/** Runs an antd rule's validator the way a Form does. */
async function check(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator?.(rule, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('tenant form rules', () => {
  it('accept the same phone numbers as the server', () => {
    for (const value of ['', '13912345678', '+86 10 1234 5678', '010-12345678', '12ab', '1391234567x', '+']) {
      expect(PHONE_PATTERN.test(value), value).toBe(phone().safeParse(value).success);
    }
  });

  it('need a band standard for LoRaWAN projects only', async () => {
    const form = (commType: string) =>
      ({ getFieldValue: (name: string) => (name === 'commType' ? commType : undefined) }) as unknown as FormInstance;
    const lora = (bandRule(t) as (form: FormInstance) => RuleObject)(form('4'));
    const plc = (bandRule(t) as (form: FormInstance) => RuleObject)(form('1'));
    expect(await check(lora, undefined)).toBe('LoRaWAN 项目必须选择频段标准');
    expect(await check(lora, 'CN470')).toBeNull();
    expect(await check(plc, undefined)).toBeNull();
    expect(isLoRaWan(4)).toBe(true);
  });

  it('refuse Chinese and 20 characters in the operator', async () => {
    const [length, chinese] = operatorRules(t, '操作员') as RuleObject[];
    expect(length?.max).toBe(19);
    expect(await check(chinese!, '操作员a')).toBe('操作员不能包含中文字符');
    expect(await check(chinese!, 'ops-01')).toBeNull();
    expect(CJK_PATTERN.test('ｏｐｓ')).toBe(true); // full-width letters are refused as well
  });

  it('accept an in-app route or an address as homepage', () => {
    expect(HOME_ROUTER_PATTERN.test('/web/lighting/device')).toBe(true);
    expect(HOME_ROUTER_PATTERN.test('https://screen.example.com')).toBe(true);
    expect(HOME_ROUTER_PATTERN.test('web/x')).toBe(false);
  });
});
