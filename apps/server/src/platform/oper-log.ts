import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from './context.ts';

/** One operation as the platform records it; the area that keeps the operation log stores it. */
export interface OperLogEntry {
  clientId: number | null;
  title: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operParam: string;
  jsonResult: string;
  status: number;
  errorMsg: string;
  operTime: Date;
  costTime: number;
}

/** Stores one operation-log entry (the system area's log table). */
export type OperLogWriter = (entry: OperLogEntry) => Promise<unknown>;

const SECRET_KEYS = /pass(word)?|pwd|secret|token|captcha|^code$/i;
const MAX_TEXT = 2000;

/** Replaces secrets anywhere in a payload before it is logged; what nests deeper than the log shows is cut. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.test(key) ? '******' : maskSecrets(v, depth + 1);
  return out;
}

/** Shortens a logged text and drops NUL characters, which the database cannot store. */
function clip(text: string): string {
  const clean = text.includes('\0') ? text.replaceAll('\0', '') : text;
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean;
}

/** The request's parameters as logged, secrets masked; never throws, whatever the request carried. */
function loggedParams(request: FastifyRequest): string {
  try {
    const body = request.body;
    const params = {
      ...(request.params as object),
      ...(request.query as object),
      ...(body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as object) : {}),
      ...(Array.isArray(body) ? { body } : {}),
    };
    return JSON.stringify(maskSecrets(params)) ?? '';
  } catch {
    return '';
  }
}

/**
 * Writes an operation-log row for every route that declares `config.operLog` (all mutating routes),
 * whether the operation succeeded or failed: nothing the request carried may keep the row from being written.
 */
export function registerOperLog(app: FastifyInstance, deps: Deps, write: OperLogWriter): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config?.operLog;
    if (!config) return payload;
    const ctx = request.ctx;
    let result = typeof payload === 'string' ? payload : '';
    let status = 0;
    let errorMsg = '';
    try {
      const parsed = result ? (JSON.parse(result) as { code?: number; msg?: string }) : {};
      if (parsed.code !== undefined && parsed.code !== 200) {
        status = 1;
        errorMsg = parsed.msg ?? '';
      }
      result = JSON.stringify(maskSecrets(parsed));
    } catch {
      result = '';
    }
    if (reply.statusCode >= 400) status = 1;
    const row: OperLogEntry = {
      clientId: ctx?.principal.clientId ?? null,
      title: config.title,
      businessType: config.businessType,
      method: `${request.routeOptions.url}`,
      requestMethod: request.method,
      operName: ctx?.principal.userName ?? '',
      deptName: ctx?.principal.deptName ?? '',
      operUrl: clip(request.url.split('?')[0] ?? ''),
      operIp: request.ip,
      operParam: clip(loggedParams(request)),
      jsonResult: clip(result),
      status,
      errorMsg: clip(errorMsg),
      operTime: new Date(deps.clock.now()),
      costTime: Math.round(performance.now() - request.startedAt),
    };
    await write(row).catch((err: unknown) => request.log.warn({ err }, 'operation log not written'));
    return payload;
  });
}
