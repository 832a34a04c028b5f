import { i18n } from '../locales';
import { ALL_CUSTOMERS_ID, REPEAT_SUBMIT_WINDOW_MS, REQUEST_TIMEOUT_MS, TRANSPORT_ERROR_DURATION_S } from './constants';
import { feedback } from './feedback';
import { storage } from './storage';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Params = Record<string, unknown>;

export interface Envelope {
  code: number;
  msg?: string;
  [key: string]: unknown;
}
export interface DataEnvelope<T> extends Envelope {
  data: T;
}
export interface TableEnvelope<T> extends Envelope {
  rows: T[];
  total: number;
}

export interface RequestOptions {
  url: string;
  method?: Method;
  params?: Params;
  data?: unknown;
  headers?: Record<string, string>;
  timeout?: number;
  /** false: send no token (login, captcha, register). */
  withToken?: boolean;
  /** false: skip the duplicate-submit check (table queries sent by POST, task queries). */
  repeatSubmit?: boolean;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** true: failures are thrown without being shown, and a 401 does not end the session (public login-page data). */
  silent?: boolean;
}

/** An error already shown to the user; callers may catch it to stop their own flow. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * Task-query paths polled by the task screens: repeated identical posts are expected there
 * (spec §5 exempts four of them without naming them; these are ours).
 */
export const REPEAT_SUBMIT_EXEMPT_PATHS = [
  '/lighting/task/query',
  '/lighting/task/queryGroup',
  '/lighting/task/queryStrategy',
  '/lighting/task/queryLog',
] as const;

const t = (key: string) => i18n.t(key);

export function defaultMessageByCode(code: number): string {
  switch (code) {
    case 401:
      return t('errors.401');
    case 403:
      return t('errors.403');
    case 404:
      return t('errors.404');
    default:
      return t('errors.default');
  }
}

/** Serialises params the RuoYi way: nested objects become `params[beginTime]=…`; empty values are left out. */
export function toQueryString(params: Params | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const push = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Params)) push(`${key}[${inner}]`, innerValue);
    } else if (Array.isArray(value)) {
      for (const item of value) push(key, item);
    } else {
      push(key, value);
    }
  }
  return parts.join('&');
}

export function buildHeaders(withToken: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': storage.getLang() };
  const token = storage.getToken();
  if (withToken && token) {
    headers.access_token = token;
    headers.Authorization = `Bearer ${token}`;
  }
  const customer = storage.getJson<{ id: number | string }>(storage.keys.currentCustomer);
  headers.clientId = customer && Number(customer.id) !== ALL_CUSTOMERS_ID ? String(customer.id) : '';
  const project = storage.getJson<{ id: number | string }>(storage.keys.currentProject);
  if (project?.id !== undefined && project?.id !== null) headers.projectId = String(project.id);
  return headers;
}

// ----- duplicate submit -------------------------------------------------------------
let lastSubmit: { key: string; time: number } | null = null;

/** Returns true when the same url+body was submitted less than 1 s ago. */
export function isRepeatSubmit(url: string, body: unknown, now = Date.now()): boolean {
  const key = `${url}|${typeof body === 'string' ? body : JSON.stringify(body ?? null)}`;
  const previous = lastSubmit;
  lastSubmit = { key, time: now };
  return previous !== null && previous.key === key && now - previous.time < REPEAT_SUBMIT_WINDOW_MS;
}

export function resetRepeatSubmit(): void {
  lastSubmit = null;
}

// ----- 401 ----------------------------------------------------------------------------
let unauthorizedHandler: (() => void) | null = null;
let reloginInProgress = false;

/** The session module says what "log out once" means; the request layer only guarantees "once". */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Called after a fresh login so that a later 401 is handled again. */
export function resetUnauthorized(): void {
  reloginInProgress = false;
}

function handleUnauthorized(): void {
  if (reloginInProgress) return;
  reloginInProgress = true;
  feedback.error(t('errors.loginExpired'));
  unauthorizedHandler?.();
}

// ----- the client ---------------------------------------------------------------------
function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function isExempt(url: string): boolean {
  return REPEAT_SUBMIT_EXEMPT_PATHS.some((path) => url.startsWith(path));
}

export async function request<T = Envelope>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const withToken = options.withToken !== false;
  const headers: Record<string, string> = { ...buildHeaders(withToken), ...options.headers };
  let url = options.url;
  const query = toQueryString(options.params);
  if (query) url += (url.includes('?') ? '&' : '?') + query;

  let body: BodyInit | undefined;
  if (options.data !== undefined && method !== 'GET') {
    if (isFormData(options.data)) body = options.data;
    else {
      body = JSON.stringify(options.data);
      headers['Content-Type'] = 'application/json;charset=utf-8';
    }
  }

  if (
    (method === 'POST' || method === 'PUT') &&
    options.repeatSubmit !== false &&
    headers.repeatSubmit !== 'false' &&
    !isExempt(options.url) &&
    !isFormData(body) &&
    isRepeatSubmit(url, body)
  ) {
    console.warn(`[${options.url}]: not allowed to repeat submit`);
    const text = t('errors.repeatSubmit');
    feedback.error(text);
    throw new RequestError(text);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: controller.signal });
  } catch (error) {
    clearTimeout(timer);
    if (options.signal?.aborted && !timedOut) throw error;
    const text = timedOut ? t('errors.timeout') : t('errors.network');
    if (!options.silent) feedback.error(text, TRANSPORT_ERROR_DURATION_S);
    throw new RequestError(text);
  }

  try {
    const contentType = response.headers.get('content-type') ?? '';
    if (options.responseType === 'blob' && !contentType.includes('application/json')) {
      if (!response.ok) throw httpFailure(options.silent);
      return (await response.blob()) as T;
    }
    if (!contentType.includes('json')) {
      if (!response.ok) throw httpFailure(options.silent);
      return (await response.text()) as T;
    }
    const envelope = (await response.json()) as Envelope;
    return handleEnvelope<T>(envelope, response.ok, options.silent);
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const text = timedOut ? t('errors.timeout') : t('errors.unknown');
    if (!options.silent) feedback.error(text, TRANSPORT_ERROR_DURATION_S);
    throw new RequestError(text);
  } finally {
    clearTimeout(timer);
  }
}

function httpFailure(silent = false): RequestError {
  const text = t('errors.httpFailed');
  if (!silent) feedback.error(text, TRANSPORT_ERROR_DURATION_S);
  return new RequestError(text);
}

/** Spec §8: 200 ok · 401 log out once · 500 server message · 601 as is · others by code. */
export function handleEnvelope<T>(envelope: Envelope, httpOk = true, silent = false): T {
  const code = typeof envelope.code === 'number' ? envelope.code : httpOk ? 200 : 500;
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : '';
  if (code === 200 || code === 601) return envelope as T;
  if (silent) throw new RequestError(msg || defaultMessageByCode(code), code, envelope);
  if (code === 401) {
    handleUnauthorized();
    throw new RequestError(t('errors.loginExpired'), 401, envelope);
  }
  if (code === 500) {
    const text = msg || defaultMessageByCode(500);
    feedback.error(text);
    throw new RequestError(text, 500, envelope);
  }
  const text = msg || defaultMessageByCode(code);
  feedback.notifyError(text);
  throw new RequestError(text, code, envelope);
}

export const http = {
  get: <T = Envelope>(url: string, params?: Params, extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'GET', params }),
  post: <T = Envelope>(url: string, data?: unknown, extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'POST', data }),
  put: <T = Envelope>(url: string, data?: unknown, extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'PUT', data }),
  del: <T = Envelope>(url: string, extra?: Partial<RequestOptions>) => request<T>({ ...extra, url, method: 'DELETE' }),
};
