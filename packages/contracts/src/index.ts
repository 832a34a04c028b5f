export * from './auth.ts';
export * from './errors.ts';
export * from './i18n.ts';
export * from './messages.ts';
export * from './validation.ts';
