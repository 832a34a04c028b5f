import { CODE, fieldLabel, type Lang, message, pickLang, renderIssue } from '@luxgrid/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loadPrincipal } from './auth/principal.ts';
import { readToken } from './auth/token.ts';
import type { Ctx, Deps } from './context.ts';
import { AppError, ValidationFailure } from './errors.ts';
import { hasRole, type PermRule, satisfies } from './rbac.ts';
import { buildScope } from './scope.ts';

/**
 * GET routes the web opens as a plain link or in a new window (spec §7's download helper),
 * where no header can be set: files, exports, import templates and generated code. Only these
 * read `?access_token=` from the URL; a token in a URL ends up in histories and proxy logs, so
 * every other read and every write takes it from a header.
 */
const QUERY_TOKEN_ROUTE = /\/(download|export|importTemplate|template)(\/|$)/;

export function acceptsQueryToken(method: string, url: string | undefined): boolean {
  return method === 'GET' && !!url && QUERY_TOKEN_ROUTE.test(url);
}

/** Reads the token from `access_token`, `Authorization: Bearer`, or the query of a download or the websocket. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.access_token;
  if (typeof header === 'string' && header) return header.replace(/^Bearer\s+/i, '');
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.access_token === 'string' && acceptsQueryToken(request.method, request.routeOptions.url))
    return query.access_token;
  if (typeof query?.token === 'string' && request.routeOptions.url === '/ws') return query.token;
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
  const principal = await loadPrincipal(deps.cache, session.userId, deps.principals);
  if (!principal) {
    await deps.sessions.remove(sessionId);
    return null;
  }
  await deps.sessions.touch(session);
  const query = request.query as Record<string, unknown> | undefined;
  const requestedClient = headerNumber(request.headers.clientid ?? query?.clientId);
  return {
    // customer users always work inside their own customer; platform users choose (empty = all)
    ...buildScope(
      principal,
      { clientId: requestedClient, projectId: headerNumber(request.headers.projectid ?? query?.projectId) },
      request.lang,
    ),
    session,
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

/**
 * All that a user may call before replacing an initial password (besides the open routes:
 * sign-in, sign-out, captcha). The web shows such a user only its change-password screen,
 * which needs /getInfo (the flag and the account) and the password change. /routers stays open
 * because RuoYi-Vue3 clients build their menus right after /getInfo and sign the user out when
 * that fails, before they can send the user to the profile's password tab; the menu tree lets
 * the session do nothing. The rest of the profile (details, avatar) is the user's own. No
 * dictionary is needed: the change-password screen shows no coded value.
 */
const OPEN_WHILE_PASSWORD_MUST_CHANGE = new Set([
  '/getInfo',
  '/info/user',
  '/routers',
  '/getRouters',
  '/system/user/profile',
  '/system/user/profile/updatePwd',
  '/system/user/profile/avatar',
]);

/**
 * The web's Content-Security-Policy. Scripts only from our origin (index.html has no inline
 * script); styles inline too, since antd writes its CSS-in-JS into style elements; images and
 * MapLibre's workers from blob:/data:; frames of any web page, since menus may embed external
 * pages (InnerLink); our pages framed only by ourselves. `extra` (CSP_EXTRA_SOURCES) admits a
 * map tile server.
 */
export function webPolicy(extra: string[] = []): string {
  const more = extra.length ? ` ${extra.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${more}`,
    "font-src 'self' data:",
    `connect-src 'self'${more}`,
    "worker-src 'self' blob:",
    'frame-src * data: blob:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The API documentation page (Swagger UI) runs an inline bootstrap and styles; it gets its own, looser policy. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

function registerSecurityHeaders(app: FastifyInstance, deps: Deps): void {
  const web = webPolicy(deps.config.cspExtraSources);
  app.addHook('onSend', async (request, reply) => {
    const docs = request.url.startsWith('/swagger-ui') || request.url.startsWith('/doc.html');
    reply.header('content-security-policy', docs ? DOCS_POLICY : web);
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}

export function registerHttpPlatform(app: FastifyInstance, deps: Deps): void {
  registerSecurityHeaders(app, deps);
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
    if (principal.pwdMustChange && !OPEN_WHILE_PASSWORD_MUST_CHANGE.has(request.routeOptions.url))
      throw new AppError(CODE.FORBIDDEN, 'password.mustChange');
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
