import { type LorawanSettingsRow, lorawanSettingsBody } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { idParam } from '../../../platform/params.ts';
import { connectorsOf } from '../chirpstack/connectors.ts';
import { deleteSettings, findProjectSettings, saveSettings } from './settings.repository.ts';

const tags = ['lorawan/settings'];

/**
 * A LoRaWAN project's ChirpStack connection, read and edited with the project's permissions;
 * every change starts, restarts or stops its connector.
 */
export function settingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const connectors = connectorsOf(deps);

  return async (app) => {
    app.addHook('onReady', () => connectors.start());
    app.addHook('onClose', () => connectors.stop());

    app.get(
      '/lorawan/settings/:projectId',
      {
        config: { perm: 'sysclient:project:query' },
        schema: { tags, summary: "A LoRaWAN project's ChirpStack connection", params: idParam('projectId') },
      },
      async (req) => {
        const project = await findProjectSettings(db, req.auth(), req.params.projectId);
        const s = project.settings;
        const connector = connectors.connector(project.projectId);
        const row: LorawanSettingsRow | null = s
          ? {
              projectId: s.projectId,
              clientId: s.clientId,
              brokerUrl: s.brokerUrl,
              applicationId: s.applicationId,
              bandStandard: project.bandStandard,
              mqttUsername: s.mqttUsername,
              hasMqttPassword: s.mqttPassword !== '',
              enabled: s.enabled,
              connector: connector
                ? { state: connector.state, lastError: connector.lastError, ...connector.stats }
                : null,
            }
          : null;
        return ok(req.lang, row);
      },
    );

    app.put(
      '/lorawan/settings',
      {
        config: { perm: 'sysclient:project:edit', operLog: { title: 'LoRaWAN settings', businessType: 2 } },
        schema: { tags, summary: "Saves a LoRaWAN project's ChirpStack connection", body: lorawanSettingsBody },
      },
      async (req) => {
        await saveSettings(db, req.auth(), deps.clock.now(), req.body);
        await connectors.changed();
        return ok(req.lang);
      },
    );

    app.delete(
      '/lorawan/settings/:projectId',
      {
        config: { perm: 'sysclient:project:edit', operLog: { title: 'LoRaWAN settings', businessType: 3 } },
        schema: { tags, summary: "Removes a LoRaWAN project's ChirpStack connection", params: idParam('projectId') },
      },
      async (req) => {
        await deleteSettings(db, req.auth(), req.params.projectId);
        await connectors.changed();
        return ok(req.lang);
      },
    );
  };
}
