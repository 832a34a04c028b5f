import { lorawanSettingsBody } from '@luxgrid/contracts';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../locales';
import { APPLICATION_ID_PATTERN, BROKER_URL_PATTERN, pairedRule } from './rules';

const t = i18n.t.bind(i18n);
const settings = (brokerUrl: string, applicationId = '4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77') =>
  lorawanSettingsBody.safeParse({ projectId: 1, brokerUrl, applicationId, bandStandard: 'CN470' }).success;

describe('ChirpStack connection rules', () => {
  it('accept and refuse the broker addresses and application ids the server does', () => {
    const urls = [
      'mqtt://10.0.0.5',
      'mqtts://chirpstack.example.net:8883',
      'wss://cs.example.net/mqtt',
      'http://cs',
      'mqtt://user:pw@cs',
      'mqtt://',
      'cs:1883',
    ];
    for (const url of urls) expect(BROKER_URL_PATTERN.test(url), url).toBe(settings(url));
    for (const id of ['4F1C2B8E-0D7A-4C55-9A3E-2B6F0C1D9E77', 'street-lights', ''])
      expect(APPLICATION_ID_PATTERN.test(id), id).toBe(settings('mqtt://cs', id));
  });

  it('asks for the broker and the application together, or neither', async () => {
    const form = (other: string) => ({ getFieldValue: () => other }) as unknown as FormInstance;
    const check = async (value: string, other: string) => {
      const rule: RuleObject = pairedRule(t, 'applicationId')(form(other));
      try {
        await rule.validator?.(rule, value, () => undefined);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    await i18n.changeLanguage('en-US');
    expect(await check('', '')).toBeNull();
    expect(await check('mqtt://cs', 'x')).toBeNull();
    expect(await check('', '4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77')).toBe(
      'Fill in both the broker URL and the application id',
    );
    await i18n.changeLanguage('zh-CN');
    expect(await check(' ', 'x')).toBe('地址和应用 ID 须同时填写');
  });
});
