import { CODE, fieldLabel, type Lang, message, pickLang, renderIssue } from '@luxgrid/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loadPrincipal } from './auth/principal.ts';
import { readToken } from './auth/token.ts';
import type { Ctx, Deps } from './context.ts';
import { AppError, ValidationFailure } from './errors.ts';
import { hasRole, type PermRule, satisfies } from './rbac.ts';

/** Reads the token from `access_token`, `Authorization: Bearer` or (downloads, websocket) the query. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.access_token;
  if (typeof header === 'string' && header) return header.replace(/^Bearer\s+/i, '');
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.access_token === 'string') return query.access_token;
  if (typeof query?.token === 'string' && request.url.startsWith('/ws')) return query.token;
  return null;
}

function headerNumber(value: unknown): number | null {
  if (typeof value !== 'string' || value === '' || value === '-1') return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Resolves the signed-in user for a request, or null. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<Ctx | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const sessionId = await readToken(deps.secret, token);
  if (!sessionId) return null;
  const session = await deps.sessions.get(sessionId);
  if (!session) return null;
  const principal = await loadPrincipal(deps.database.db, deps.cache, session.userId);
  if (!principal) {
    await deps.sessions.remove(sessionId);
    return null;
  }
  await deps.sessions.touch(session);
  const query = request.query as Record<string, unknown> | undefined;
  const requestedClient = headerNumber(request.headers.clientid ?? query?.clientId);
  return {
    lang: request.lang,
    principal,
    session,
    // customer users always work inside their own customer; platform users choose (empty = all)
    clientId: principal.clientId ?? requestedClient,
    projectId: headerNumber(request.headers.projectid ?? query?.projectId),
    ip: request.ip,
  };
}

/** JSON bodies nest at most this deep (the deepest screen sends a handful of levels). */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests deeper than `max`; counted without parsing, brackets inside strings aside. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** The path to the first NUL character in a request's params, query or body, or null; keys count too. */
function nulPath(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return [...path, key.replaceAll('\0', '')];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The database refused a value the request carried (out of range, or a character it cannot store). */
function refusedValue(error: unknown, lang: Lang): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as never, i++) {
    if (e.code === '22003') return message('valid.outOfRange', lang);
    if (e.code === '22021' || e.code === '22P05') return message('valid.badText', lang);
  }
  return null;
}

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  perm?: PermRule;
  /** the route writes an operation-log row */
  operLog: boolean;
  /** the route's request schemas (zod), for the tests that send every route malformed input */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

export function registerHttpPlatform(app: FastifyInstance, deps: Deps): void {
  // every route with its guard, for the API docs and for the tests that walk all routes
  const routes: RouteOptions[] = [];
  app.decorate('routeCatalog', () =>
    routes.flatMap((route) => {
      // read at call time: hooks registered later (open documentation, static files) amend the config
      const config = (route.config ?? {}) as { public?: boolean; perm?: PermRule; operLog?: unknown };
      return [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          public: config.public === true,
          operLog: Boolean(config.operLog),
          ...(config.perm ? { perm: config.perm } : {}),
          ...(route.schema ? { schema: route.schema as RouteEntry['schema'] } : {}),
        }));
    }),
  );
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  // JSON bodies: an empty body is no body (RuoYi clients send Content-Type: application/json on a bare
  // POST /logout), and nesting is limited before parsing so that no request can exhaust the stack
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new AppError(CODE.ERROR, 'http.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
    parseJson(request, text, done);
  });

  // PostgreSQL stores no NUL character: refuse it in any text before a route sees it, naming the field
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.params, []) ?? nulPath(request.query, []) ?? nulPath(request.body, []);
    if (!path) return;
    const field = path.length ? fieldLabel(path.join('.'), request.lang) : 'body';
    throw new ValidationFailure([message('valid.nul', request.lang, { field })]);
  });
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('ctx', null);
  app.decorateRequest('startedAt', 0);
  app.decorateRequest('auth', function (this: FastifyRequest) {
    if (!this.ctx) throw new AppError(CODE.UNAUTHORIZED, 'http.401');
    return this.ctx;
  });

  app.addHook('onRequest', async (request) => {
    request.startedAt = performance.now();
    const query = request.query as Record<string, unknown> | undefined;
    request.lang = pickLang(
      (request.headers['accept-language'] as string | undefined) ?? (query?.language as string | undefined),
    );
  });

  // authentication and the one permission check of each route run before the body is read
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    request.ctx = await authenticate(deps, request);
    if (config.public) return;
    if (!request.ctx) throw new AppError(CODE.UNAUTHORIZED, 'http.401');
    const { principal } = request.ctx;
    if (config.perm && !satisfies(principal, config.perm)) throw new AppError(CODE.FORBIDDEN, 'http.403');
    if (config.roles && !config.roles.some((role) => hasRole(principal, role)))
      throw new AppError(CODE.FORBIDDEN, 'http.403');
  });

  app.setErrorHandler(async (error: unknown, request, reply) => {
    const lang = request.lang ?? 'zh-CN';
    if (error instanceof AppError) return send(reply, error.code, message(error.key, lang, error.params));
    if (error instanceof ValidationFailure) return send(reply, CODE.ERROR, error.messages.join('; '));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) =>
        renderIssue(
          { path: v.instancePath.split('/').filter(Boolean), message: v.message ?? '', code: v.keyword },
          lang,
        ),
      );
      return send(reply, CODE.ERROR, [...new Set(messages)].join('; '));
    }
    const fastifyError = error as { code?: string; statusCode?: number };
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(reply, CODE.ERROR, message('http.badJson', lang));
    if (fastifyError.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      return send(reply, CODE.ERROR, message('upload.notMultipart', lang));
    if (fastifyError.statusCode === 413) return send(reply, CODE.ERROR, message('http.413', lang));
    if (fastifyError.statusCode === 415 || fastifyError.statusCode === 400)
      return send(reply, CODE.ERROR, message('valid.type', lang, { field: 'body' }));
    // the multipart reader names a broken form only in its message (truncated data, a missing boundary)
    if (
      request.isMultipart?.() &&
      !fastifyError.code &&
      /multipart|part header|end of form|boundary/i.test((error as Error).message ?? '')
    )
      return send(reply, CODE.ERROR, message('upload.malformed', lang));
    const refused = refusedValue(error, lang);
    if (refused) return send(reply, CODE.ERROR, refused);
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, CODE.ERROR, message('http.500', lang));
  });
}

function send(reply: FastifyReply, code: number, msg: string) {
  reply.status(200).type('application/json; charset=utf-8');
  return { code, msg };
}
