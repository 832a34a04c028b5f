import { CODE, loginBody, registerBody, systemIdQuery } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueCaptcha } from '../../platform/auth/captcha.ts';
import type { Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { perAddressLimit } from '../../platform/rate-limit.ts';
import { captchaEnabled } from '../system/config/config.service.ts';
import { buildRouterTree, builtMenus, visibleMenus } from '../system/menu/routers.ts';
import { currentUser } from '../system/user/user-info.ts';
import { login, logout, register } from './auth.service.ts';

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  // guessing passwords and drawing captchas are limited per client address, across processes
  const signInLimit = perAddressLimit(deps, 'signin', () => deps.config.signInPerMinute);
  const captchaLimit = perAddressLimit(deps, 'captcha', () => deps.config.captchaPerMinute);
  return async (app) => {
    app.get(
      '/captchaImage',
      {
        config: { public: true },
        onRequest: captchaLimit,
        schema: { tags: ['auth'], summary: 'Captcha image' },
      },
      async (req) => {
        const enabled = await captchaEnabled(deps);
        if (!enabled) return { ...ok(req.lang), captchaEnabled: false };
        return { ...ok(req.lang), captchaEnabled: true, ...(await issueCaptcha(deps.cache)) };
      },
    );

    for (const url of ['/adminlogin', '/login']) {
      app.post(
        url,
        {
          config: { public: true },
          onRequest: signInLimit,
          schema: { tags: ['auth'], summary: 'Sign in', body: loginBody },
        },
        async (req) => {
          const token = await login(deps, req.body, {
            ip: req.ip,
            userAgent: req.headers['user-agent'],
            lang: req.lang,
          });
          return { ...ok(req.lang, undefined, 'login.success'), token };
        },
      );
    }

    app.post(
      '/register',
      {
        config: { public: true },
        onRequest: signInLimit,
        schema: { tags: ['auth'], summary: 'Self-registration', body: registerBody },
      },
      async (req) => {
        await register(deps, req.body);
        return ok(req.lang, undefined, 'register.success');
      },
    );

    app.post('/logout', { config: { public: true }, schema: { tags: ['auth'], summary: 'Sign out' } }, async (req) => {
      await logout(deps, req.ctx?.session ?? null);
      return { code: CODE.OK, msg: ok(req.lang, undefined, 'logout.success').msg, data: null };
    });

    app.get(
      '/getInfo',
      { schema: { tags: ['auth'], summary: 'User, roles and permissions', querystring: systemIdQuery } },
      async (req) => {
        const ctx = req.auth();
        return {
          ...ok(req.lang),
          user: await currentUser(deps, ctx),
          roles: ctx.principal.roleKeys.length ? ctx.principal.roleKeys : ['ROLE_DEFAULT'],
          permissions: ctx.principal.permissions,
          // RuoYi-Vue 3.9 clients send such a user to change the password
          isDefaultModifyPwd: ctx.principal.pwdMustChange === true,
          isPasswordExpired: false,
        };
      },
    );

    app.get('/info/user', { schema: { tags: ['auth'], summary: 'The signed-in user' } }, async (req) =>
      ok(req.lang, await currentUser(deps, req.auth())),
    );

    for (const url of ['/routers', '/getRouters']) {
      app.get(
        url,
        { schema: { tags: ['auth'], summary: 'Menu routes of the user', querystring: systemIdQuery } },
        async (req) => {
          const ctx = req.auth();
          return ok(req.lang, buildRouterTree(builtMenus(await visibleMenus(deps, ctx, req.query.systemId)), req.lang));
        },
      );
    }
  };
}
