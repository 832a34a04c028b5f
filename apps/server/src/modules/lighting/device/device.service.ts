import {
  ALLOWED_PARENTS,
  DEFAULT_LAMP_HEAD_LIMIT,
  type DeviceBody,
  MESH_TYPES,
  METER_ADDRESS_MAX,
  NON_DIRECT_TAG_LIMIT,
  SESSION_TYPES,
  SWITCH_MODULE_ADDRESS_MAX,
  TERMINAL_TYPES,
} from '@luxgrid/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { newDeviceSecret } from '../../../platform/devices/sessions.ts';
import { fail, notFound, warn } from '../../../platform/errors.ts';
import { customerWhere, type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { ltDevice, ltDeviceModel, ltDeviceTag, ltGroupMember, ltLocation, ltTag } from './device.table.ts';

export type DeviceRow = typeof ltDevice.$inferSelect;
export type ModelRow = typeof ltDeviceModel.$inferSelect;

/** Zigbee and Wi-SUN mesh terminals have a channel and a PANID. */
export const MESH_COMM_TYPES = [6, 9];

export const isTerminal = (type: string) => (TERMINAL_TYPES as readonly string[]).includes(type);
/** A device that holds its own MQTT session: concentrators and boxes, and terminals that connect by themselves. */
export const holdsSession = (type: string, connection: string | null) =>
  (SESSION_TYPES as readonly string[]).includes(type) || (isTerminal(type) && connection === 'DIRECT');

/**
 * A box with a controller inside (CCU_IN_BOX) talks through that controller: the box and every
 * device it would carry itself are carried by the controller's session. Idempotent; run after
 * any change of a project's topology.
 */
export async function routeBoxesThroughControllers(deps: Deps, projectId: number): Promise<void> {
  await deps.database.query(
    `update lt_device d set gateway_id = inside.device_id
       from lt_device b
       join lateral (select c.device_id from lt_device c
                      where c.parent_id = b.device_id and c.device_type = 'CCU_IN_BOX'
                      order by c.device_id limit 1) inside on true
      where b.project_id = $1 and b.device_type = 'BOX' and d.gateway_id = b.device_id`,
    [projectId],
  );
}

/** The customer a request acts for when it creates something; platform users must have chosen one. */
/** A project the caller may work in (its customer's, or any for platform users who chose all customers). */
export async function projectInScope(
  deps: Deps,
  scope: Scope,
  projectId: number | null | undefined,
): Promise<{ projectId: number; clientId: number; operatePwd: string }> {
  if (!projectId) throw fail('lighting.project.required');
  const p = new SqlParams(projectId);
  const [row] = await deps.database.query<{ project_id: number; client_id: number; operate_pwd: string }>(
    `select project_id, client_id, operate_pwd from biz_project where project_id = $1 and del_flag = '0' and ${scopeSql(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound();
  return { projectId: row.project_id, clientId: row.client_id, operatePwd: row.operate_pwd };
}

/** The scope condition every device query carries. */
export const deviceScope = (scope: Scope) => customerWhere(scope, ltDevice.clientId);

export async function loadDevice(deps: Deps, ctx: Ctx, deviceId: number): Promise<DeviceRow> {
  const [row] = await deps.database.db
    .select()
    .from(ltDevice)
    .where(and(eq(ltDevice.deviceId, deviceId), deviceScope(ctx)));
  if (!row) throw notFound();
  return row;
}

export function deviceView(row: DeviceRow) {
  const { secretHash, config: _config, createTime, updateTime, ...rest } = row;
  return {
    ...rest,
    located: row.longitude !== null && row.latitude !== null ? 'LOCATED' : 'UNLOCATED',
    hasSecret: secretHash !== null,
    createTime: formatDate(createTime),
    updateTime: formatDate(updateTime),
  };
}

async function sameProjectDevice(
  deps: Deps,
  clientId: number,
  projectId: number,
  id: number,
  key: 'parentId' | 'poleId' | 'switchModuleId' | 'meterId',
) {
  const [row] = await deps.database.db
    .select()
    .from(ltDevice)
    .where(and(eq(ltDevice.deviceId, id), eq(ltDevice.clientId, clientId)));
  if (!row) throw notFound();
  if (row.projectId !== projectId) throw fail('lighting.parent.otherProject', { field: key });
  return row;
}

/** The distribution box a device sits in (itself, its parent, or its parent's parent). */
async function boxOf(
  deps: Deps,
  device: { deviceType: string; parentId: number | null; deviceId?: number },
): Promise<number | null> {
  if (device.deviceType === 'BOX') return device.deviceId ?? null;
  let id = device.parentId;
  for (let depth = 0; id !== null && depth < 3; depth++) {
    const [row] = await deps.database.query<{ device_type: string; parent_id: number | null }>(
      'select device_type, parent_id from lt_device where device_id = $1',
      [id],
    );
    if (!row) return null;
    if (row.device_type === 'BOX') return id;
    id = row.parent_id;
  }
  return null;
}

/** Free addresses of a box for meters or switch modules, lowest first. */
async function freeAddresses(deps: Deps, boxId: number, type: 'METER' | 'SWITCH_MODULE', exceptId?: number) {
  const max = type === 'METER' ? METER_ADDRESS_MAX : SWITCH_MODULE_ADDRESS_MAX;
  const used = await deps.database.query<{ address: number }>(
    'select address from lt_device where parent_id = $1 and device_type = $2 and address is not null and device_id <> $3',
    [boxId, type, exceptId ?? 0],
  );
  const taken = new Set(used.map((r) => r.address));
  const free: number[] = [];
  for (let a = 1; a <= max; a++) if (!taken.has(a)) free.push(a);
  return free;
}

export interface ResolvedDevice {
  values: Omit<typeof ltDevice.$inferInsert, 'deviceId'>;
  /** METER with a 4-channel model: the extra channel meters to create beside the first */
  extraMeterAddresses: number[];
  model: ModelRow | null;
}

/**
 * Checks a device against every registry rule (spec §5) and computes what is stored:
 * session (gateway) device, connection, configuration state, addresses.
 */
export async function resolveDevice(
  deps: Deps,
  ctx: Ctx,
  body: DeviceBody,
  existing?: DeviceRow,
): Promise<ResolvedDevice> {
  const project = await projectInScope(deps, ctx, body.projectId);
  const clientId = project.clientId;
  const type = existing?.deviceType ?? body.deviceType;
  if (existing && body.deviceType !== existing.deviceType) throw fail('lighting.type.immutable');
  if (existing && existing.projectId !== project.projectId) throw fail('lighting.parent.otherProject');

  const [clash] = await deps.database.db
    .select({ id: ltDevice.deviceId })
    .from(ltDevice)
    .where(
      and(
        eq(ltDevice.clientId, clientId),
        eq(ltDevice.uid, body.uid),
        existing ? ne(ltDevice.deviceId, existing.deviceId) : undefined,
      ),
    );
  if (clash) throw fail('lighting.uid.exists', { uid: body.uid });

  let model: ModelRow | null = null;
  if (body.modelId) {
    [model] = await deps.database.db
      .select()
      .from(ltDeviceModel)
      .where(and(eq(ltDeviceModel.modelId, body.modelId), eq(ltDeviceModel.clientId, clientId)));
    if (!model) throw notFound();
    if (model.deviceType !== type) throw fail('lighting.model.wrongType');
  }
  if (existing && existing.modelId !== null && (body.modelId ?? null) !== existing.modelId && !body.confirmModelChange)
    throw warn('lighting.model.changeClears');

  const terminal = isTerminal(type);
  const parentId = body.parentId ?? null;
  const connection = terminal ? (body.connection ?? (parentId ? 'NON_DIRECT' : 'DIRECT')) : null;
  const allowed = ALLOWED_PARENTS[type as keyof typeof ALLOWED_PARENTS];
  let parent: DeviceRow | null = null;
  if (parentId) {
    if (existing && parentId === existing.deviceId) throw fail('lighting.parent.cycle');
    parent = await sameProjectDevice(deps, clientId, project.projectId, parentId, 'parentId');
    const fits =
      allowed.includes(parent.deviceType) ||
      (connection === 'DIRECT' && ['BRANCH', 'LOOP'].includes(parent.deviceType));
    if (!fits) throw fail('lighting.parent.wrongType', { type, parentType: parent.deviceType });
  } else if (allowed.length && !(terminal && connection === 'DIRECT')) {
    throw fail('lighting.parent.required', { type });
  }

  // lamp heads: an RTU carries at most its model's limit
  if (type === 'LIGHT' && parent && (!existing || existing.parentId !== parent.deviceId)) {
    const [limitRow] = await deps.database.query<{ lamp_head_limit: number | null }>(
      'select lamp_head_limit from lt_device_model where model_id = $1',
      [parent.modelId ?? 0],
    );
    const limit = limitRow?.lamp_head_limit ?? DEFAULT_LAMP_HEAD_LIMIT;
    const [count] = await deps.database.query<{ n: number }>(
      "select count(*)::int as n from lt_device where parent_id = $1 and device_type = 'LIGHT'",
      [parent.deviceId],
    );
    if (count!.n >= limit) throw fail('lighting.lampHead.limit');
  }

  const commType = model?.commType ?? existing?.commType ?? null;
  if ((body.channel ?? null) !== null || (body.panid ?? null) !== null) {
    if (!(MESH_TYPES as readonly string[]).includes(type) || (commType !== null && !MESH_COMM_TYPES.includes(commType)))
      throw fail('lighting.channel.meshOnly');
  }

  let switchModuleId: number | null = null;
  let doIndex: number | null = null;
  let meterId: number | null = null;
  if (['BRANCH', 'LOOP', 'BREAKER'].includes(type)) {
    if ((body.currentRatio ?? null) !== null && !body.phase) throw fail('lighting.phase.required');
    if (body.doIndex && !body.switchModuleId) throw fail('lighting.circuit.noDo');
    if (body.switchModuleId) {
      const module = await sameProjectDevice(deps, clientId, project.projectId, body.switchModuleId, 'switchModuleId');
      if (module.deviceType !== 'SWITCH_MODULE')
        throw fail('lighting.parent.wrongType', { type: 'SWITCH_MODULE', parentType: module.deviceType });
      const box = await boxOf(deps, { deviceType: type, parentId });
      if (box === null || module.parentId !== box) throw fail('lighting.switchModule.otherBox');
      if (!body.doIndex) throw fail('lighting.circuit.noDo');
      const [used] = await deps.database.query(
        'select 1 from lt_device where switch_module_id = $1 and do_index = $2 and device_id <> $3',
        [module.deviceId, body.doIndex, existing?.deviceId ?? 0],
      );
      if (used) throw fail('lighting.doIndex.taken', { doIndex: body.doIndex });
      switchModuleId = module.deviceId;
      doIndex = body.doIndex;
    }
    if (body.meterId) {
      const meter = await sameProjectDevice(deps, clientId, project.projectId, body.meterId, 'meterId');
      if (meter.deviceType !== 'METER')
        throw fail('lighting.parent.wrongType', { type: 'METER', parentType: meter.deviceType });
      meterId = meter.deviceId;
    }
  }

  let address: number | null = null;
  let extraMeterAddresses: number[] = [];
  if ((type === 'METER' || type === 'SWITCH_MODULE') && parent) {
    const free = await freeAddresses(deps, parent.deviceId, type, existing?.deviceId);
    const wanted = type === 'METER' && !existing && model?.channelCount === 4 ? 4 : 1;
    const noAddress = type === 'METER' ? 'lighting.meter.noAddress' : 'lighting.switchModule.noAddress';
    if (body.address) {
      if (!free.includes(body.address))
        throw fail(type === 'METER' ? 'lighting.meter.addressTaken' : 'lighting.switchModule.addressTaken', {
          address: body.address,
        });
      address = body.address;
      const rest = free.filter((a) => a !== address);
      if (rest.length < wanted - 1) throw fail(noAddress);
      extraMeterAddresses = rest.slice(0, wanted - 1);
    } else {
      if (free.length < wanted) throw fail(noAddress);
      address = free[0]!;
      extraMeterAddresses = free.slice(1, wanted);
    }
  }

  let poleId: number | null = null;
  if (body.poleId) {
    const pole = await sameProjectDevice(deps, clientId, project.projectId, body.poleId, 'poleId');
    if (pole.deviceType !== 'POLE') throw fail('lighting.pole.wrongType');
    poleId = pole.deviceId;
  }
  let locationId: number | null = body.locationId ?? null;
  if (locationId) {
    const [loc] = await deps.database.db
      .select()
      .from(ltLocation)
      .where(and(eq(ltLocation.locationId, locationId), eq(ltLocation.clientId, clientId)));
    if (!loc) throw notFound();
    if (loc.projectId !== project.projectId) throw fail('lighting.location.otherProject');
  } else if (type === 'BOX' && body.createLocation) {
    const [same] = await deps.database.db
      .select()
      .from(ltLocation)
      .where(
        and(
          eq(ltLocation.projectId, project.projectId),
          eq(ltLocation.kind, 'CABINET'),
          eq(ltLocation.name, body.name),
        ),
      );
    if (same) throw fail('lighting.location.cabinetExists');
    const [created] = await deps.database.db
      .insert(ltLocation)
      .values({
        clientId,
        projectId: project.projectId,
        name: body.name,
        kind: 'CABINET',
        longitude: body.longitude ?? null,
        latitude: body.latitude ?? null,
        createBy: ctx.principal.userName,
        createTime: new Date(deps.clock.now()),
      })
      .returning({ id: ltLocation.locationId });
    locationId = created!.id;
  }

  const session = holdsSession(type, connection);
  const gatewayId = session
    ? (existing?.deviceId ?? null)
    : parent
      ? (parent.gatewayId ?? (holdsSession(parent.deviceType, parent.connection) ? parent.deviceId : null))
      : null;
  const modelChanged = existing && (body.modelId ?? null) !== existing.modelId;
  const nonDirectTerminal = terminal && connection === 'NON_DIRECT';
  const configState = nonDirectTerminal
    ? modelChanged || !existing?.configState
      ? 'UNCONFIGURED'
      : existing.configState
    : null;

  return {
    model,
    extraMeterAddresses,
    values: {
      clientId,
      projectId: project.projectId,
      uid: body.uid,
      name: body.name,
      deviceType: type,
      modelId: body.modelId ?? null,
      parentId,
      gatewayId,
      poleId,
      locationId,
      connection,
      commType,
      longitude: body.longitude ?? null,
      latitude: body.latitude ?? null,
      channel: body.channel ?? null,
      panid: body.panid ?? null,
      phase: body.phase ?? null,
      currentRatio: body.currentRatio ?? null,
      switchModuleId,
      doIndex,
      meterId,
      address,
      configState,
      ...(modelChanged ? { config: null } : {}),
      sort: body.sort ?? 0,
      remark: body.remark ?? '',
    },
  };
}

/** Sets a device's tags; non-direct terminals hold at most two. */
export async function setTags(deps: Deps, device: DeviceRow, tagIds: number[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (isTerminal(device.deviceType) && device.connection === 'NON_DIRECT' && unique.length > NON_DIRECT_TAG_LIMIT)
    throw fail('lighting.tag.limit');
  if (unique.length) {
    const tags = await deps.database.db
      .select({ id: ltTag.tagId, projectId: ltTag.projectId })
      .from(ltTag)
      .where(and(inArray(ltTag.tagId, unique), eq(ltTag.clientId, device.clientId)));
    if (tags.length !== unique.length) throw notFound();
    if (tags.some((t) => t.projectId !== device.projectId)) throw fail('lighting.tag.otherProject');
  }
  await deps.database.db.delete(ltDeviceTag).where(eq(ltDeviceTag.deviceId, device.deviceId));
  if (unique.length)
    await deps.database.db
      .insert(ltDeviceTag)
      .values(unique.map((tagId) => ({ tagId, deviceId: device.deviceId, clientId: device.clientId })));
}

/** Creates a device (a 4-channel meter creates its 4 channel meters); returns the ids and, for session devices, the secret. */
export async function createDevice(deps: Deps, ctx: Ctx, body: DeviceBody) {
  const resolved = await resolveDevice(deps, ctx, body);
  const now = new Date(deps.clock.now());
  const { values } = resolved;
  const session = holdsSession(values.deviceType, values.connection ?? null);
  const credentials = session ? newDeviceSecret() : null;
  const rows: (typeof ltDevice.$inferInsert)[] = [];
  if (resolved.extraMeterAddresses.length) {
    const all = [values.address!, ...resolved.extraMeterAddresses];
    all.forEach((address, i) => {
      rows.push({
        ...values,
        uid: `${values.uid}-${i + 1}`,
        name: `${values.name}-${i + 1}`,
        address,
        createBy: ctx.principal.userName,
        createTime: now,
      });
    });
  } else {
    rows.push({ ...values, secretHash: credentials?.hash ?? null, createBy: ctx.principal.userName, createTime: now });
  }
  if (rows.length > 1) {
    const clash = await deps.database.db
      .select({ uid: ltDevice.uid })
      .from(ltDevice)
      .where(
        and(
          eq(ltDevice.clientId, values.clientId),
          inArray(
            ltDevice.uid,
            rows.map((r) => r.uid),
          ),
        ),
      );
    if (clash.length) throw fail('lighting.uid.exists', { uid: clash[0]!.uid });
  }
  const created = await deps.database.db.insert(ltDevice).values(rows).returning();
  for (const row of created) {
    if (session) {
      await deps.database.db
        .update(ltDevice)
        .set({ gatewayId: row.deviceId })
        .where(eq(ltDevice.deviceId, row.deviceId));
      row.gatewayId = row.deviceId;
    }
  }
  await routeBoxesThroughControllers(deps, values.projectId);
  if (body.tagIds?.length) await setTags(deps, created[0]!, body.tagIds);
  deps.devices.registryChanged([]);
  if (credentials) await deps.brokerCredentials.issued([{ ...created[0]!, secret: credentials.secret }], true);
  return { devices: created, secret: credentials?.secret ?? null };
}

export async function updateDevice(deps: Deps, ctx: Ctx, body: DeviceBody) {
  if (!body.deviceId) throw fail('valid.required', { field: 'deviceId' });
  const existing = await loadDevice(deps, ctx, body.deviceId);
  const resolved = await resolveDevice(deps, ctx, body, existing);
  const { values } = resolved;
  const session = holdsSession(values.deviceType, values.connection ?? null);
  const wasSession = holdsSession(existing.deviceType, existing.connection);
  const patch: Partial<typeof ltDevice.$inferInsert> = {
    ...values,
    gatewayId: session ? existing.deviceId : values.gatewayId,
    updateBy: ctx.principal.userName,
    updateTime: new Date(deps.clock.now()),
  };
  let secret: string | null = null;
  if (session && !existing.secretHash) {
    const credentials = newDeviceSecret();
    patch.secretHash = credentials.hash;
    secret = credentials.secret;
  }
  if (!session && wasSession) patch.secretHash = null;
  await deps.database.db.update(ltDevice).set(patch).where(eq(ltDevice.deviceId, existing.deviceId));
  // descendants follow their session when it changes
  if (patch.gatewayId !== existing.gatewayId || session !== wasSession)
    await deps.database.query(
      `with recursive tree as (
         select device_id from lt_device where parent_id = $1
         union all select d.device_id from lt_device d join tree on d.parent_id = tree.device_id)
       update lt_device set gateway_id = $2 where device_id in (select device_id from tree)
         and (device_type <> all($3::text[]) and coalesce(connection, '') <> 'DIRECT')`,
      [existing.deviceId, session ? existing.deviceId : patch.gatewayId, SESSION_TYPES],
    );
  await routeBoxesThroughControllers(deps, values.projectId);
  if (body.tagIds)
    await setTags(deps, { ...existing, ...values, deviceId: existing.deviceId } as DeviceRow, body.tagIds);
  deps.devices.registryChanged([existing.deviceId]);
  await updateBrokerCredentials(deps, existing, { projectId: values.projectId, uid: values.uid, session, secret });
  return { secret };
}

/** Deletes devices without children; a switch module or meter a circuit uses cannot be deleted. */
export async function deleteDevices(deps: Deps, ctx: Ctx, ids: number[]) {
  const rows = await deps.database.db
    .select()
    .from(ltDevice)
    .where(and(inArray(ltDevice.deviceId, ids), deviceScope(ctx)));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const row of rows) {
    if (row.deviceType === 'SWITCH_MODULE' || row.deviceType === 'METER') {
      const column = row.deviceType === 'SWITCH_MODULE' ? 'switch_module_id' : 'meter_id';
      const [used] = await deps.database.query(`select 1 from lt_device where ${column} = $1 limit 1`, [row.deviceId]);
      if (used) throw fail(row.deviceType === 'SWITCH_MODULE' ? 'lighting.switchModule.inUse' : 'lighting.meter.inUse');
    }
  }
  const [children] = await deps.database.query<{ n: number }>(
    'select count(*)::int as n from lt_device where parent_id = any($1::bigint[]) and not (device_id = any($1::bigint[]))',
    [ids],
  );
  if (children!.n > 0) throw fail('lighting.device.hasChildren', { count: children!.n });
  await deps.database.db.delete(ltDeviceTag).where(inArray(ltDeviceTag.deviceId, ids));
  await deps.database.db.delete(ltGroupMember).where(inArray(ltGroupMember.deviceId, ids));
  await deps.database.query('delete from lt_device_state where device_id = any($1::bigint[])', [ids]);
  await deps.database.query('update lt_device set pole_id = null where pole_id = any($1::bigint[])', [ids]);
  // a box whose inside controller goes carries its devices itself again (or through another one)
  for (const row of rows.filter((r) => r.deviceType === 'CCU_IN_BOX' && r.parentId !== null))
    await deps.database.query('update lt_device set gateway_id = $1 where gateway_id = $2 and device_id <> $2', [
      row.parentId,
      row.deviceId,
    ]);
  await deps.database.db.delete(ltDevice).where(inArray(ltDevice.deviceId, ids));
  for (const projectId of new Set(rows.map((r) => r.projectId))) await routeBoxesThroughControllers(deps, projectId);
  deps.devices.registryChanged(ids);
  const withSecret = rows.filter((r) => r.secretHash !== null);
  if (withSecret.length) await deps.brokerCredentials.revoked(withSecret);
}

/**
 * Tells the broker what an edit did to a session device's credentials: a new secret (it became a
 * session device) is handed over; the old account goes when the device stops holding a session
 * or is renamed (a renamed device keeps its stored secret, which the broker cannot be given: the
 * reconcile reports it until its secret is re-issued).
 */
async function updateBrokerCredentials(
  deps: Deps,
  before: DeviceRow,
  after: { projectId: number; uid: string; session: boolean; secret: string | null },
) {
  const renamed = before.projectId !== after.projectId || before.uid !== after.uid;
  if (before.secretHash && (!after.session || renamed)) await deps.brokerCredentials.revoked([before]);
  if (after.secret) await deps.brokerCredentials.issued([{ ...after, secret: after.secret }]);
}

/** Issues a new secret for a session device (the old one stops working); shown once. */
export async function resetSecret(deps: Deps, ctx: Ctx, deviceId: number) {
  const device = await loadDevice(deps, ctx, deviceId);
  if (!holdsSession(device.deviceType, device.connection)) throw fail('lighting.secret.noSession');
  const credentials = newDeviceSecret();
  await deps.database.db.update(ltDevice).set({ secretHash: credentials.hash }).where(eq(ltDevice.deviceId, deviceId));
  await deps.brokerCredentials.issued([{ ...device, secret: credentials.secret }]);
  return { secret: credentials.secret, device };
}
