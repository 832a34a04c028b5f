import { ALARM_KINDS, ALARM_RULES, alarmSettingBody, alarmSettingResetBody } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import type { Scope } from '../../../platform/scope.ts';
import { alarmDetection } from '../detection/detection.ts';
import { projectSettings, requestProject, resetSettings, saveSetting } from './settings.repository.ts';

/** A project's alarm settings (`lighting/alarm-config`): the 33 types over the platform defaults. */
export function settingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['lighting/alarm-config'];
  const detection = alarmDetection(deps);

  const project = (scope: Scope, projectId: number | undefined) => requestProject(db, scope, projectId);

  return async (app) => {
    app.get(
      '/lighting/alarm-config/list',
      {
        config: { perm: 'lighting:alarmConfig:list' },
        schema: { tags, querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }) },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectId } = await project(ctx, req.query.projectId);
        const settings = await projectSettings(db, projectId);
        const rows = ALARM_KINDS.map((type) => {
          const rule = ALARM_RULES[type];
          return {
            ...settings[type],
            projectId,
            alarmType: rule.alarmType,
            labelType: rule.labelType ?? null,
            deviceTypes: rule.deviceTypes,
            sources: [rule.event && 'event', rule.offline && 'offline', rule.reading && 'reading'].filter(Boolean),
            threshold: settings[type].threshold,
            thresholdDef: rule.threshold ?? null,
            hasHold: rule.holdSeconds !== undefined,
            manualClear: rule.manualClear,
          };
        });
        return table(req.lang, rows, rows.length);
      },
    );

    app.put(
      '/lighting/alarm-config',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm settings', businessType: 2 } },
        schema: { tags, body: alarmSettingBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { clientId, projectId } = await project(ctx, req.body.projectId);
        await saveSetting(db, ctx, clientId, deps.clock.now(), req.body);
        detection.forget(projectId);
        return ok(req.lang);
      },
    );

    app.post(
      '/lighting/alarm-config/reset',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm settings', businessType: 2 } },
        schema: { tags, summary: 'Back to the platform defaults', body: alarmSettingResetBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectId } = await project(ctx, req.body.projectId);
        await resetSettings(db, projectId, req.body.alarmConfigTypes);
        detection.forget(projectId);
        return ok(req.lang);
      },
    );
  };
}
