import { CODE, systemIdQuery } from '@luxgrid/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { localized } from '../../platform/i18n.ts';
import { sameCustomer } from '../../platform/scope.ts';
import { getConfigValue } from '../system/config/config.service.ts';
import { sysClient, sysClientSystem } from './customer/customer.table.ts';
import { validState } from './customer/validity.ts';
import { bizProject } from './project/project.table.ts';
import { sysPlatform, sysSystem } from './subsystem/subsystem.table.ts';

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

  const clientsOf = async (ctx: Ctx) => {
    const rows = await db
      .select()
      .from(sysClient)
      .where(and(eq(sysClient.delFlag, '0'), ctx.platform ? undefined : sameCustomer(sysClient.clientId, ctx.clientId)))
      .orderBy(asc(sysClient.clientId));
    const now = deps.clock.now();
    return rows.map((c) => {
      const state = validState(c.validFrom, c.validTo, now);
      return {
        id: c.clientId,
        name: c.name,
        code: c.code,
        shortName: c.shortName,
        logo: c.logo,
        platformName: c.platformName,
        homeRouter: c.homeRouter,
        status: c.status,
        validFrom: c.validFrom?.toISOString() ?? null,
        validTo: c.validTo?.toISOString() ?? null,
        validState: state,
        expire: state !== 'normal',
      };
    });
  };

  const systemsOf = async (clientId: number | null, lang: 'zh-CN' | 'en-US') => {
    const rows = await db
      .select()
      .from(sysSystem)
      .where(
        clientId === null
          ? undefined
          : inArray(
              sysSystem.systemId,
              db
                .select({ id: sysClientSystem.systemId })
                .from(sysClientSystem)
                .where(eq(sysClientSystem.clientId, clientId)),
            ),
      )
      .orderBy(asc(sysSystem.orderNum), asc(sysSystem.systemId));
    return rows.map((s) => ({
      id: s.systemId,
      encode: s.encode,
      name: localized(lang, s.name, s.nameEn),
      url: s.url,
      icon: s.icon,
      status: s.status,
    }));
  };

  return async (app) => {
    const tags = ['tenant'];
    app.get('/info/clients', { schema: { tags, summary: 'Customers the user may work for' } }, async (req) =>
      ok(req.lang, await clientsOf(req.auth())),
    );
    app.get(
      '/info/getClientsWithExpire',
      { schema: { tags, summary: 'Customers with their validity state' } },
      async (req) => ok(req.lang, await clientsOf(req.auth())),
    );

    app.get(
      '/info/:id/projects',
      { schema: { tags, summary: "A customer's projects", params: clientParam } },
      async (req) => {
        const clientId = scopeClient(req.auth(), req.params.id);
        const rows = await db
          .select()
          .from(bizProject)
          .where(and(eq(bizProject.delFlag, '0'), clientId === null ? undefined : eq(bizProject.clientId, clientId)))
          .orderBy(asc(bizProject.projectId));
        return ok(
          req.lang,
          rows.map(({ operatePwd, delFlag: _d, ...p }) => ({
            ...p,
            id: p.projectId,
            hasOperatePwd: operatePwd !== '',
          })),
        );
      },
    );

    app.get(
      '/info/:id/systems',
      { schema: { tags, summary: "A customer's subsystems", params: clientParam } },
      async (req) => {
        const clientId = scopeClient(req.auth(), req.params.id);
        return ok(req.lang, await systemsOf(clientId, req.lang));
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
        const [system] = await db
          .select()
          .from(sysSystem)
          .where(req.query.systemId ? eq(sysSystem.systemId, req.query.systemId) : eq(sysSystem.encode, encode));
        if (!system) throw notFound();
        if (system.status !== '0') throw new AppError(CODE.ERROR, 'system.disabled');
        const clientId = ctx.principal.clientId;
        if (clientId !== null) {
          const [client] = await db.select().from(sysClient).where(eq(sysClient.clientId, clientId));
          if (!client || validState(client.validFrom, client.validTo, deps.clock.now()) !== 'normal')
            throw new AppError(CODE.ERROR, 'tenant.customerExpired');
          const [granted] = await db
            .select()
            .from(sysClientSystem)
            .where(and(eq(sysClientSystem.clientId, clientId), eq(sysClientSystem.systemId, system.systemId)));
          if (!granted) throw new AppError(CODE.ERROR, 'system.noPermission');
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
        const [row] = await db.select().from(sysPlatform).where(eq(sysPlatform.id, 1));
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
        await db
          .insert(sysPlatform)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: sysPlatform.id, set: values });
        return ok(req.lang);
      },
    );
  };
}
