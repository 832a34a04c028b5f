import type { Database } from '../db.ts';
import type { HubStats } from './options.ts';

const TELEMETRY_COLUMNS = ['device_id', 'client_id', 'project_id', 'ts', 'data'] as const;
const UNIQUE_VIOLATION = '23505';
const COPY_UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/**
 * History rows by COPY, at most `chunkRows` per statement: a backlog never becomes one huge
 * statement. A chunk holding a reading already stored — a device sent again what a write had
 * committed before it could be acknowledged, e.g. across a crash — goes again as an upsert
 * keyed by (device, ts), so that every reading is stored exactly once.
 */
export async function writeHistory(
  database: Database,
  lines: string[],
  chunkRows: number,
  stats: Pick<HubStats, 'rowsWritten'>,
): Promise<void> {
  for (let at = 0; at < lines.length; at += chunkRows) {
    const chunk = lines.slice(at, at + chunkRows);
    try {
      await database.copyIn('lt_telemetry', TELEMETRY_COLUMNS, chunk.join(''));
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      await upsertHistory(database, chunk);
    }
    stats.rowsWritten += chunk.length;
  }
}

/** Upserts COPY lines by (device, ts): readings of the same device and instant merge into one row. */
async function upsertHistory(database: Database, lines: string[]) {
  const rows = new Map<string, { d: number; c: number; p: number; t: string; v: Record<string, unknown> }>();
  for (const line of lines) {
    const [d, c, p, t, data] = line.slice(0, -1).split('\t') as [string, string, string, string, string];
    const v = JSON.parse(data.replace(/\\([\\tnr])/g, (_, ch: string) => COPY_UNESCAPES[ch] as string));
    const key = `${d}|${t}`;
    const row = rows.get(key);
    if (row) Object.assign(row.v, v);
    else rows.set(key, { d: Number(d), c: Number(c), p: Number(p), t, v });
  }
  await database.query(
    `insert into lt_telemetry as h (device_id, client_id, project_id, ts, data)
     select x.d, x.c, x.p, x.t::timestamptz, x.v from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, t text, v jsonb)
     on conflict (device_id, ts) do update set data = h.data || excluded.data where not h.data @> excluded.data`,
    [JSON.stringify([...rows.values()])],
  );
}
