import {
  ALLOWED_PARENTS,
  CHANNEL_MAX,
  CHANNEL_MIN,
  DEFAULT_LAMP_HEAD_LIMIT,
  deviceTypeDefinition,
  IMPORT_TYPES,
  type Lang,
  METER_ADDRESS_MAX,
  type MessageKey,
  message,
  NON_DIRECT_TAG_LIMIT,
  PANID_MAX,
  PANID_MIN,
  SWITCH_MODULE_ADDRESS_MAX,
  SWITCH_MODULE_IO,
} from '@luxgrid/contracts';
import { DICTS } from '@luxgrid/contracts/seed/dicts';
import ExcelJS from 'exceljs';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { holdsSession, isTerminal, MESH_COMM_TYPES, routeBoxesThroughControllers } from '../device/device.service.ts';

export type ImportType = (typeof IMPORT_TYPES)[number];

interface Column {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
  /** dictionary type whose values (or labels) the cell takes */
  dict?: string;
  width?: number;
}

/** The columns of each device type's template, as the thing model declares them. */
export const IMPORT_COLUMNS = Object.fromEntries(
  IMPORT_TYPES.map((type) => [
    type,
    (deviceTypeDefinition(type)?.importColumns ?? []).map(
      (c): Column => ({
        key: c.key,
        zh: c.label.zh,
        en: c.label.en,
        ...(c.required ? { required: true } : {}),
        ...(c.dict ? { dict: c.dict } : {}),
        ...(c.width ? { width: c.width } : {}),
      }),
    ),
  ]),
) as Record<ImportType, Column[]>;

export const MAX_IMPORT_ROWS = 100_000;
const CHUNK = 2_000;

const dictOf = (type: string) => DICTS.find((d) => d.type === type)!;

/** The Excel template of a device type, in the request's language, with list validations from the dictionaries. */
export async function buildTemplate(type: ImportType, lang: Lang): Promise<Buffer> {
  const en = lang === 'en-US';
  const columns = IMPORT_COLUMNS[type];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(type);
  sheet.columns = columns.map((c) => ({
    header: `${c.required ? '*' : ''}${en ? c.en : c.zh}`,
    key: c.key,
    width: c.width ?? 14,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // value lists live on a hidden sheet; cells refer to them, so Excel offers a drop-down
  const lists = workbook.addWorksheet('lists', { state: 'veryHidden' });
  let listColumn = 0;
  columns.forEach((c, index) => {
    if (!c.dict) return;
    listColumn++;
    const items = dictOf(c.dict).items;
    items.forEach((item, row) => {
      lists.getCell(row + 1, listColumn).value = item.value;
    });
    const letter = lists.getColumn(listColumn).letter;
    const target = sheet.getColumn(index + 1).letter;
    for (let row = 2; row <= 1001; row++)
      sheet.getCell(`${target}${row}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`lists!$${letter}$1:$${letter}$${items.length}`],
        showErrorMessage: true,
        error: message('valid.enum', lang, { field: en ? c.en : c.zh }),
      };
  });
  const example = exampleRow(type);
  if (example) sheet.addRow(example).font = { color: { argb: 'FF808080' }, italic: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function exampleRow(type: ImportType): Record<string, unknown> | null {
  const base = { uid: `${type}-0001`, name: `${type.toLowerCase()} 1` };
  switch (type) {
    case 'RTU':
      return { ...base, parentUid: 'CCU-0001', connection: 'NON_DIRECT', longitude: 115.97, latitude: 40.46 };
    case 'LIGHT':
      return { ...base, parentUid: 'RTU-0001' };
    case 'BRANCH':
      return {
        ...base,
        parentUid: 'BOX-0001',
        phase: 'A',
        currentRatio: 100,
        switchModuleUid: 'SWITCH_MODULE-0001',
        doIndex: 1,
      };
    default:
      return null;
  }
}

export interface ParsedSheet {
  rows: { rowNo: number; cells: Record<string, string> }[];
  missing: string[];
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (value instanceof Date) return value.toISOString();
  }
  return String(value).trim();
};

/** Reads the first sheet; header cells may be in either language, with or without the required mark. */
export async function parseWorkbook(type: ImportType, data: Buffer): Promise<ParsedSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const columns = IMPORT_COLUMNS[type];
  if (!sheet) return { rows: [], missing: columns.filter((c) => c.required).map((c) => c.en) };
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    byHeader.set(c.zh.toLowerCase(), c.key);
    byHeader.set(c.en.toLowerCase(), c.key);
    byHeader.set(c.key.toLowerCase(), c.key);
  }
  const at = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(cellText(cell.value).replace(/^\*/, '').trim().toLowerCase());
    if (key) at.set(col, key);
  });
  const present = new Set(at.values());
  const missing = columns.filter((c) => c.required && !present.has(c.key)).map((c) => c.en);
  const rows: ParsedSheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    for (const [col, key] of at) {
      const text = cellText(row.getCell(col).value);
      if (text) any = true;
      cells[key] = text;
    }
    if (any) rows.push({ rowNo, cells });
  });
  return { rows, missing };
}

interface Ref {
  device_id: number;
  uid: string;
  device_type: string;
  project_id: number;
  parent_id: number | null;
  gateway_id: number | null;
  connection: string | null;
  model_id: number | null;
}

interface PlannedRow {
  rowNo: number;
  uid: string;
  name: string;
  values: Record<string, unknown> | null;
  error: string | null;
  tagIds: number[];
}

/** Runs an import in chunks: every row is checked against the registry rules, valid rows go in with bulk SQL. */
export async function runImport(
  deps: Deps,
  ctx: Ctx,
  job: { recordId: number; clientId: number; projectId: number; type: ImportType; rows: ParsedSheet['rows'] },
): Promise<void> {
  const { recordId, clientId, projectId, type } = job;
  const lang = ctx.lang;
  const db = deps.database;
  const t = (key: MessageKey, params?: Record<string, unknown>) => message(key, lang, params);
  const label = (key: string) => {
    const c = Object.values(IMPORT_COLUMNS)
      .flat()
      .find((col) => col.key === key);
    return c ? (lang === 'en-US' ? c.en : c.zh) : key;
  };
  const all = job.rows;
  const uniq = <T>(values: T[]) => [...new Set(values)];

  // everything the rows refer to, loaded once
  const refUids = uniq(
    all
      .flatMap((r) => [r.cells.parentUid, r.cells.poleUid, r.cells.switchModuleUid, r.cells.meterUid])
      .filter((v): v is string => !!v),
  );
  const refs = refUids.length
    ? await db.query<Ref>(
        `select device_id, uid, device_type, project_id, parent_id, gateway_id, connection, model_id from lt_device
         where client_id = $1 and uid = any($2::text[])`,
        [clientId, refUids],
      )
    : [];
  const refByUid = new Map(refs.map((r) => [r.uid, r]));
  const taken = new Set(
    (
      await db.query<{ uid: string }>('select uid from lt_device where client_id = $1 and uid = any($2::text[])', [
        clientId,
        uniq(all.flatMap((r) => (r.cells.uid ? [r.cells.uid, `${r.cells.uid}-1`] : []))),
      ])
    ).map((r) => r.uid),
  );
  const models = new Map(
    (
      await db.query<{
        model_id: number;
        name: string;
        device_type: string;
        comm_type: number;
        lamp_head_limit: number | null;
        channel_count: number | null;
      }>(
        'select model_id, name, device_type, comm_type, lamp_head_limit, channel_count from lt_device_model where client_id = $1',
        [clientId],
      )
    ).map((m) => [m.name, m]),
  );
  const modelById = new Map([...models.values()].map((m) => [m.model_id, m]));
  const tags = new Map(
    (
      await db.query<{ tag_id: number; name: string }>('select tag_id, name from lt_tag where project_id = $1', [
        projectId,
      ])
    ).map((r) => [r.name, r.tag_id]),
  );
  const locations = new Map(
    (
      await db.query<{ location_id: number; name: string }>(
        'select location_id, name from lt_location where project_id = $1',
        [projectId],
      )
    ).map((r) => [r.name, r.location_id]),
  );
  const parentIds = uniq(refs.map((r) => r.device_id));
  const lampCount = new Map<number, number>();
  const usedAddress = new Map<number, Set<number>>();
  const usedDo = new Set<string>();
  if (parentIds.length) {
    for (const r of await db.query<{ parent_id: number; n: number }>(
      "select parent_id, count(*)::int as n from lt_device where parent_id = any($1::bigint[]) and device_type = 'LIGHT' group by parent_id",
      [parentIds],
    ))
      lampCount.set(r.parent_id, r.n);
    for (const r of await db.query<{ parent_id: number; address: number; device_type: string }>(
      "select parent_id, address, device_type from lt_device where parent_id = any($1::bigint[]) and device_type in ('METER', 'SWITCH_MODULE') and address is not null",
      [parentIds],
    )) {
      const key = r.device_type === 'METER' ? r.parent_id : -r.parent_id;
      if (!usedAddress.has(key)) usedAddress.set(key, new Set());
      usedAddress.get(key)!.add(r.address);
    }
    for (const r of await db.query<{ switch_module_id: number; do_index: number }>(
      'select switch_module_id, do_index from lt_device where switch_module_id = any($1::bigint[]) and do_index is not null',
      [parentIds],
    ))
      usedDo.add(`${r.switch_module_id}:${r.do_index}`);
  }
  const boxOf = (ref: Ref | undefined): number | null => {
    if (!ref) return null;
    if (ref.device_type === 'BOX') return ref.device_id;
    return ref.device_type === 'CCU_IN_BOX' ? ref.parent_id : null;
  };

  const seenInFile = new Set<string>();
  const plan = (r: ParsedSheet['rows'][number]): PlannedRow[] => {
    const c = r.cells;
    const out: PlannedRow = {
      rowNo: r.rowNo,
      uid: c.uid ?? '',
      name: c.name ?? '',
      values: null,
      error: null,
      tagIds: [],
    };
    const failWith = (msg: string) => {
      out.error = msg;
      return [out];
    };
    for (const col of IMPORT_COLUMNS[type])
      if (col.required && !c[col.key]) return failWith(t('valid.required', { field: label(col.key) }));
    if (!/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(c.uid!) || c.uid!.length > 64) return failWith(t('lighting.uid.format'));
    if (c.name!.length > 64) return failWith(t('valid.max', { field: label('name'), max: 64 }));
    if (seenInFile.has(c.uid!)) return failWith(t('lighting.import.dupInFile', { uid: c.uid }));
    seenInFile.add(c.uid!);
    if (taken.has(c.uid!)) return failWith(t('lighting.uid.exists', { uid: c.uid }));
    const num = (key: string, min: number, max: number, intOnly = true): number | null | string => {
      if (!c[key]) return null;
      const n = Number(c[key]);
      if (!Number.isFinite(n) || (intOnly && !Number.isInteger(n))) return t('valid.type', { field: label(key) });
      if (n < min || n > max) return t('valid.range', { field: label(key), min, max });
      return n;
    };
    const lng = num('longitude', -180, 180, false);
    const lat = num('latitude', -90, 90, false);
    for (const v of [lng, lat]) if (typeof v === 'string') return failWith(v);
    let channel: number | null = null;
    let panid: number | null = null;
    if (c.channel) {
      const n = Number(c.channel);
      if (!Number.isInteger(n) || n < CHANNEL_MIN || n > CHANNEL_MAX) return failWith(t('valid.channel'));
      channel = n;
    }
    if (c.panid) {
      const n = Number(c.panid);
      if (!Number.isInteger(n) || n < PANID_MIN || n > PANID_MAX) return failWith(t('valid.panid'));
      panid = n;
    }
    let model: ReturnType<typeof models.get>;
    if (c.modelName) {
      model = models.get(c.modelName);
      if (!model) return failWith(t('lighting.import.modelMissing', { name: c.modelName }));
      if (model.device_type !== type) return failWith(t('lighting.model.wrongType'));
    }
    const terminal = isTerminal(type);
    const connRaw = c.connection ? dictValue('lighting_terminal_connection', c.connection) : null;
    if (c.connection && !connRaw) return failWith(t('valid.enum', { field: label('connection') }));
    const parent = c.parentUid ? refByUid.get(c.parentUid) : undefined;
    if (c.parentUid && !parent) return failWith(t('lighting.import.parentMissing', { uid: c.parentUid }));
    if (parent && parent.project_id !== projectId) return failWith(t('lighting.parent.otherProject'));
    const connection = terminal ? (connRaw ?? (parent ? 'NON_DIRECT' : 'DIRECT')) : null;
    const allowed = ALLOWED_PARENTS[type];
    if (parent) {
      const fits =
        allowed.includes(parent.device_type) ||
        (connection === 'DIRECT' && ['BRANCH', 'LOOP'].includes(parent.device_type));
      if (!fits) return failWith(t('lighting.parent.wrongType', { type, parentType: parent.device_type }));
    } else if (allowed.length && !(terminal && connection === 'DIRECT'))
      return failWith(t('lighting.parent.required', { type }));
    if ((channel !== null || panid !== null) && model && !MESH_COMM_TYPES.includes(model.comm_type))
      return failWith(t('lighting.channel.meshOnly'));
    if (type === 'LIGHT' && parent) {
      const limit =
        (parent.model_id ? modelById.get(parent.model_id)?.lamp_head_limit : null) ?? DEFAULT_LAMP_HEAD_LIMIT;
      const n = lampCount.get(parent.device_id) ?? 0;
      if (n >= limit) return failWith(t('lighting.lampHead.limit'));
      lampCount.set(parent.device_id, n + 1);
    }
    let phase: string | null = null;
    let switchModuleId: number | null = null;
    let doIndex: number | null = null;
    let meterId: number | null = null;
    let currentRatio: number | null = null;
    if (['BRANCH', 'LOOP', 'BREAKER'].includes(type)) {
      const ratio = num('currentRatio', 0, 10000, false);
      if (typeof ratio === 'string') return failWith(ratio);
      currentRatio = ratio;
      phase = c.phase ? dictValue('lighting_phase', c.phase) : null;
      if (c.phase && !phase) return failWith(t('valid.enum', { field: label('phase') }));
      if (currentRatio !== null && !phase) return failWith(t('lighting.phase.required'));
      const d = num('doIndex', 1, SWITCH_MODULE_IO);
      if (typeof d === 'string') return failWith(d);
      if (d !== null && !c.switchModuleUid) return failWith(t('lighting.circuit.noDo'));
      if (c.switchModuleUid) {
        const module = refByUid.get(c.switchModuleUid);
        if (module?.device_type !== 'SWITCH_MODULE')
          return failWith(t('lighting.import.parentMissing', { uid: c.switchModuleUid }));
        if (module.parent_id !== boxOf(parent)) return failWith(t('lighting.switchModule.otherBox'));
        if (d === null) return failWith(t('lighting.circuit.noDo'));
        if (usedDo.has(`${module.device_id}:${d}`)) return failWith(t('lighting.doIndex.taken', { doIndex: d }));
        usedDo.add(`${module.device_id}:${d}`);
        switchModuleId = module.device_id;
        doIndex = d;
      }
      if (c.meterUid) {
        const meter = refByUid.get(c.meterUid);
        if (meter?.device_type !== 'METER') return failWith(t('lighting.import.parentMissing', { uid: c.meterUid }));
        meterId = meter.device_id;
      }
    }
    const addresses: number[] = [];
    if ((type === 'METER' || type === 'SWITCH_MODULE') && parent) {
      const key = type === 'METER' ? parent.device_id : -parent.device_id;
      const used = usedAddress.get(key) ?? new Set<number>();
      usedAddress.set(key, used);
      const max = type === 'METER' ? METER_ADDRESS_MAX : SWITCH_MODULE_ADDRESS_MAX;
      const wanted = type === 'METER' && model?.channel_count === 4 ? 4 : 1;
      const a = num('address', 1, max);
      if (typeof a === 'string') return failWith(a);
      if (a !== null) {
        if (used.has(a))
          return failWith(
            t(type === 'METER' ? 'lighting.meter.addressTaken' : 'lighting.switchModule.addressTaken', { address: a }),
          );
        addresses.push(a);
      }
      for (let x = 1; x <= max && addresses.length < wanted; x++)
        if (!used.has(x) && !addresses.includes(x)) addresses.push(x);
      if (addresses.length < wanted)
        return failWith(t(type === 'METER' ? 'lighting.meter.noAddress' : 'lighting.switchModule.noAddress'));
      for (const x of addresses) used.add(x);
    }
    let poleId: number | null = null;
    if (c.poleUid) {
      const pole = refByUid.get(c.poleUid);
      if (pole?.device_type !== 'POLE') return failWith(t('lighting.import.poleMissing', { uid: c.poleUid }));
      poleId = pole.device_id;
    }
    if (c.tags) {
      const names = uniq(
        c.tags
          .split(/[,，;；]/)
          .map((s) => s.trim())
          .filter(Boolean),
      );
      if (terminal && connection === 'NON_DIRECT' && names.length > NON_DIRECT_TAG_LIMIT)
        return failWith(t('lighting.tag.limit'));
      for (const n of names) {
        const id = tags.get(n);
        if (!id) return failWith(t('lighting.import.tagMissing', { name: n }));
        out.tagIds.push(id);
      }
    }
    let locationId: number | null = null;
    if (c.locationName) {
      locationId = locations.get(c.locationName) ?? null;
      if (locationId === null) return failWith(t('valid.enum', { field: label('locationName') }));
    }
    const session = holdsSession(type, connection);
    const gatewayId = session
      ? null
      : parent
        ? (parent.gateway_id ?? (holdsSession(parent.device_type, parent.connection) ? parent.device_id : null))
        : null;
    out.values = {
      u: c.uid,
      n: c.name,
      m: model?.model_id ?? null,
      pa: parent?.device_id ?? null,
      g: gatewayId,
      s: session,
      po: poleId,
      lo: locationId,
      co: connection,
      ct: model?.comm_type ?? null,
      x: lng,
      y: lat,
      ch: channel,
      pi: panid,
      ph: phase,
      cr: currentRatio,
      sm: switchModuleId,
      di: doIndex,
      me: meterId,
      a: addresses[0] ?? null,
      cs: terminal && connection === 'NON_DIRECT' ? 'UNCONFIGURED' : null,
      r: (c.remark ?? '').slice(0, 500),
    };
    if (addresses.length > 1)
      return addresses.map((address, i) => ({
        ...out,
        uid: `${c.uid}-${i + 1}`,
        values: { ...out.values, u: `${c.uid}-${i + 1}`, n: `${c.name}-${i + 1}`, a: address },
      }));
    return [out];
  };

  let processed = 0;
  let success = 0;
  let failed = 0;
  for (let start = 0; start < all.length; start += CHUNK) {
    const chunk = all.slice(start, start + CHUNK).flatMap(plan);
    const good = chunk.filter((p) => p.values);
    if (good.length) {
      const inserted = await db.query<{ device_id: number; uid: string }>(
        `insert into lt_device (client_id, project_id, uid, name, device_type, model_id, parent_id, gateway_id, pole_id, location_id,
           connection, comm_type, longitude, latitude, channel, panid, phase, current_ratio, switch_module_id, do_index, meter_id,
           address, config_state, remark, create_by, create_time)
         select $2, $3, u, n, $4, m, pa, g, po, lo, co, ct, x, y, ch, pi, ph, cr, sm, di, me, a, cs, r, $5, to_timestamp($6 / 1000.0)
         from json_to_recordset($1::json) as v(u text, n text, m bigint, pa bigint, g bigint, po bigint, lo bigint, co text, ct smallint,
           x float8, y float8, ch smallint, pi int, ph text, cr float8, sm bigint, di smallint, me bigint, a smallint, cs text, r text)
         returning device_id, uid`,
        [
          JSON.stringify(good.map((g) => g.values)),
          clientId,
          projectId,
          type,
          ctx.principal.userName,
          deps.clock.now(),
        ],
      );
      const idOf = new Map(inserted.map((r) => [r.uid, r.device_id]));
      const sessions = good.filter((g) => g.values!.s).map((g) => idOf.get(g.uid)!);
      if (sessions.length)
        await db.query('update lt_device set gateway_id = device_id where device_id = any($1::bigint[])', [sessions]);
      const tagRows = good.flatMap((g) => g.tagIds.map((tagId) => ({ t: tagId, d: idOf.get(g.uid) })));
      if (tagRows.length)
        await db.query(
          `insert into lt_device_tag (tag_id, device_id, client_id) select t, d, $2 from json_to_recordset($1::json) as x(t bigint, d bigint)
           on conflict do nothing`,
          [JSON.stringify(tagRows), clientId],
        );
      for (const g of good) refByUid.set(g.uid, { device_id: idOf.get(g.uid)!, uid: g.uid } as Ref);
    }
    const okText = t('lighting.import.success');
    await db.query(
      `insert into lt_import_detail (record_id, client_id, row_no, uid, name, result, message)
       select $2, $3, r, u, n, s, m from json_to_recordset($1::json) as x(r int, u text, n text, s text, m text)`,
      [
        JSON.stringify(
          chunk.map((p) => ({
            r: p.rowNo,
            u: p.uid.slice(0, 64),
            n: p.name.slice(0, 64),
            s: p.error ? 'FAIL' : 'SUCCESS',
            m: p.error ? t('lighting.import.row', { row: p.rowNo, msg: p.error }) : okText,
          })),
        ),
        recordId,
        clientId,
      ],
    );
    processed = Math.min(all.length, start + CHUNK);
    success += new Set(good.map((g) => g.rowNo)).size;
    failed += new Set(chunk.filter((p) => p.error).map((p) => p.rowNo)).size;
    await db.query(
      'update lt_import_record set processed = $2, success_count = $3, fail_count = $4 where record_id = $1',
      [recordId, processed, success, failed],
    );
    await deps.ws.publish(
      { clientId, projectId },
      {
        type: 'import.progress',
        clientId,
        projectId,
        recordId,
        status: 'RUNNING',
        total: all.length,
        processed,
        successCount: success,
        failCount: failed,
      },
    );
  }
  await db.query(
    "update lt_import_record set status = 'DONE', processed = $2, success_count = $3, fail_count = $4, finish_time = to_timestamp($5 / 1000.0) where record_id = $1",
    [recordId, all.length, success, failed, deps.clock.now()],
  );
  await deps.ws.publish(
    { clientId, projectId },
    {
      type: 'import.progress',
      clientId,
      projectId,
      recordId,
      status: 'DONE',
      total: all.length,
      processed: all.length,
      successCount: success,
      failCount: failed,
    },
  );
  await routeBoxesThroughControllers(deps, projectId);
  deps.devices.registryChanged([]);
}

/** A dictionary cell: its value, or its label in either language. */
function dictValue(type: string, cell: string): string | null {
  const items = dictOf(type).items;
  const lower = cell.trim().toLowerCase();
  const hit = items.find(
    (i) => i.value.toLowerCase() === lower || i.label.toLowerCase() === lower || i.labelEn.toLowerCase() === lower,
  );
  return hit?.value ?? null;
}
