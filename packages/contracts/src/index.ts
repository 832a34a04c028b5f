export * from './auth.ts';
export * from './errors.ts';
export * from './i18n.ts';
export * from './lighting.ts';
export * from './messages.ts';
export * from './system.ts';
export * from './tenant.ts';
export * from './validation.ts';
