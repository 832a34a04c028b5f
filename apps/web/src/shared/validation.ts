import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Spec §5 length rules, shared by every form that asks for them. */
export const userNameRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('login.usernameRequired') },
  { min: 2, max: 20, message: t('validation.userNameLength') },
];

export const passwordRules = (t: TFunction): Rule[] => [
  { required: true, message: t('login.passwordRequired') },
  { min: 6, max: 20, message: t('validation.passwordLength') },
  { pattern: /^[^<>"'|\\]+$/, message: t('validation.passwordChars') },
];

/** The same rules for a password that may be left empty (the server then draws one). */
export const optionalPasswordRules = (t: TFunction): Rule[] => passwordRules(t).filter((rule) => !('required' in rule));

export const onlyLettersAndDigits = (t: TFunction): Rule => ({
  pattern: /^[A-Za-z0-9]+$/,
  message: t('validation.lettersDigits'),
});
