import { CODE, type Code, type MessageKey } from '@luxgrid/contracts';

/** A failure meant for the user: an envelope code plus a message key rendered in their language. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly key: MessageKey,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const fail = (key: MessageKey, params?: Record<string, unknown>) => new AppError(CODE.ERROR, key, params);
export const warn = (key: MessageKey, params?: Record<string, unknown>) => new AppError(CODE.WARN, key, params);
export const notFound = () => new AppError(CODE.NOT_FOUND, 'http.404');
export const forbidden = (key: MessageKey = 'http.403') => new AppError(CODE.FORBIDDEN, key);
export const unauthorized = (key: MessageKey = 'http.401') => new AppError(CODE.UNAUTHORIZED, key);

/** A list of field failures already rendered in the user's language. */
export class ValidationFailure extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}
