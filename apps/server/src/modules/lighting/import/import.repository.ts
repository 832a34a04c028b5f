import type { Deps } from '../../../platform/context.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/*
 * The SQL of the device import: its records (one per uploaded workbook) and their row details.
 * Every read of a record carries the caller's customer (none = all customers, platform users).
 */

type Db = Deps['database'];
type CustomerScope = Pick<Scope, 'clientId'>;

const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

export interface ImportRecord {
  recordId: number;
  projectId: number;
  deviceType: string;
  fileName: string;
  status: string;
  total: number;
  processed: number;
  successCount: number;
  failCount: number;
  message: string;
  operName: string;
  createTime: string;
  finishTime: string | null;
}

/** One import record of the caller's customer; undefined when there is none. */
export async function findImportRecord(db: Db, scope: CustomerScope, recordId: number) {
  const p = new SqlParams(recordId);
  const [row] = await db.query<ImportRecord>(
    `select record_id as "recordId", project_id as "projectId", device_type as "deviceType", file_name as "fileName", status, total,
       processed, success_count as "successCount", fail_count as "failCount", message, oper_name as "operName",
       ${fmt('create_time')} as "createTime", ${fmt('finish_time')} as "finishTime"
     from lt_import_record where record_id = $1 and ${scopeSql(scope, p)}`,
    p.values,
  );
  return row;
}

/** A new running import record; answers its id. */
export async function insertImportRecord(
  db: Db,
  rec: {
    clientId: number;
    projectId: number;
    deviceType: string;
    fileName: string;
    total: number;
    operName: string;
    now: number;
  },
): Promise<number> {
  const [record] = await db.query<{ record_id: number }>(
    `insert into lt_import_record (client_id, project_id, device_type, file_name, status, total, oper_name, create_time)
     values ($1, $2, $3, $4, 'RUNNING', $5, $6, to_timestamp($7 / 1000.0)) returning record_id`,
    [rec.clientId, rec.projectId, rec.deviceType, rec.fileName, rec.total, rec.operName, rec.now],
  );
  return record!.record_id;
}

/** An import whose job broke off: the record says so. */
export async function markImportFailed(db: Db, recordId: number, message: string) {
  await db.query(
    "update lt_import_record set status = 'FAILED', message = $2, finish_time = now() where record_id = $1",
    [recordId, message],
  );
}

/** A page of import records of the scope, newest first, with their total. */
export async function pageImportRecords(
  db: Db,
  scope: { clientId: number | null; projectId: number | null },
  filter: { deviceType?: string | null },
  page: { size: number; offset: number },
) {
  const p = new SqlParams();
  const conds = [scopeSql(scope, p, { client: 'client_id', project: 'project_id' })];
  if (filter.deviceType) conds.push(`device_type = ${p.add(filter.deviceType)}`);
  const where = `where ${conds.join(' and ')}`;
  const [rows, count] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select record_id as "recordId", project_id as "projectId", device_type as "deviceType", file_name as "fileName", status,
         total, processed, success_count as "successCount", fail_count as "failCount", oper_name as "operName",
         ${fmt('create_time')} as "createTime", ${fmt('finish_time')} as "finishTime"
       from lt_import_record ${where} order by record_id desc limit ${page.size} offset ${page.offset}`,
      p.values,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from lt_import_record ${where}`, p.values),
  ]);
  return { rows, total: count[0]!.n };
}

const detailWhere = (recordId: number, result: string | undefined) => {
  const p = new SqlParams(recordId);
  const where = `where record_id = $1${result ? ` and result = ${p.add(result)}` : ''}`;
  return { where, values: p.values };
};

/** A page of the row details of one record (already checked to be the caller's), with their total. */
export async function pageImportDetails(
  db: Db,
  recordId: number,
  result: string | undefined,
  page: { size: number; offset: number },
) {
  const { where, values } = detailWhere(recordId, result);
  const [rows, count] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select detail_id as "detailId", row_no as "rowNo", uid, name, result, message from lt_import_detail ${where}
       order by row_no, detail_id limit ${page.size} offset ${page.offset}`,
      values,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from lt_import_detail ${where}`, values),
  ]);
  return { rows, total: count[0]!.n };
}

/** Every row detail of one record, for the export (at most 100 000). */
export async function listImportDetails(db: Db, recordId: number, result: string | undefined) {
  const { where, values } = detailWhere(recordId, result);
  return db.query<Record<string, unknown>>(
    `select row_no as "rowNo", uid, name, result, message from lt_import_detail ${where}
     order by row_no, detail_id limit 100000`,
    values,
  );
}
