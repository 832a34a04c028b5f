import { deviceModelBody, type Lang, optionalText, rule, text } from '@luxgrid/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { type SheetColumn, sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { isAdmin } from '../../../platform/rbac.ts';
import { requireCustomer } from '../../../platform/scope.ts';
import { dictLabels } from '../../system/dict/dict.service.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { projectInScope } from '../device/device.service.ts';
import {
  ltDevice,
  ltDeviceModel,
  ltDeviceTag,
  ltGroup,
  ltGroupMember,
  ltLocation,
  ltServer,
  ltTag,
} from '../device/device.table.ts';

const idsParam = z.object({ ids: z.string().regex(/^\d{1,15}(,\d{1,15})*$/) });
const idParam = z.object({ id: z.coerce.number().int().positive() });
const parseIds = (s: string) => [...new Set(s.split(',').map(Number))];

const audit = <T extends { createTime: Date; updateTime: Date | null }>(row: T) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

const scoped = (ctx: Ctx, column: AnyPgColumn) => (ctx.clientId === null ? undefined : eq(column, ctx.clientId));

const tagBody = z.object({
  tagId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 40),
  color: optionalText(20),
  remark: optionalText(500),
});
const groupBody = z.object({
  groupId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 40),
  groupNo: z.coerce.number().int().min(0).max(65535).optional().nullable(),
  remark: optionalText(500),
});
const locationBody = z.object({
  locationId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 64),
  kind: z.enum(['CABINET', 'POLE', 'OTHER'], { error: rule('valid.enum') }).default('OTHER'),
  longitude: z.coerce.number().min(-180).max(180).optional().nullable(),
  latitude: z.coerce.number().min(-90).max(90).optional().nullable(),
  address: optionalText(200),
  remark: optionalText(500),
});
const serverBody = z.object({
  serverId: z.coerce.number().int().positive().optional(),
  name: text(1, 40),
  protocol: z.enum(['mqtt', 'mqtts', 'ws', 'wss'], { error: rule('valid.enum') }).default('mqtt'),
  host: text(1, 255).regex(/^[A-Za-z0-9.-]+$/, { error: rule('valid.type') }),
  port: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(1, { error: rule('valid.range', { min: 1, max: 65535 }) })
    .max(65535, { error: rule('valid.range', { min: 1, max: 65535 }) }),
  enabled: z.boolean().default(true),
  /** platform administrators may share a server with every customer */
  shared: z.boolean().optional(),
  remark: optionalText(500),
});

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().max(64).optional(),
  deviceType: z.string().max(20).optional(),
  kind: z.string().max(10).optional(),
});

type ListQuery = z.infer<typeof listQuery>;

/* what a list shows and its export writes: the caller's customer, the project, the search fields */
const modelWhere = (ctx: Ctx, q: ListQuery) =>
  and(
    scoped(ctx, ltDeviceModel.clientId),
    q.name ? ilike(ltDeviceModel.name, `%${q.name}%`) : undefined,
    q.deviceType ? eq(ltDeviceModel.deviceType, q.deviceType) : undefined,
  );
const groupWhere = (ctx: Ctx, q: ListQuery) => {
  const projectId = q.projectId ?? ctx.projectId;
  return and(
    scoped(ctx, ltGroup.clientId),
    projectId ? eq(ltGroup.projectId, projectId) : undefined,
    q.name ? ilike(ltGroup.name, `%${q.name}%`) : undefined,
  );
};
const locationWhere = (ctx: Ctx, q: ListQuery) => {
  const projectId = q.projectId ?? ctx.projectId;
  return and(
    scoped(ctx, ltLocation.clientId),
    projectId ? eq(ltLocation.projectId, projectId) : undefined,
    q.kind ? eq(ltLocation.kind, q.kind) : undefined,
    q.name ? ilike(ltLocation.name, `%${q.name}%`) : undefined,
  );
};
const EXPORT_LIMIT = 100_000;
const LOCATION_KINDS: Record<string, [string, string]> = {
  CABINET: ['配电柜', 'Distribution cabinet'],
  POLE: ['灯杆位', 'Pole site'],
  OTHER: ['其他', 'Other'],
};

/** Models, tags, groups (with members), location points and servers. */
export function registryRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  async function page<T extends PgTable>(
    q: z.infer<typeof listQuery>,
    from: T,
    where: SQL | undefined,
    sortable: Record<string, AnyPgColumn>,
    fallback: AnyPgColumn,
  ) {
    const { limit, offset } = pageOf(q);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(from as PgTable)
        .where(where)
        .orderBy(...orderOf(q, sortable, [desc(fallback)]))
        .limit(limit)
        .offset(offset),
      db.$count(from as PgTable, where),
    ]);
    return { rows: rows as Record<string, unknown>[], total };
  }

  /** The row of `from` with this id that `scope` lets the caller see, if any. */
  const oneIn = async <T extends PgTable>(from: T, idCol: AnyPgColumn, id: number, scope: SQL | undefined) => {
    const [row] = await db
      .select()
      .from(from as PgTable)
      .where(and(eq(idCol, id), scope));
    return row as T['$inferSelect'] | undefined;
  };

  /** Whether every id names a row of `from` that `scope` lets the caller see (or change). */
  const allIn = async (from: PgTable, idCol: AnyPgColumn, ids: number[], scope: SQL | undefined) => {
    const rows = await db
      .select({ id: idCol })
      .from(from)
      .where(and(inArray(idCol, ids), scope));
    return rows.length === ids.length;
  };

  /** How many rows of `from` refer to each of these ids (tag → devices, group → members). */
  const countPer = async (from: PgTable, column: AnyPgColumn, ids: number[]) => {
    const counts = ids.length
      ? await db
          .select({ id: column, n: sql<number>`count(*)::int` })
          .from(from)
          .where(inArray(column, ids))
          .groupBy(column)
      : [];
    return new Map(counts.map((c) => [c.id as number, c.n]));
  };

  const uniqueName = async (t: typeof ltTag | typeof ltGroup, projectId: number, name: string, selfId?: number) => {
    const idCol = 'tagId' in t ? t.tagId : t.groupId;
    const [clash] = await db
      .select({ id: idCol })
      .from(t as typeof ltTag)
      .where(and(eq(t.projectId, projectId), eq(t.name, name), selfId ? ne(idCol, selfId) : undefined));
    if (clash) throw fail('lighting.name.exists', { name });
  };

  /** A list's rows as an .xlsx: the same filters, at most 100,000 rows, headers in the caller's language. */
  const exportRoute = (
    app: Parameters<FastifyPluginAsyncZod>[0],
    o: {
      url: string;
      perm: string;
      title: string;
      tags: string[];
      sheet: [string, string];
      columns: [key: string, zh: string, en: string, width: number][];
      rows: (ctx: Ctx, q: ListQuery, lang: Lang) => Promise<Record<string, unknown>[]>;
    },
  ) =>
    app.post(
      o.url,
      {
        config: { perm: o.perm, operLog: { title: o.title, businessType: 5 } },
        schema: { tags: o.tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const en = req.lang === 'en-US';
        const columns: SheetColumn[] = o.columns.map(([key, zh, enHeader, width]) => ({
          key,
          header: en ? enHeader : zh,
          width,
        }));
        return sendWorkbook(reply, en ? o.sheet[1] : o.sheet[0], columns, await o.rows(req.auth(), q, req.lang));
      },
    );

  return async (app) => {
    /* ---------------------------------------------------------------- models */
    const modelTags = ['lighting/model'];
    app.get(
      '/lighting/model/list',
      { config: { perm: 'lighting:model:list' }, schema: { tags: modelTags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const { rows, total } = await page(
          q,
          ltDeviceModel,
          modelWhere(ctx, q),
          { modelId: ltDeviceModel.modelId, name: ltDeviceModel.name, deviceType: ltDeviceModel.deviceType },
          ltDeviceModel.modelId,
        );
        return table(
          req.lang,
          rows.map((r) => audit(r as typeof ltDeviceModel.$inferSelect)),
          total,
        );
      },
    );
    exportRoute(app, {
      url: '/lighting/model/export',
      perm: 'lighting:model:export',
      title: 'device models',
      tags: modelTags,
      sheet: ['设备型号', 'device models'],
      columns: [
        ['modelId', '型号编号', 'Model id', 10],
        ['name', '型号名称', 'Model name', 24],
        ['deviceType', '设备类型', 'Device type', 16],
        ['commType', '通信方式', 'Communication', 14],
        ['directiveScheme', '指令方案', 'Directive scheme', 18],
        ['connectMode', '接入方式', 'Connection', 12],
        ['rtuProtocol', 'RTU协议', 'RTU protocol', 16],
        ['lampHeadLimit', '灯头上限', 'Lamp-head limit', 12],
        ['channelCount', '通道数', 'Channels', 10],
        ['manufacturer', '厂家', 'Manufacturer', 18],
        ['remark', '备注', 'Remark', 24],
        ['createTime', '创建时间', 'Created', 20],
      ],
      rows: async (ctx, q, lang) => {
        const [rows, type, comm, scheme, mode, protocol] = await Promise.all([
          db
            .select()
            .from(ltDeviceModel)
            .where(modelWhere(ctx, q))
            .orderBy(asc(ltDeviceModel.modelId))
            .limit(EXPORT_LIMIT),
          dictLabels(deps, lang, 'lighting_device_type'),
          dictLabels(deps, lang, 'lighting_comm_type'),
          dictLabels(deps, lang, 'lighting_directive_scheme'),
          dictLabels(deps, lang, 'lighting_connect_mode'),
          dictLabels(deps, lang, 'lighting_rtu_protocol'),
        ]);
        return rows.map((r) => ({
          ...audit(r),
          deviceType: type(r.deviceType),
          commType: comm(r.commType),
          directiveScheme: scheme(r.directiveScheme),
          connectMode: mode(r.connectMode),
          rtuProtocol: protocol(r.rtuProtocol),
        }));
      },
    });
    app.get(
      '/lighting/model/:id',
      { config: { perm: 'lighting:model:query' }, schema: { tags: modelTags, params: idParam } },
      async (req) => {
        const ctx = req.auth();
        const row = await oneIn(
          ltDeviceModel,
          ltDeviceModel.modelId,
          req.params.id,
          scoped(ctx, ltDeviceModel.clientId),
        );
        if (!row) throw notFound();
        return ok(req.lang, audit(row));
      },
    );
    const modelValues = (b: z.infer<typeof deviceModelBody>) => ({
      name: b.name,
      deviceType: b.deviceType,
      commType: b.commType,
      directiveScheme: b.directiveScheme ?? null,
      connectMode: b.connectMode ?? null,
      rtuProtocol: b.rtuProtocol ?? null,
      lampHeadLimit: b.deviceType === 'RTU' ? (b.lampHeadLimit ?? null) : null,
      channelCount: b.channelCount ?? (b.deviceType === 'SWITCH_MODULE' ? 8 : b.deviceType === 'METER' ? 1 : null),
      manufacturer: b.manufacturer ?? '',
      remark: b.remark ?? '',
    });
    const modelRules = (b: z.infer<typeof deviceModelBody>) => {
      if (b.deviceType === 'METER' && b.channelCount && ![1, 4].includes(b.channelCount))
        throw fail('valid.enum', { field: 'channelCount' });
      if (b.deviceType === 'SWITCH_MODULE' && b.channelCount && b.channelCount !== 8)
        throw fail('valid.enum', { field: 'channelCount' });
    };
    const modelNameFree = async (clientId: number, name: string, selfId?: number) => {
      const [clash] = await db
        .select({ id: ltDeviceModel.modelId })
        .from(ltDeviceModel)
        .where(
          and(
            eq(ltDeviceModel.clientId, clientId),
            eq(ltDeviceModel.name, name),
            selfId ? ne(ltDeviceModel.modelId, selfId) : undefined,
          ),
        );
      if (clash) throw fail('lighting.name.exists', { name });
    };
    app.post(
      '/lighting/model',
      {
        config: { perm: 'lighting:model:add', operLog: { title: 'device models', businessType: 1 } },
        schema: { tags: modelTags, body: deviceModelBody },
      },
      async (req) => {
        const ctx = req.auth();
        const clientId = requireCustomer(ctx);
        modelRules(req.body);
        await modelNameFree(clientId, req.body.name);
        const [row] = await db
          .insert(ltDeviceModel)
          .values({
            ...modelValues(req.body),
            clientId,
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ modelId: ltDeviceModel.modelId });
        return ok(req.lang, row);
      },
    );
    app.put(
      '/lighting/model',
      {
        config: { perm: 'lighting:model:edit', operLog: { title: 'device models', businessType: 2 } },
        schema: { tags: modelTags, body: deviceModelBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.modelId) throw fail('valid.required', { field: 'modelId' });
        const existing = await oneIn(
          ltDeviceModel,
          ltDeviceModel.modelId,
          req.body.modelId,
          scoped(ctx, ltDeviceModel.clientId),
        );
        if (!existing) throw notFound();
        modelRules(req.body);
        if (existing.deviceType !== req.body.deviceType) {
          const [used] = await deps.database.query<{ n: number }>(
            'select count(*)::int as n from lt_device where model_id = $1',
            [existing.modelId],
          );
          if (used!.n) throw fail('lighting.model.inUse', { count: used!.n });
        }
        await modelNameFree(existing.clientId, req.body.name, existing.modelId);
        await db
          .update(ltDeviceModel)
          .set({ ...modelValues(req.body), updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
          .where(eq(ltDeviceModel.modelId, existing.modelId));
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/model/:ids',
      {
        config: { perm: 'lighting:model:remove', operLog: { title: 'device models', businessType: 3 } },
        schema: { tags: modelTags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.ids);
        if (!(await allIn(ltDeviceModel, ltDeviceModel.modelId, ids, scoped(ctx, ltDeviceModel.clientId))))
          throw notFound();
        const [used] = await deps.database.query<{ n: number }>(
          'select count(*)::int as n from lt_device where model_id = any($1::bigint[])',
          [ids],
        );
        if (used!.n) throw fail('lighting.model.inUse', { count: used!.n });
        await db.delete(ltDeviceModel).where(inArray(ltDeviceModel.modelId, ids));
        return ok(req.lang);
      },
    );

    /* ---------------------------------------------------------------- tags */
    const tagTags = ['lighting/tag'];
    app.get(
      '/lighting/tag/list',
      { config: { perm: 'lighting:tag:list' }, schema: { tags: tagTags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const projectId = q.projectId ?? ctx.projectId;
        const { rows, total } = await page(
          q,
          ltTag,
          and(
            scoped(ctx, ltTag.clientId),
            projectId ? eq(ltTag.projectId, projectId) : undefined,
            q.name ? ilike(ltTag.name, `%${q.name}%`) : undefined,
          ),
          { tagId: ltTag.tagId, name: ltTag.name },
          ltTag.tagId,
        );
        const countOf = await countPer(
          ltDeviceTag,
          ltDeviceTag.tagId,
          rows.map((r) => r.tagId as number),
        );
        return table(
          req.lang,
          rows.map((r) => ({
            ...audit(r as typeof ltTag.$inferSelect),
            deviceCount: countOf.get(r.tagId as number) ?? 0,
          })),
          total,
        );
      },
    );
    app.post(
      '/lighting/tag',
      {
        config: { perm: 'lighting:tag:add', operLog: { title: 'tags', businessType: 1 } },
        schema: { tags: tagTags, body: tagBody },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.body.projectId);
        await uniqueName(ltTag, project.projectId, req.body.name);
        const [row] = await db
          .insert(ltTag)
          .values({
            clientId: project.clientId,
            projectId: project.projectId,
            name: req.body.name,
            color: req.body.color ?? '',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ tagId: ltTag.tagId });
        return ok(req.lang, row);
      },
    );
    app.put(
      '/lighting/tag',
      {
        config: { perm: 'lighting:tag:edit', operLog: { title: 'tags', businessType: 2 } },
        schema: { tags: tagTags, body: tagBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.tagId) throw fail('valid.required', { field: 'tagId' });
        const existing = await oneIn(ltTag, ltTag.tagId, req.body.tagId, scoped(ctx, ltTag.clientId));
        if (!existing) throw notFound();
        await uniqueName(ltTag, existing.projectId, req.body.name, existing.tagId);
        await db
          .update(ltTag)
          .set({
            name: req.body.name,
            color: req.body.color ?? '',
            remark: req.body.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(ltTag.tagId, existing.tagId));
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/tag/:ids',
      {
        config: { perm: 'lighting:tag:remove', operLog: { title: 'tags', businessType: 3 } },
        schema: { tags: tagTags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.ids);
        if (!(await allIn(ltTag, ltTag.tagId, ids, scoped(ctx, ltTag.clientId)))) throw notFound();
        await db.delete(ltDeviceTag).where(inArray(ltDeviceTag.tagId, ids));
        await db.delete(ltTag).where(inArray(ltTag.tagId, ids));
        return ok(req.lang);
      },
    );

    /* ---------------------------------------------------------------- groups */
    const groupTags = ['lighting/group'];
    const loadGroup = async (ctx: Ctx, groupId: number) => {
      const group = await oneIn(ltGroup, ltGroup.groupId, groupId, scoped(ctx, ltGroup.clientId));
      if (!group) throw notFound();
      return group;
    };
    app.get(
      '/lighting/group/list',
      { config: { perm: 'lighting:group:list' }, schema: { tags: groupTags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const { rows, total } = await page(
          q,
          ltGroup,
          groupWhere(ctx, q),
          { groupId: ltGroup.groupId, name: ltGroup.name },
          ltGroup.groupId,
        );
        const countOf = await countPer(
          ltGroupMember,
          ltGroupMember.groupId,
          rows.map((r) => r.groupId as number),
        );
        return table(
          req.lang,
          rows.map((r) => ({
            ...audit(r as typeof ltGroup.$inferSelect),
            memberCount: countOf.get(r.groupId as number) ?? 0,
          })),
          total,
        );
      },
    );
    exportRoute(app, {
      url: '/lighting/group/export',
      perm: 'lighting:group:export',
      title: 'groups',
      tags: groupTags,
      sheet: ['分组', 'groups'],
      columns: [
        ['groupId', '分组编号', 'Group id', 10],
        ['name', '分组名称', 'Group name', 24],
        ['groupNo', '组号', 'Group number', 12],
        ['memberCount', '成员数', 'Members', 10],
        ['remark', '备注', 'Remark', 24],
        ['createTime', '创建时间', 'Created', 20],
      ],
      rows: async (ctx, q) => {
        const rows = await db
          .select()
          .from(ltGroup)
          .where(groupWhere(ctx, q))
          .orderBy(asc(ltGroup.groupId))
          .limit(EXPORT_LIMIT);
        const members = await countPer(
          ltGroupMember,
          ltGroupMember.groupId,
          rows.map((r) => r.groupId),
        );
        return rows.map((r) => ({ ...audit(r), memberCount: members.get(r.groupId) ?? 0 }));
      },
    });
    app.post(
      '/lighting/group',
      {
        config: { perm: 'lighting:group:add', operLog: { title: 'groups', businessType: 1 } },
        schema: { tags: groupTags, body: groupBody },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.body.projectId);
        await uniqueName(ltGroup, project.projectId, req.body.name);
        const [row] = await db
          .insert(ltGroup)
          .values({
            clientId: project.clientId,
            projectId: project.projectId,
            name: req.body.name,
            groupNo: req.body.groupNo ?? null,
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ groupId: ltGroup.groupId });
        return ok(req.lang, row);
      },
    );
    app.put(
      '/lighting/group',
      {
        config: { perm: 'lighting:group:edit', operLog: { title: 'groups', businessType: 2 } },
        schema: { tags: groupTags, body: groupBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.groupId) throw fail('valid.required', { field: 'groupId' });
        const group = await loadGroup(ctx, req.body.groupId);
        await uniqueName(ltGroup, group.projectId, req.body.name, group.groupId);
        await db
          .update(ltGroup)
          .set({
            name: req.body.name,
            groupNo: req.body.groupNo ?? null,
            remark: req.body.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(ltGroup.groupId, group.groupId));
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/group/:ids',
      {
        config: { perm: 'lighting:group:remove', operLog: { title: 'groups', businessType: 3 } },
        schema: { tags: groupTags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.ids);
        if (!(await allIn(ltGroup, ltGroup.groupId, ids, scoped(ctx, ltGroup.clientId)))) throw notFound();
        await db.delete(ltGroupMember).where(inArray(ltGroupMember.groupId, ids));
        await db.delete(ltGroup).where(inArray(ltGroup.groupId, ids));
        return ok(req.lang);
      },
    );
    app.post(
      '/lighting/group/:id/members',
      {
        config: { perm: 'lighting:group:edit', operLog: { title: 'group members', businessType: 2 } },
        schema: {
          tags: groupTags,
          summary: 'Add devices to a group',
          params: idParam,
          body: z.object({
            deviceIds: z
              .array(z.coerce.number().int().positive())
              .min(1, { error: rule('lighting.select.first') })
              .max(100_000),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const group = await loadGroup(ctx, req.params.id);
        const ids = [...new Set(req.body.deviceIds)];
        const rows = await deps.database.query<{ device_id: number; project_id: number }>(
          'select device_id, project_id from lt_device where device_id = any($1::bigint[]) and client_id = $2',
          [ids, group.clientId],
        );
        if (rows.length !== ids.length) throw notFound();
        if (rows.some((r) => r.project_id !== group.projectId)) throw fail('lighting.group.member.otherProject');
        await deps.database.query(
          'insert into lt_group_member (group_id, device_id, client_id) select $1, unnest($2::bigint[]), $3 on conflict do nothing',
          [group.groupId, ids, group.clientId],
        );
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/group/:id/members/:deviceIds',
      {
        config: { perm: 'lighting:group:edit', operLog: { title: 'group members', businessType: 3 } },
        schema: {
          tags: groupTags,
          params: z.object({
            id: z.coerce.number().int().positive(),
            deviceIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const group = await loadGroup(ctx, req.params.id);
        await db
          .delete(ltGroupMember)
          .where(
            and(
              eq(ltGroupMember.groupId, group.groupId),
              inArray(ltGroupMember.deviceId, parseIds(req.params.deviceIds)),
            ),
          );
        return ok(req.lang);
      },
    );

    /* ---------------------------------------------------------------- location points */
    const locTags = ['lighting/location'];
    app.get(
      '/lighting/location/list',
      { config: { perm: 'lighting:location:list' }, schema: { tags: locTags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const { rows, total } = await page(
          q,
          ltLocation,
          locationWhere(ctx, q),
          { locationId: ltLocation.locationId, name: ltLocation.name, kind: ltLocation.kind },
          ltLocation.locationId,
        );
        return table(
          req.lang,
          rows.map((r) => {
            const row = audit(r as typeof ltLocation.$inferSelect);
            return { ...row, located: row.longitude !== null && row.latitude !== null ? 'LOCATED' : 'UNLOCATED' };
          }),
          total,
        );
      },
    );
    exportRoute(app, {
      url: '/lighting/location/export',
      perm: 'lighting:location:export',
      title: 'location points',
      tags: locTags,
      sheet: ['位置点', 'location points'],
      columns: [
        ['name', '位置点名称', 'Location name', 24],
        ['kind', '类型', 'Kind', 18],
        ['longitude', '经度', 'Longitude', 14],
        ['latitude', '纬度', 'Latitude', 14],
        ['located', '定位状态', 'Location state', 12],
        ['address', '地址', 'Address', 30],
        ['remark', '备注', 'Remark', 24],
        ['createTime', '创建时间', 'Created', 20],
      ],
      rows: async (ctx, q, lang) => {
        const [rows, located] = await Promise.all([
          db
            .select()
            .from(ltLocation)
            .where(locationWhere(ctx, q))
            .orderBy(asc(ltLocation.locationId))
            .limit(EXPORT_LIMIT),
          dictLabels(deps, lang, 'lighting_location_state'),
        ]);
        return rows.map((r) => ({
          ...audit(r),
          kind: LOCATION_KINDS[r.kind]?.[lang === 'en-US' ? 1 : 0] ?? r.kind,
          located: located(r.longitude !== null && r.latitude !== null ? 'LOCATED' : 'UNLOCATED'),
        }));
      },
    });
    const cabinetNameFree = async (projectId: number, kind: string, name: string, selfId?: number) => {
      if (kind !== 'CABINET') return;
      const [same] = await db
        .select({ id: ltLocation.locationId })
        .from(ltLocation)
        .where(
          and(
            eq(ltLocation.projectId, projectId),
            eq(ltLocation.kind, 'CABINET'),
            eq(ltLocation.name, name),
            selfId ? ne(ltLocation.locationId, selfId) : undefined,
          ),
        );
      if (same) throw fail('lighting.location.cabinetExists');
    };
    app.post(
      '/lighting/location',
      {
        config: { perm: 'lighting:location:add', operLog: { title: 'location points', businessType: 1 } },
        schema: { tags: locTags, body: locationBody },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.body.projectId);
        await cabinetNameFree(project.projectId, req.body.kind, req.body.name);
        const [row] = await db
          .insert(ltLocation)
          .values({
            clientId: project.clientId,
            projectId: project.projectId,
            name: req.body.name,
            kind: req.body.kind,
            longitude: req.body.longitude ?? null,
            latitude: req.body.latitude ?? null,
            address: req.body.address ?? '',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ locationId: ltLocation.locationId });
        return ok(req.lang, row);
      },
    );
    app.put(
      '/lighting/location',
      {
        config: { perm: 'lighting:location:edit', operLog: { title: 'location points', businessType: 2 } },
        schema: { tags: locTags, body: locationBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.locationId) throw fail('valid.required', { field: 'locationId' });
        const existing = await oneIn(
          ltLocation,
          ltLocation.locationId,
          req.body.locationId,
          scoped(ctx, ltLocation.clientId),
        );
        if (!existing) throw notFound();
        await cabinetNameFree(existing.projectId, req.body.kind, req.body.name, existing.locationId);
        await db
          .update(ltLocation)
          .set({
            name: req.body.name,
            kind: req.body.kind,
            longitude: req.body.longitude ?? null,
            latitude: req.body.latitude ?? null,
            address: req.body.address ?? '',
            remark: req.body.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(ltLocation.locationId, existing.locationId));
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/location/:ids',
      {
        config: { perm: 'lighting:location:remove', operLog: { title: 'location points', businessType: 3 } },
        schema: { tags: locTags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.ids);
        if (!(await allIn(ltLocation, ltLocation.locationId, ids, scoped(ctx, ltLocation.clientId)))) throw notFound();
        const [used] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(ltDevice)
          .where(inArray(ltDevice.locationId, ids));
        if (used!.n) throw fail('lighting.location.inUse', { count: used!.n });
        await db.delete(ltLocation).where(inArray(ltLocation.locationId, ids));
        return ok(req.lang);
      },
    );

    /* ---------------------------------------------------------------- servers (MQTT endpoints devices use) */
    const serverTags = ['lighting/server'];
    // customers see their own servers and the shared ones; they change only their own
    const serverVisible = (ctx: Ctx) =>
      ctx.clientId === null ? undefined : or(eq(ltServer.clientId, ctx.clientId), isNull(ltServer.clientId));
    const serverWritable = (ctx: Ctx) =>
      ctx.platform && isAdmin(ctx.principal)
        ? ctx.clientId === null
          ? undefined
          : or(eq(ltServer.clientId, ctx.clientId), isNull(ltServer.clientId))
        : ctx.clientId === null
          ? isNull(ltServer.clientId)
          : eq(ltServer.clientId, ctx.clientId);
    app.get(
      '/lighting/server/list',
      { config: { perm: 'lighting:server:list' }, schema: { tags: serverTags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const { rows, total } = await page(
          q,
          ltServer,
          and(serverVisible(ctx), q.name ? ilike(ltServer.name, `%${q.name}%`) : undefined),
          { serverId: ltServer.serverId, name: ltServer.name },
          ltServer.serverId,
        );
        return table(
          req.lang,
          rows.map((r) => ({ ...audit(r as typeof ltServer.$inferSelect), shared: r.clientId === null })),
          total,
        );
      },
    );
    app.post(
      '/lighting/server',
      {
        config: { perm: 'lighting:server:add', operLog: { title: 'servers', businessType: 1 } },
        schema: { tags: serverTags, body: serverBody },
      },
      async (req) => {
        const ctx = req.auth();
        const platformAdmin = ctx.platform && isAdmin(ctx.principal);
        const clientId = req.body.shared && platformAdmin ? null : requireCustomer(ctx);
        const { serverId: _s, shared: _sh, ...values } = req.body;
        const [row] = await db
          .insert(ltServer)
          .values({
            ...values,
            remark: values.remark ?? '',
            clientId,
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ serverId: ltServer.serverId });
        return ok(req.lang, row);
      },
    );
    app.put(
      '/lighting/server',
      {
        config: { perm: 'lighting:server:edit', operLog: { title: 'servers', businessType: 2 } },
        schema: { tags: serverTags, body: serverBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.serverId) throw fail('valid.required', { field: 'serverId' });
        if (!(await oneIn(ltServer, ltServer.serverId, req.body.serverId, serverVisible(ctx)))) throw notFound();
        if (!(await oneIn(ltServer, ltServer.serverId, req.body.serverId, serverWritable(ctx))))
          throw fail('lighting.server.inUse');
        const { serverId, shared: _sh, ...values } = req.body;
        await db
          .update(ltServer)
          .set({
            ...values,
            remark: values.remark ?? '',
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(ltServer.serverId, serverId));
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/server/:ids',
      {
        config: { perm: 'lighting:server:remove', operLog: { title: 'servers', businessType: 3 } },
        schema: { tags: serverTags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.ids);
        if (!(await allIn(ltServer, ltServer.serverId, ids, serverVisible(ctx)))) throw notFound();
        if (!(await allIn(ltServer, ltServer.serverId, ids, serverWritable(ctx)))) throw fail('lighting.server.inUse');
        await db.delete(ltServer).where(inArray(ltServer.serverId, ids));
        return ok(req.lang);
      },
    );
  };
}
