import { LORAWAN_COMM_TYPE, type LorawanSettingsBody } from '@luxgrid/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { customerWhere, type Scope } from '../../../platform/scope.ts';
import { bizProject } from '../../tenant/project/project.table.ts';
import { lwSettings } from './settings.table.ts';

export type LorawanSettings = typeof lwSettings.$inferSelect;

/** What a connector needs to reach ChirpStack for one project. */
export interface ConnectorConfig {
  projectId: number;
  clientId: number;
  brokerUrl: string;
  applicationId: string;
  mqttUsername: string;
  mqttPassword: string;
}

/** The project in the caller's scope (else not found), with its LoRaWAN settings when it has them. */
export async function findProjectSettings(db: Db, scope: Pick<Scope, 'clientId'>, projectId: number) {
  const [row] = await db
    .select({
      projectId: bizProject.projectId,
      clientId: bizProject.clientId,
      name: bizProject.name,
      commType: bizProject.commType,
      bandStandard: bizProject.bandStandard,
      settings: lwSettings,
    })
    .from(bizProject)
    .leftJoin(lwSettings, eq(lwSettings.projectId, bizProject.projectId))
    .where(
      and(eq(bizProject.projectId, projectId), eq(bizProject.delFlag, '0'), customerWhere(scope, bizProject.clientId)),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * Saves a LoRaWAN project's settings (and its band plan on the project). Refused for a project
 * that does not communicate over LoRaWAN, and for an application another project already uses on
 * the same broker. An absent password keeps the stored one.
 */
export async function saveSettings(
  db: Db,
  scope: Pick<Scope, 'clientId' | 'userName'>,
  now: number,
  body: LorawanSettingsBody,
): Promise<void> {
  const project = await findProjectSettings(db, scope, body.projectId);
  if (project.commType !== LORAWAN_COMM_TYPE) throw fail('lorawan.notLoRaWan', { name: project.name });
  const [taken] = await db
    .select({ name: bizProject.name, clientId: bizProject.clientId })
    .from(lwSettings)
    .innerJoin(bizProject, eq(bizProject.projectId, lwSettings.projectId))
    .where(
      and(
        eq(lwSettings.brokerUrl, body.brokerUrl),
        eq(lwSettings.applicationId, body.applicationId),
        ne(lwSettings.projectId, project.projectId),
      ),
    );
  // the other project may belong to another customer: its name is not told
  if (taken) throw fail('lorawan.applicationTaken', { name: taken.clientId === project.clientId ? taken.name : '—' });
  const password = body.removeMqttPassword ? '' : (body.mqttPassword ?? project.settings?.mqttPassword ?? '');
  const values = {
    brokerUrl: body.brokerUrl,
    applicationId: body.applicationId,
    mqttUsername: body.mqttUsername ?? '',
    mqttPassword: body.mqttUsername ? password : '',
    enabled: body.enabled ?? project.settings?.enabled ?? true,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(lwSettings)
      .values({
        ...values,
        projectId: project.projectId,
        clientId: project.clientId,
        createBy: scope.userName,
        createTime: new Date(now),
      })
      .onConflictDoUpdate({
        target: lwSettings.projectId,
        set: { ...values, updateBy: scope.userName, updateTime: new Date(now) },
      });
    await tx
      .update(bizProject)
      .set({ bandStandard: body.bandStandard, updateBy: scope.userName, updateTime: new Date(now) })
      .where(eq(bizProject.projectId, project.projectId));
  });
}

/** Removes a project's settings (its connector stops). */
export async function deleteSettings(db: Db, scope: Pick<Scope, 'clientId'>, projectId: number): Promise<void> {
  const project = await findProjectSettings(db, scope, projectId);
  if (!project.settings) throw notFound();
  await db.delete(lwSettings).where(eq(lwSettings.projectId, project.projectId));
}

/** The connections every process keeps: enabled settings of live LoRaWAN projects. */
export async function activeConfigs(db: Db): Promise<ConnectorConfig[]> {
  return db
    .select({
      projectId: lwSettings.projectId,
      clientId: lwSettings.clientId,
      brokerUrl: lwSettings.brokerUrl,
      applicationId: lwSettings.applicationId,
      mqttUsername: lwSettings.mqttUsername,
      mqttPassword: lwSettings.mqttPassword,
    })
    .from(lwSettings)
    .innerJoin(bizProject, eq(bizProject.projectId, lwSettings.projectId))
    .where(and(eq(lwSettings.enabled, true), eq(bizProject.delFlag, '0'), eq(bizProject.commType, LORAWAN_COMM_TYPE)));
}
