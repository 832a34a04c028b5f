import type { Lang } from '@luxgrid/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { localized } from '../../platform/i18n.ts';
import { type Scope, sameCustomer } from '../../platform/scope.ts';
import { sysClient, sysClientSystem } from './customer/customer.table.ts';
import { validState } from './customer/validity.ts';
import { bizProject } from './project/project.table.ts';
import { sysPlatform, sysSystem } from './subsystem/subsystem.table.ts';

/** What the shell reads when a session starts: customers, projects and subsystems of the user, the login page. */

/** The customers the user may work for (a customer user: its own), with their validity at `now`. */
export async function clientsOf(db: Db, scope: Scope, now: number) {
  const rows = await db
    .select()
    .from(sysClient)
    .where(
      and(eq(sysClient.delFlag, '0'), scope.platform ? undefined : sameCustomer(sysClient.clientId, scope.clientId)),
    )
    .orderBy(asc(sysClient.clientId));
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
}

/** The subsystems granted to a customer (null: every subsystem), in menu order. */
export async function systemsOf(db: Db, clientId: number | null, lang: Lang) {
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
}

/** The projects of a customer (null: of every customer), the operation password never. */
export async function projectsOf(db: Db, clientId: number | null) {
  const rows = await db
    .select()
    .from(bizProject)
    .where(and(eq(bizProject.delFlag, '0'), clientId === null ? undefined : eq(bizProject.clientId, clientId)))
    .orderBy(asc(bizProject.projectId));
  return rows.map(({ operatePwd, delFlag: _d, ...p }) => ({ ...p, id: p.projectId, hasOperatePwd: operatePwd !== '' }));
}

/** A subsystem by id, or by its code when no id is given. */
export async function findSystem(db: Db, by: { systemId?: number; encode: string }) {
  const [system] = await db
    .select()
    .from(sysSystem)
    .where(by.systemId ? eq(sysSystem.systemId, by.systemId) : eq(sysSystem.encode, by.encode));
  return system;
}

/** Whether a customer may enter a subsystem: it exists, is valid at `now` and was granted the subsystem. */
export async function customerMayEnter(
  db: Db,
  clientId: number,
  systemId: number,
  now: number,
): Promise<'expired' | 'notGranted' | 'ok'> {
  const [client] = await db.select().from(sysClient).where(eq(sysClient.clientId, clientId));
  if (!client || validState(client.validFrom, client.validTo, now) !== 'normal') return 'expired';
  const [granted] = await db
    .select()
    .from(sysClientSystem)
    .where(and(eq(sysClientSystem.clientId, clientId), eq(sysClientSystem.systemId, systemId)));
  return granted ? 'ok' : 'notGranted';
}

/** The login page's settings (one row), if saved. */
export async function platformSettings(db: Db) {
  const [row] = await db.select().from(sysPlatform).where(eq(sysPlatform.id, 1));
  return row;
}

export async function savePlatformSettings(db: Db, values: Omit<typeof sysPlatform.$inferInsert, 'id'>) {
  await db
    .insert(sysPlatform)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sysPlatform.id, set: values });
}
