import type { Rule, RuleRender } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The server's rules (contracts/lorawan.ts): mqtt(s):// or ws(s):// and a host, no credentials in the URL. */
export const BROKER_URL_PATTERN =
  /^(mqtts?|wss?):\/\/([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?(\/\S*)?$/;
export const APPLICATION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A connection names both its broker and its application, or neither (the project then has none). */
export const pairedRule =
  (t: TFunction, other: string): RuleRender =>
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      !String(value ?? '').trim() && String(getFieldValue(['lorawan', other]) ?? '').trim()
        ? Promise.reject(new Error(t('lwSettings.bothRequired')))
        : Promise.resolve(),
  });

export const brokerUrlRule = (t: TFunction): Rule => ({
  pattern: BROKER_URL_PATTERN,
  message: t('lwSettings.brokerUrlInvalid'),
});
export const applicationIdRule = (t: TFunction): Rule => ({
  pattern: APPLICATION_ID_PATTERN,
  message: t('lwSettings.applicationIdInvalid'),
});
