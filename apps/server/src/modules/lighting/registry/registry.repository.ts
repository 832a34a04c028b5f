import type { DeviceModelBody, GroupBody, LocationBody, ServerBody, TagBody } from '@luxgrid/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, countPer, findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, isPlatformAdmin, requireCustomer, type Scope, scopeWhere, updated } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
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

/**
 * The registry's records (device models, tags, groups with their members, location points,
 * servers): the only SQL over these tables. Every function takes the scope first; lists are
 * narrowed to a project (the filter's, else the one chosen in the top bar), by-id lookups to
 * the customer only.
 */

export interface RegistryFilter {
  projectId?: number;
  name?: string;
  deviceType?: string;
  kind?: string;
}

/** The project being written to, checked against the scope; the row takes its customer. */
export interface ScopedProject {
  projectId: number;
  clientId: number;
}

const audit = <T extends { createTime: Date; updateTime: Date | null }>(row: T) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});
const like = (text: string) => `%${text}%`;
const byProject = (scope: Scope, q: RegistryFilter) => ({ projectId: q.projectId ?? scope.projectId });
const byId = { projectId: null };

export function registryRepository(database: Database) {
  const { db } = database;

  /* ---------------------------------------------------------------- models */

  const modelWhere = (scope: Scope, q: RegistryFilter) =>
    and(
      scopeWhere(scope, ltDeviceModel),
      q.name ? ilike(ltDeviceModel.name, like(q.name)) : undefined,
      q.deviceType ? eq(ltDeviceModel.deviceType, q.deviceType) : undefined,
    );
  const modelValues = (b: DeviceModelBody) => ({
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
  /** Channel counts a meter (1 or 4) and a switch module (8) are built with. */
  const modelRules = (b: DeviceModelBody) => {
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
  const devicesOfModels = async (ids: number[]) => {
    const [used] = await database.query<{ n: number }>(
      'select count(*)::int as n from lt_device where model_id = any($1::bigint[])',
      [ids],
    );
    return used!.n;
  };

  const models = {
    sortable: { modelId: ltDeviceModel.modelId, name: ltDeviceModel.name, deviceType: ltDeviceModel.deviceType },
    /** newest first */
    order: [desc(ltDeviceModel.modelId)],
    async list(scope: Scope, q: RegistryFilter, page: ListPage) {
      const { rows, total } = await readPage(db, ltDeviceModel, modelWhere(scope, q), page);
      return { rows: rows.map(audit), total };
    },
    async exportRows(scope: Scope, q: RegistryFilter) {
      const rows = await readExport(db, ltDeviceModel, modelWhere(scope, q), asc(ltDeviceModel.modelId));
      return rows.map(audit);
    },
    async find(scope: Scope, id: number) {
      const row = await findIn(db, ltDeviceModel, ltDeviceModel.modelId, id, scopeWhere(scope, ltDeviceModel, byId));
      return row && audit(row);
    },
    async insert(scope: Scope, now: number, body: DeviceModelBody) {
      const clientId = requireCustomer(scope);
      modelRules(body);
      await modelNameFree(clientId, body.name);
      const [row] = await db
        .insert(ltDeviceModel)
        .values({ ...modelValues(body), clientId, ...created(scope, now) })
        .returning({ modelId: ltDeviceModel.modelId });
      return row;
    },
    async update(scope: Scope, now: number, modelId: number, body: DeviceModelBody) {
      const existing = await findIn(
        db,
        ltDeviceModel,
        ltDeviceModel.modelId,
        modelId,
        scopeWhere(scope, ltDeviceModel, byId),
      );
      if (!existing) throw notFound();
      modelRules(body);
      // devices of a model keep their type: the type of a model in use is fixed
      if (existing.deviceType !== body.deviceType) {
        const used = await devicesOfModels([existing.modelId]);
        if (used) throw fail('lighting.model.inUse', { count: used });
      }
      await modelNameFree(existing.clientId, body.name, existing.modelId);
      await db
        .update(ltDeviceModel)
        .set({ ...modelValues(body), ...updated(scope, now) })
        .where(eq(ltDeviceModel.modelId, existing.modelId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, ltDeviceModel, ltDeviceModel.modelId, ids, scopeWhere(scope, ltDeviceModel, byId))))
        throw notFound();
      const used = await devicesOfModels(ids);
      if (used) throw fail('lighting.model.inUse', { count: used });
      await db.delete(ltDeviceModel).where(inArray(ltDeviceModel.modelId, ids));
    },
  };

  /* ---------------------------------------------------------------- tags and groups: names unique in a project */

  const uniqueName = async (t: typeof ltTag | typeof ltGroup, projectId: number, name: string, selfId?: number) => {
    const idCol = 'tagId' in t ? t.tagId : t.groupId;
    const [clash] = await db
      .select({ id: idCol })
      .from(t as typeof ltTag)
      .where(and(eq(t.projectId, projectId), eq(t.name, name), selfId ? ne(idCol, selfId) : undefined));
    if (clash) throw fail('lighting.name.exists', { name });
  };

  const tags = {
    sortable: { tagId: ltTag.tagId, name: ltTag.name },
    /** newest first */
    order: [desc(ltTag.tagId)],
    async list(scope: Scope, q: RegistryFilter, page: ListPage) {
      const where = and(
        scopeWhere(scope, ltTag, byProject(scope, q)),
        q.name ? ilike(ltTag.name, like(q.name)) : undefined,
      );
      const { rows, total } = await readPage(db, ltTag, where, page);
      const devices = await countPer(
        db,
        ltDeviceTag,
        ltDeviceTag.tagId,
        rows.map((r) => r.tagId),
      );
      return { rows: rows.map((r) => ({ ...audit(r), deviceCount: devices.get(r.tagId) ?? 0 })), total };
    },
    async insert(scope: Scope, now: number, project: ScopedProject, body: TagBody) {
      await uniqueName(ltTag, project.projectId, body.name);
      const [row] = await db
        .insert(ltTag)
        .values({
          clientId: project.clientId,
          projectId: project.projectId,
          name: body.name,
          color: body.color ?? '',
          remark: body.remark ?? '',
          ...created(scope, now),
        })
        .returning({ tagId: ltTag.tagId });
      return row;
    },
    async update(scope: Scope, now: number, tagId: number, body: TagBody) {
      const existing = await findIn(db, ltTag, ltTag.tagId, tagId, scopeWhere(scope, ltTag, byId));
      if (!existing) throw notFound();
      await uniqueName(ltTag, existing.projectId, body.name, existing.tagId);
      await db
        .update(ltTag)
        .set({ name: body.name, color: body.color ?? '', remark: body.remark ?? '', ...updated(scope, now) })
        .where(eq(ltTag.tagId, existing.tagId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, ltTag, ltTag.tagId, ids, scopeWhere(scope, ltTag, byId)))) throw notFound();
      await db.delete(ltDeviceTag).where(inArray(ltDeviceTag.tagId, ids));
      await db.delete(ltTag).where(inArray(ltTag.tagId, ids));
    },
  };

  const groupWhere = (scope: Scope, q: RegistryFilter) =>
    and(scopeWhere(scope, ltGroup, byProject(scope, q)), q.name ? ilike(ltGroup.name, like(q.name)) : undefined);
  const withMembers = async (rows: (typeof ltGroup.$inferSelect)[]) => {
    const members = await countPer(
      db,
      ltGroupMember,
      ltGroupMember.groupId,
      rows.map((r) => r.groupId),
    );
    return rows.map((r) => ({ ...audit(r), memberCount: members.get(r.groupId) ?? 0 }));
  };
  const loadGroup = async (scope: Scope, groupId: number) => {
    const group = await findIn(db, ltGroup, ltGroup.groupId, groupId, scopeWhere(scope, ltGroup, byId));
    if (!group) throw notFound();
    return group;
  };

  const groups = {
    sortable: { groupId: ltGroup.groupId, name: ltGroup.name },
    /** newest first */
    order: [desc(ltGroup.groupId)],
    async list(scope: Scope, q: RegistryFilter, page: ListPage) {
      const { rows, total } = await readPage(db, ltGroup, groupWhere(scope, q), page);
      return { rows: await withMembers(rows), total };
    },
    async exportRows(scope: Scope, q: RegistryFilter) {
      const rows = await readExport(db, ltGroup, groupWhere(scope, q), asc(ltGroup.groupId));
      return withMembers(rows);
    },
    async insert(scope: Scope, now: number, project: ScopedProject, body: GroupBody) {
      await uniqueName(ltGroup, project.projectId, body.name);
      const [row] = await db
        .insert(ltGroup)
        .values({
          clientId: project.clientId,
          projectId: project.projectId,
          name: body.name,
          groupNo: body.groupNo ?? null,
          remark: body.remark ?? '',
          ...created(scope, now),
        })
        .returning({ groupId: ltGroup.groupId });
      return row;
    },
    async update(scope: Scope, now: number, groupId: number, body: GroupBody) {
      const group = await loadGroup(scope, groupId);
      await uniqueName(ltGroup, group.projectId, body.name, group.groupId);
      await db
        .update(ltGroup)
        .set({ name: body.name, groupNo: body.groupNo ?? null, remark: body.remark ?? '', ...updated(scope, now) })
        .where(eq(ltGroup.groupId, group.groupId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, ltGroup, ltGroup.groupId, ids, scopeWhere(scope, ltGroup, byId)))) throw notFound();
      await db.delete(ltGroupMember).where(inArray(ltGroupMember.groupId, ids));
      await db.delete(ltGroup).where(inArray(ltGroup.groupId, ids));
    },
    /** Adds devices of the group's project; every device must be the group's customer's. */
    async addMembers(scope: Scope, groupId: number, deviceIds: number[]) {
      const group = await loadGroup(scope, groupId);
      const ids = [...new Set(deviceIds)];
      const rows = await database.query<{ device_id: number; project_id: number }>(
        'select device_id, project_id from lt_device where device_id = any($1::bigint[]) and client_id = $2',
        [ids, group.clientId],
      );
      if (rows.length !== ids.length) throw notFound();
      if (rows.some((r) => r.project_id !== group.projectId)) throw fail('lighting.group.member.otherProject');
      await database.query(
        'insert into lt_group_member (group_id, device_id, client_id) select $1, unnest($2::bigint[]), $3 on conflict do nothing',
        [group.groupId, ids, group.clientId],
      );
    },
    async removeMembers(scope: Scope, groupId: number, deviceIds: number[]) {
      const group = await loadGroup(scope, groupId);
      await db
        .delete(ltGroupMember)
        .where(and(eq(ltGroupMember.groupId, group.groupId), inArray(ltGroupMember.deviceId, deviceIds)));
    },
  };

  /* ---------------------------------------------------------------- location points */

  const locationWhere = (scope: Scope, q: RegistryFilter) =>
    and(
      scopeWhere(scope, ltLocation, byProject(scope, q)),
      q.kind ? eq(ltLocation.kind, q.kind) : undefined,
      q.name ? ilike(ltLocation.name, like(q.name)) : undefined,
    );
  const locationView = (r: typeof ltLocation.$inferSelect) => ({
    ...audit(r),
    located: r.longitude !== null && r.latitude !== null ? ('LOCATED' as const) : ('UNLOCATED' as const),
  });
  /** Two cabinets of a project may not share a name (pole sites and others may). */
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
  const locationValues = (body: LocationBody) => ({
    name: body.name,
    kind: body.kind,
    longitude: body.longitude ?? null,
    latitude: body.latitude ?? null,
    address: body.address ?? '',
    remark: body.remark ?? '',
  });

  const locations = {
    sortable: { locationId: ltLocation.locationId, name: ltLocation.name, kind: ltLocation.kind },
    /** newest first */
    order: [desc(ltLocation.locationId)],
    async list(scope: Scope, q: RegistryFilter, page: ListPage) {
      const { rows, total } = await readPage(db, ltLocation, locationWhere(scope, q), page);
      return { rows: rows.map(locationView), total };
    },
    async exportRows(scope: Scope, q: RegistryFilter) {
      const rows = await readExport(db, ltLocation, locationWhere(scope, q), asc(ltLocation.locationId));
      return rows.map(locationView);
    },
    async insert(scope: Scope, now: number, project: ScopedProject, body: LocationBody) {
      await cabinetNameFree(project.projectId, body.kind, body.name);
      const [row] = await db
        .insert(ltLocation)
        .values({
          clientId: project.clientId,
          projectId: project.projectId,
          ...locationValues(body),
          ...created(scope, now),
        })
        .returning({ locationId: ltLocation.locationId });
      return row;
    },
    async update(scope: Scope, now: number, locationId: number, body: LocationBody) {
      const existing = await findIn(
        db,
        ltLocation,
        ltLocation.locationId,
        locationId,
        scopeWhere(scope, ltLocation, byId),
      );
      if (!existing) throw notFound();
      await cabinetNameFree(existing.projectId, body.kind, body.name, existing.locationId);
      await db
        .update(ltLocation)
        .set({ ...locationValues(body), ...updated(scope, now) })
        .where(eq(ltLocation.locationId, existing.locationId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, ltLocation, ltLocation.locationId, ids, scopeWhere(scope, ltLocation, byId))))
        throw notFound();
      const [used] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ltDevice)
        .where(inArray(ltDevice.locationId, ids));
      if (used!.n) throw fail('lighting.location.inUse', { count: used!.n });
      await db.delete(ltLocation).where(inArray(ltLocation.locationId, ids));
    },
  };

  /* ---------------------------------------------------------------- servers: own and shared (client_id null) */

  // customers see their own servers and the shared ones; they change only their own
  const serverVisible = (scope: Scope): SQL | undefined =>
    scope.clientId === null ? undefined : or(eq(ltServer.clientId, scope.clientId), isNull(ltServer.clientId));
  const serverWritable = (scope: Scope): SQL | undefined =>
    isPlatformAdmin(scope)
      ? serverVisible(scope)
      : scope.clientId === null
        ? isNull(ltServer.clientId)
        : eq(ltServer.clientId, scope.clientId);
  const serverValues = ({ serverId: _id, shared: _shared, ...values }: ServerBody) => ({
    ...values,
    remark: values.remark ?? '',
  });

  const servers = {
    sortable: { serverId: ltServer.serverId, name: ltServer.name },
    /** newest first */
    order: [desc(ltServer.serverId)],
    async list(scope: Scope, q: RegistryFilter, page: ListPage) {
      const where = and(serverVisible(scope), q.name ? ilike(ltServer.name, like(q.name)) : undefined);
      const { rows, total } = await readPage(db, ltServer, where, page);
      return { rows: rows.map((r) => ({ ...audit(r), shared: r.clientId === null })), total };
    },
    async insert(scope: Scope, now: number, body: ServerBody) {
      const clientId = body.shared && isPlatformAdmin(scope) ? null : requireCustomer(scope);
      const [row] = await db
        .insert(ltServer)
        .values({ ...serverValues(body), clientId, ...created(scope, now) })
        .returning({ serverId: ltServer.serverId });
      return row;
    },
    async update(scope: Scope, now: number, serverId: number, body: ServerBody) {
      if (!(await findIn(db, ltServer, ltServer.serverId, serverId, serverVisible(scope)))) throw notFound();
      if (!(await findIn(db, ltServer, ltServer.serverId, serverId, serverWritable(scope))))
        throw fail('lighting.server.inUse');
      await db
        .update(ltServer)
        .set({ ...serverValues(body), ...updated(scope, now) })
        .where(eq(ltServer.serverId, serverId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, ltServer, ltServer.serverId, ids, serverVisible(scope)))) throw notFound();
      if (!(await allIn(db, ltServer, ltServer.serverId, ids, serverWritable(scope))))
        throw fail('lighting.server.inUse');
      await db.delete(ltServer).where(inArray(ltServer.serverId, ids));
    },
  };

  return { models, tags, groups, locations, servers };
}
