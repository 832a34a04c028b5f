import { optionalText, rule, text } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { requestProject } from '../settings/settings.repository.ts';
import {
  deleteChannels,
  findChannel,
  insertChannel,
  listChannels,
  listDeliveries,
  updateChannel,
} from './channel.repository.ts';
import { enqueueTest } from './outbox.ts';
import { notifyWorker } from './worker.ts';

const projectQuery = z.object({ projectId: z.coerce.number().int().positive().optional() });

const channelBody = z
  .object({
    projectId: z.coerce.number().int().positive().optional(),
    channelId: z.coerce.number().int().positive().optional(),
    kind: z.enum(['WEBHOOK', 'EMAIL'], { error: rule('valid.enum') }),
    name: text(1, 100),
    url: optionalText(500),
    secret: optionalText(200),
    recipients: optionalText(1000),
    enabled: z.boolean({ error: rule('valid.type') }).default(true),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'WEBHOOK' && !/^https?:\/\/\S+$/i.test(b.url ?? ''))
      ctx.addIssue({ code: 'custom', path: ['url'], message: rule('valid.url') });
    if (b.kind === 'EMAIL') {
      const list = (b.recipients ?? '').split(/[,;\s]+/).filter(Boolean);
      if (!list.length) ctx.addIssue({ code: 'custom', path: ['recipients'], message: rule('valid.required') });
      else if (list.some((r) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(r)))
        ctx.addIssue({ code: 'custom', path: ['recipients'], message: rule('valid.email') });
    }
  });

const deliveryQuery = projectQuery.extend({
  status: z.enum(['PENDING', 'SENDING', 'SENT', 'FAILED', '']).optional(),
  channelId: z.coerce.number().int().positive().optional(),
  pageNum: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().positive().max(500).default(20),
});

/**
 * A project's outward alarm channels (webhooks and e-mail recipients), their test message and
 * the delivery log: a tab of the alarm settings (`lighting/alarm-config`), under its permissions.
 */
export function notifyRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['lighting/alarm-config'];
  const worker = notifyWorker(deps);

  const project = (scope: Scope, projectId: number | undefined) => requestProject(db, scope, projectId);
  const values = (b: z.infer<typeof channelBody>) => ({
    kind: b.kind,
    name: b.name,
    url: b.kind === 'WEBHOOK' ? (b.url ?? '') : '',
    secret: b.kind === 'WEBHOOK' ? (b.secret ?? '') : '',
    recipients: b.kind === 'EMAIL' ? (b.recipients ?? '') : '',
    enabled: b.enabled,
  });

  return async (app) => {
    app.get(
      '/lighting/alarm-notify/channel/list',
      { config: { perm: 'lighting:alarmConfig:list' }, schema: { tags, querystring: projectQuery } },
      async (req) => {
        const { projectId } = await project(req.auth(), req.query.projectId);
        const rows = await listChannels(db, projectId);
        return table(req.lang, rows, rows.length);
      },
    );

    app.post(
      '/lighting/alarm-notify/channel',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm notification', businessType: 1 } },
        schema: { tags, body: channelBody },
      },
      async (req) => {
        const ctx = req.auth();
        const target = await project(ctx, req.body.projectId);
        const channelId = await insertChannel(db, ctx, target, deps.clock.now(), values(req.body));
        return ok(req.lang, { channelId });
      },
    );

    app.put(
      '/lighting/alarm-notify/channel',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm notification', businessType: 2 } },
        schema: { tags, body: channelBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectId } = await project(ctx, req.body.projectId);
        if (!req.body.channelId) throw fail('valid.required', { field: 'channelId' });
        if (!(await updateChannel(db, ctx, projectId, req.body.channelId, deps.clock.now(), values(req.body))))
          throw notFound();
        return ok(req.lang);
      },
    );

    app.delete(
      '/lighting/alarm-notify/channel/:channelIds',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm notification', businessType: 3 } },
        schema: { tags, params: z.object({ channelIds: z.string().regex(/^\d+(,\d+)*$/) }), querystring: projectQuery },
      },
      async (req) => {
        const { projectId } = await project(req.auth(), req.query.projectId);
        const ids = req.params.channelIds.split(',').map(Number);
        if ((await deleteChannels(db, projectId, ids)) === 0) throw notFound();
        return ok(req.lang);
      },
    );

    app.post(
      '/lighting/alarm-notify/channel/:channelId/test',
      {
        config: { perm: 'lighting:alarmConfig:edit', operLog: { title: 'alarm notification', businessType: 0 } },
        schema: {
          tags,
          summary: 'Sends a test message through the channel and answers its delivery',
          params: z.object({ channelId: z.coerce.number().int().positive() }),
          body: projectQuery.optional(),
        },
      },
      async (req) => {
        const { projectId } = await project(req.auth(), req.body?.projectId);
        const channel = await findChannel(db, projectId, req.params.channelId);
        if (!channel) throw notFound();
        const now = deps.clock.now();
        const deliveryId = await enqueueTest(
          db,
          channel,
          {
            alarmId: null,
            clientId: channel.client_id,
            projectId,
            deviceId: null,
            uid: '',
            deviceName: '',
            alarmConfigType: 'Test',
            grade: 'general',
            state: 'NEW',
            action: 'TEST',
            ts: now,
          },
          now,
        );
        await worker.sendNow(deliveryId);
        const { rows } = await listDeliveries(db, projectId, {
          pageNum: 1,
          pageSize: 1,
          channelId: channel.channel_id,
        });
        return ok(req.lang, rows.find((r) => r.deliveryId === deliveryId) ?? null);
      },
    );

    app.get(
      '/lighting/alarm-notify/delivery/list',
      { config: { perm: 'lighting:alarmConfig:list' }, schema: { tags, querystring: deliveryQuery } },
      async (req) => {
        const { projectId } = await project(req.auth(), req.query.projectId);
        const { rows, total } = await listDeliveries(db, projectId, req.query);
        return table(req.lang, rows, total);
      },
    );
  };
}
