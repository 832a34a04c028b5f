import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Same pattern as the server's phone rule (contracts/validation.ts): a mainland mobile or an international number. */
export const PHONE_PATTERN = /^(|1[3-9]\d{9}|\+?[0-9][0-9 -]{5,18})$/;
/** Any character of the CJK blocks: the operator name must not contain Chinese. */
export const CJK_PATTERN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
export const ALNUM_PATTERN = /^[A-Za-z0-9]*$/;
export const HOME_ROUTER_PATTERN = /^(|\/\S*|https?:\/\/\S+)$/;
export const URL_PATTERN = /^https?:\/\/\S+$/i;

export const CUSTOMER_TEXT_MAX = 40;
export const PACKAGE_NAME_MIN = 2;
export const PACKAGE_NAME_MAX = 40;
/** Operator: fewer than 20 characters. */
export const OPERATOR_MAX = 19;
/** Communication type value of LoRaWAN projects (dictionary lighting_comm_type, LORA = 4). */
export const LORAWAN_COMM_TYPE = '4';

export const isLoRaWan = (commType: unknown): boolean => String(commType ?? '') === LORAWAN_COMM_TYPE;

/** Customer texts: at most 40 characters, 'Cannot exceed 40 characters' (spec §5). */
export const max40 = (t: TFunction): Rule => ({ max: CUSTOMER_TEXT_MAX, message: t('validation.max40') });

export const requiredRule = (t: TFunction, label: string): Rule => ({
  required: true,
  whitespace: true,
  message: t('tenantShared.required', { label }),
});

export const phoneRule = (t: TFunction): Rule => ({ pattern: PHONE_PATTERN, message: t('validation.phoneInvalid') });

export const alnumRule = (t: TFunction): Rule => ({ pattern: ALNUM_PATTERN, message: t('validation.lettersDigits') });

export const noChineseRule = (t: TFunction, label: string): Rule => ({
  validator: (_, value: unknown) =>
    typeof value === 'string' && CJK_PATTERN.test(value)
      ? Promise.reject(new Error(t('tenantShared.noChinese', { label })))
      : Promise.resolve(),
});

/** Operator of a project: no Chinese characters, under 20 characters (spec §5). */
export const operatorRules = (t: TFunction, label: string): Rule[] => [
  { max: OPERATOR_MAX, message: t('tenantShared.under20', { label }) },
  noChineseRule(t, label),
];

/** Band standard: required for LoRaWAN projects (spec §5). */
export const bandRule =
  (t: TFunction): Rule =>
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      isLoRaWan(getFieldValue('commType')) && !value
        ? Promise.reject(new Error(t('tenantShared.bandRequired')))
        : Promise.resolve(),
  });

export const packageNameRules = (t: TFunction, label: string): Rule[] => [
  requiredRule(t, label),
  {
    min: PACKAGE_NAME_MIN,
    max: PACKAGE_NAME_MAX,
    message: t('tenantShared.length', { label, min: PACKAGE_NAME_MIN, max: PACKAGE_NAME_MAX }),
  },
];

/** A subscription needs a package: 'Package cannot be empty' (spec §5). */
export const packageRequiredRule = (t: TFunction): Rule => ({
  required: true,
  message: t('validation.packageRequired'),
});

export const homeRouterRule = (t: TFunction): Rule => ({
  pattern: HOME_ROUTER_PATTERN,
  message: t('tenantShared.homeRouterFormat'),
});

export const urlRule = (t: TFunction): Rule => ({ pattern: URL_PATTERN, message: t('tenantShared.urlFormat') });

export { trimValues } from '../../shared/trim';
