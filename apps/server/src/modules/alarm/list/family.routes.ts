import { alarmAckBody, alarmClearBody, alarmRow, familyAlarmKinds, tableOf } from '@luxgrid/contracts';
import { FAMILIES, LIGHTING } from '@luxgrid/contracts/things/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { idParam } from '../../../platform/params.ts';
import { alarmHandling, alarmListQuery } from './alarm.routes.ts';

/**
 * A family's alarm screen (`manhole/alarm` …): the alarm list of the alarm area limited to the
 * family's alarm kinds, behind the family's own permissions — `<family>:alarm:list` to read,
 * `:query` for the detail, `:handle` to acknowledge and clear, `:export`. An alarm of another kind
 * is "not found" there. Every family beside lighting whose thing model declares graded events has one.
 */
export function familyAlarmRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const family of FAMILIES) {
      const kinds = familyAlarmKinds(family.code);
      if (family.code === LIGHTING.code || !kinds.length) continue;
      const handling = alarmHandling(deps, kinds);
      const base = `/${family.code}/alarm`;
      const perm = `${family.code}:alarm`;
      const tags = [`${family.code}/alarm`];

      app.get(
        `${base}/list`,
        {
          config: { perm: `${perm}:list` },
          schema: { tags, querystring: alarmListQuery, response: { 200: tableOf(alarmRow) } },
        },
        async (req) => {
          const { rows, total } = await handling.list(req.auth(), req.query);
          return table(req.lang, rows, total);
        },
      );

      app.get(
        `${base}/:alarmId`,
        { config: { perm: `${perm}:query` }, schema: { tags, params: idParam('alarmId') } },
        async (req) => ok(req.lang, await handling.detail(req.auth(), req.params.alarmId)),
      );

      app.put(
        `${base}/acknowledge`,
        {
          config: { perm: `${perm}:handle`, operLog: { title: `${family.code} alarms`, businessType: 2 } },
          schema: { tags, body: alarmAckBody },
        },
        async (req) => ok(req.lang, await handling.acknowledge(req.auth(), req.body)),
      );

      app.put(
        `${base}/clear`,
        {
          config: { perm: `${perm}:handle`, operLog: { title: `${family.code} alarms`, businessType: 2 } },
          schema: { tags, body: alarmClearBody },
        },
        async (req) => ok(req.lang, await handling.clear(req.auth(), req.body)),
      );

      app.post(
        `${base}/export`,
        {
          config: { perm: `${perm}:export`, operLog: { title: `${family.code} alarms`, businessType: 5 } },
          schema: { tags, body: alarmListQuery.partial().optional() },
        },
        async (req, reply) => handling.export(req.auth(), alarmListQuery.parse(req.body ?? {}), req.lang, reply),
      );
    }
  };
}
