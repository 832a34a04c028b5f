import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Mobile numbers as the server accepts them (mainland mobiles or international digits). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|\+?[0-9][0-9 -]{5,18})$/;

export const required = (message: string, whitespace = true): Rule => ({ required: true, whitespace, message });

export { maxLength, sortRules } from '../../../shared/table/fields';

export const phoneRule = (t: TFunction): Rule => ({ pattern: PHONE_PATTERN, message: t('validation.phoneInvalid') });

export const emailRule = (t: TFunction): Rule => ({ type: 'email', max: 50, message: t('sysCommon.emailInvalid') });
