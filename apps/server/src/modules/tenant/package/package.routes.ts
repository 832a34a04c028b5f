import {
  message,
  type PackageCreateBody,
  packageCopyBody,
  packageCreateBody,
  packageRow,
  packageUpdateBody,
} from '@luxgrid/contracts';
import { PACKAGE_MODES, PACKAGE_PERIODS } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { flagFilter, textFilter } from '../../../platform/params.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { forgetClientState } from '../customer/client-state.ts';
import {
  deletePackages,
  ensureNameFree,
  findPackage,
  freeName,
  insertPackage,
  knownSystems,
  listPackages,
  PACKAGE_ORDER,
  PACKAGE_SORTABLE,
  packageSystemIds,
  packageView,
  reapplyEntitlements,
  subscribersOf,
  updatePackage,
} from './package.repository.ts';

const listQuery = pageQuery.extend({
  packageName: textFilter(40),
  mode: z.enum([...PACKAGE_MODES, '']).optional(),
  period: z.enum([...PACKAGE_PERIODS, '']).optional(),
  status: flagFilter(),
});

/** Subscription packages: price, mode, period and the subsystems they grant (platform users). */
export function packageRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  /** Customers running a subscription on the package get its new subsystems at once. */
  const resyncSubscribers = async (packageId: number) => {
    let changed = false;
    for (const clientId of await subscribersOf(db, packageId)) {
      changed = (await reapplyEntitlements(db, clientId, now())) || changed;
      await forgetClientState(deps, clientId);
    }
    if (changed) await invalidateAuthz(deps.cache);
  };

  return async (app) => {
    const tags = ['sysclient/package'];

    app.post(
      '/sysclient/package/copy',
      {
        config: { perm: 'sysclient:package:copy', operLog: { title: 'packages', businessType: 1 } },
        schema: { tags, body: packageCopyBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const source = await findPackage(db, req.body.packageId);
        let name = req.body.packageName;
        if (name) await ensureNameFree(db, name);
        else name = await freeName(db, message('tenant.package.copyName', req.lang, { name: source.packageName }));
        const packageId = await insertPackage(
          db,
          now(),
          {
            packageName: name,
            subscriptionPrice: Number(source.subscriptionPrice),
            mode: source.mode as PackageCreateBody['mode'],
            period: (source.period ?? undefined) as PackageCreateBody['period'],
            periodCount: source.periodCount,
            status: source.status as '0' | '1',
            systemIds: await packageSystemIds(db, source.packageId),
            remark: source.remark,
          },
          ctx.userName,
        );
        return ok(req.lang, { packageId, packageName: name });
      },
    );

    resourceRoutes(app, deps, {
      base: '/sysclient/package',
      perm: 'sysclient:package',
      tags,
      title: 'packages',
      idName: 'packageId',
      idsName: 'packageIds',
      row: packageRow,
      list: {
        query: listQuery,
        sortable: PACKAGE_SORTABLE,
        order: PACKAGE_ORDER,
        rows: (scope, q, page) => {
          requirePlatform(scope);
          return listPackages(db, now(), q, page);
        },
      },
      get: (scope, id) => {
        requirePlatform(scope);
        return packageView(db, now(), id);
      },
      add: {
        body: packageCreateBody,
        run: async (scope, body) => {
          requirePlatform(scope);
          await ensureNameFree(db, body.packageName);
          const systemIds = await knownSystems(db, body.systemIds);
          return { packageId: await insertPackage(db, now(), { ...body, systemIds }, scope.userName) };
        },
      },
      edit: {
        body: packageUpdateBody,
        run: async (scope, body) => {
          requirePlatform(scope);
          const current = await findPackage(db, body.packageId);
          if (body.packageName !== current.packageName) await ensureNameFree(db, body.packageName, current.packageId);
          const systemIds = await knownSystems(db, body.systemIds);
          await updatePackage(db, now(), current, { ...body, systemIds }, scope.userName);
          await resyncSubscribers(current.packageId);
        },
      },
      remove: async (scope, ids) => {
        requirePlatform(scope);
        await deletePackages(db, now(), ids, scope.userName);
      },
    });
  };
}
