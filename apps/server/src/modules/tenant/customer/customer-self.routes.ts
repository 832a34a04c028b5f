import { customerConfigBody } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { collectFigures } from '../../../platform/home-figures.ts';
import { localized } from '../../../platform/i18n.ts';
import { requireCustomer } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { subscriptionState } from '../subscription/subscription.service.ts';
import { customerHoldings } from './customer.repository.ts';
import { customerView, readableClient, updateCustomerConfig } from './customer.service.ts';

const DAY_MS = 86_400_000;

/**
 * The screens a customer administrator has about its own customer: the configuration it may
 * edit (platform name, logos, login page, operators) and a read-only information summary.
 * Platform users reach them for the customer chosen in the clientId header.
 */
export function customerSelfRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['sysclient/customer-config'];

    app.get(
      '/sysclient/customerConfig',
      {
        config: { perm: { any: ['sysclient:customerConfig:list', 'sysclient:customerConfig:query'] } },
        schema: { tags, summary: "The current customer's configuration" },
      },
      async (req) => {
        const ctx = req.auth();
        const row = await readableClient(db, ctx, requireCustomer(ctx));
        return ok(req.lang, {
          clientId: row.clientId,
          code: row.code,
          name: row.name,
          platformName: row.platformName,
          logo: row.logo,
          loginPageBackground: row.loginPageBackground,
          loginPageLogo: row.loginPageLogo,
          operators: row.operators,
          homeRouter: row.homeRouter,
        });
      },
    );

    app.put(
      '/sysclient/customerConfig',
      {
        config: {
          perm: 'sysclient:customerConfig:edit',
          operLog: { title: 'customer configuration', businessType: 2 },
        },
        schema: { tags, summary: "Saves the current customer's configuration", body: customerConfigBody },
      },
      async (req) => {
        const ctx = req.auth();
        await updateCustomerConfig(deps, ctx, requireCustomer(ctx), req.body);
        return ok(req.lang);
      },
    );

    app.get(
      '/sysclient/customerInfo',
      {
        config: { perm: { any: ['sysclient:customerInfo:list', 'sysclient:customerInfo:query'] } },
        schema: { tags, summary: "The current customer's validity, package, subscriptions and figures" },
      },
      async (req) => {
        const ctx = req.auth();
        const row = await readableClient(db, ctx, requireCustomer(ctx));
        const clientId = row.clientId;
        const now = deps.clock.now();
        const [held, sessions, figures] = await Promise.all([
          customerHoldings(db, clientId, row.mainUserId, now),
          deps.sessions.list(),
          collectFigures(deps, { clientId, projectId: null }),
        ]);
        const { mainAccount, subscriptions, systems, projects, users, departments, roles, running } = held;
        const current = running[0];
        const view = customerView(row, now);
        return ok(req.lang, {
          ...view,
          mainAccount,
          daysLeft: row.validTo ? Math.max(0, Math.ceil((row.validTo.getTime() - now) / DAY_MS)) : null,
          currentPackage: current
            ? {
                subscriptionId: current.subscription.subscriptionId,
                packageId: current.subscription.packageId,
                packageName: current.packageName,
                startTime: formatDate(current.subscription.startTime),
                endTime: formatDate(current.subscription.endTime),
                daysLeft: Math.max(0, Math.ceil((current.subscription.endTime.getTime() - now) / DAY_MS)),
              }
            : null,
          subscriptions: subscriptions.map(({ subscription: s, packageName }) => ({
            subscriptionId: s.subscriptionId,
            packageId: s.packageId,
            packageName,
            price: Number(s.price),
            startTime: formatDate(s.startTime),
            endTime: formatDate(s.endTime),
            state: subscriptionState(s, now),
          })),
          systems: systems.map((s) => ({
            id: s.sys_system.systemId,
            encode: s.sys_system.encode,
            name: localized(req.lang, s.sys_system.name, s.sys_system.nameEn),
            status: s.sys_system.status,
            viaSubscription: !s.sys_client_system.explicit,
          })),
          counts: {
            projects,
            users,
            departments,
            roles,
            onlineSessions: sessions.filter((s) => s.clientId === clientId).length,
          },
          figures,
        });
      },
    );
  };
}
