import { CODE, systemIdQuery } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { localized } from '../../platform/i18n.ts';
import { getConfigValue } from '../system/config/config.service.ts';
import {
  clientsOf,
  customerMayEnter,
  findSystem,
  platformSettings,
  projectsOf,
  savePlatformSettings,
  systemsOf,
} from './info.repository.ts';

const clientParam = z.object({ id: z.coerce.number().int().min(-1) });

/** The customer id a request may act for: customer users only their own; -1 = all, platform users only. */
function scopeClient(ctx: Ctx, requested: number): number | null {
  if (!ctx.platform) {
    if (requested !== ctx.clientId) throw notFound();
    return ctx.clientId;
  }
  return requested === -1 ? null : requested;
}

/** Session bootstrap for the shell: customers, projects, subsystems, the system to enter, the login page. */
export function infoRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['tenant'];
    app.get('/info/clients', { schema: { tags, summary: 'Customers the user may work for' } }, async (req) =>
      ok(req.lang, await clientsOf(db, req.auth(), deps.clock.now())),
    );
    app.get(
      '/info/getClientsWithExpire',
      { schema: { tags, summary: 'Customers with their validity state' } },
      async (req) => ok(req.lang, await clientsOf(db, req.auth(), deps.clock.now())),
    );

    app.get(
      '/info/:id/projects',
      { schema: { tags, summary: "A customer's projects", params: clientParam } },
      async (req) => {
        const clientId = scopeClient(req.auth(), req.params.id);
        return ok(req.lang, await projectsOf(db, clientId));
      },
    );

    app.get(
      '/info/:id/systems',
      { schema: { tags, summary: "A customer's subsystems", params: clientParam } },
      async (req) => {
        const clientId = scopeClient(req.auth(), req.params.id);
        return ok(req.lang, await systemsOf(db, clientId, req.lang));
      },
    );

    app.get(
      '/info/enterSystem',
      {
        schema: {
          tags,
          summary: 'The system to enter after sign-in (or check one)',
          querystring: systemIdQuery,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const encode = (await getConfigValue(deps, 'sys.index.enterSystem')) || 'sysclient';
        const system = await findSystem(db, { systemId: req.query.systemId, encode });
        if (!system) throw notFound();
        if (system.status !== '0') throw new AppError(CODE.ERROR, 'system.disabled');
        const clientId = ctx.principal.clientId;
        if (clientId !== null) {
          const may = await customerMayEnter(db, clientId, system.systemId, deps.clock.now());
          if (may === 'expired') throw new AppError(CODE.ERROR, 'tenant.customerExpired');
          if (may === 'notGranted') throw new AppError(CODE.ERROR, 'system.noPermission');
        }
        return ok(req.lang, {
          id: system.systemId,
          encode: system.encode,
          name: localized(req.lang, system.name, system.nameEn),
          url: system.url,
        });
      },
    );

    app.get(
      '/sysclient/sysPlatform',
      { config: { public: true }, schema: { tags, summary: 'Login-page settings' } },
      async (req) => {
        const row = await platformSettings(db);
        if (!row) return ok(req.lang, null);
        const { createBy: _a, updateBy: _b, createTime: _c, updateTime: _d, ...settings } = row;
        return ok(req.lang, {
          ...settings,
          platformName: localized(req.lang, row.platformName, row.platformNameEn),
          platformNameZh: row.platformName,
        });
      },
    );

    const platformBody = z.object({
      platformName: z.string().trim().min(1).max(40),
      platformNameEn: z.string().trim().max(80).optional(),
      logo: z.string().max(255).optional(),
      loginBackground: z.string().max(255).optional(),
      loginLogo: z.string().max(255).optional(),
      homePage: z.enum(['Index', 'IndexAirport', 'InfoEditor']).optional(),
      copyright: z.string().max(100).optional(),
    });
    app.post(
      '/sysclient/sysPlatform',
      {
        config: { perm: 'sysclient:platform:edit', operLog: { title: 'platform settings', businessType: 2 } },
        schema: { tags, summary: 'Save login-page settings', body: platformBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!ctx.platform) throw new AppError(CODE.FORBIDDEN, 'http.403');
        const values = { ...req.body, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) };
        await savePlatformSettings(db, values);
        return ok(req.lang);
      },
    );
  };
}
