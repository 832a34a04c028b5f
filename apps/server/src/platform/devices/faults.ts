import { LAMP_FAILURE_CODES } from '@luxgrid/contracts/map';
import { recoveringEvents } from '@luxgrid/contracts/things/index';
import type { Deps } from '../context.ts';
import type { Database } from '../db.ts';

/**
 * The one definition of a faulty device, for every family, kept on the device's latest state
 * (`lt_device_state.fault` and `fault_codes`, the device hub's table) by a listener of the hub's
 * events (`listenForFaults`, subscribed at bootstrap beside the hub) and read by the lighting home
 * figures, device list filter, drawer and tree and by the maps. It is the device's condition as
 * the device reports it, whatever a project's alarm settings say; the alarms themselves (grades,
 * settings, acknowledgement, pushes) are the alarm area's (`modules/alarm`):
 *
 * - a device event of grade dangerous, serious or urgent (LampFault, RtuTilt, RtuRelayFault …, or
 *   the generic FAULT) sets its type as an active fault code of the device it names;
 * - a RECOVER event clears the code named in its data (`{ "type": "LampFault" }`), or every code;
 * - an event a family's thing model names as the recovery of an alarm clears that alarm's code
 *   (a manhole cover's COVER_CLOSED clears its COVER_OPENED);
 * - a healthy reading clears the lamp failures: a lamp that reports it is lit (`lampState: "ON"`)
 *   is not failed, whatever an earlier event said;
 * - ONLINE and OFFLINE are communication, not faults (the online state says those).
 *
 * A device is faulty while it has at least one active code.
 */
export const FAULT_LEVELS = ['dangerous', 'serious', 'urgent'] as const;

/** Events of the platform or the device that never mean a fault. */
const NOT_FAULTS = new Set(['ONLINE', 'OFFLINE', 'RECOVER', 'POWER_UP']);

/** The thing model's recovery events (RECOVER keeps its own rule above) and the codes each clears. */
const RECOVERS = new Map([...recoveringEvents()].filter(([type]) => type !== 'RECOVER' && !NOT_FAULTS.has(type)));

/** Codes a lit lamp disproves (the map recomputes the same rule from live pushes). */
export const LAMP_FAILURES = new Set<string>(LAMP_FAILURE_CODES);

/** What a batch of device events changes in a device's fault codes, in the order the messages came. */
export interface FaultChange {
  /** codes raised, with the time they were first seen (ms) */
  set: Record<string, number>;
  /** codes cleared */
  cleared: Set<string>;
  /** every earlier code cleared first */
  clearAll: boolean;
}

const change = (holder: { fault?: FaultChange }): FaultChange => {
  holder.fault ??= { set: {}, cleared: new Set(), clearAll: false };
  return holder.fault;
};

/** Whether an event of this type and grade raises a fault. */
export const isFaultEvent = (type: string, level: string | undefined) =>
  !NOT_FAULTS.has(type) && (type === 'FAULT' || (FAULT_LEVELS as readonly string[]).includes(level ?? ''));

/** Notes what a device event does to the fault codes of the device it names. */
export function noteFaultEvent(
  holder: { fault?: FaultChange },
  event: { type: string; level?: string; data?: Record<string, unknown> },
  ts: number,
): void {
  if (event.type === 'RECOVER') {
    const code = typeof event.data?.type === 'string' ? event.data.type : null;
    const c = change(holder);
    if (code) {
      delete c.set[code];
      c.cleared.add(code);
    } else {
      c.set = {};
      c.cleared.clear();
      c.clearAll = true;
    }
    return;
  }
  const recovered = RECOVERS.get(event.type);
  if (recovered) {
    const c = change(holder);
    for (const code of recovered) {
      delete c.set[code];
      c.cleared.add(code);
    }
    return;
  }
  if (!isFaultEvent(event.type, event.level)) return;
  const c = change(holder);
  c.set[event.type] = Math.min(c.set[event.type] ?? ts, ts);
  c.cleared.delete(event.type);
}

/** Notes what a reading does: a lamp reporting it is lit clears its lamp failures. */
export function noteFaultReading(holder: { fault?: FaultChange }, values: Record<string, unknown>): void {
  if (values.lampState !== 'ON') return;
  const c = change(holder);
  for (const code of LAMP_FAILURES) {
    delete c.set[code];
    c.cleared.add(code);
  }
}

/**
 * Applies the fault changes of one batch to the latest-state rows: `fault_codes` maps each active
 * code to the time it was raised, `fault` says whether any is active. A device heard from for the
 * first time may have no state row yet (the hub writes states at most once a second): it gets one.
 * Rows are locked in device order, as the hub's state upsert locks them, so the two never deadlock.
 */
export async function writeFaultStates(
  database: Database,
  states: Iterable<[number, { clientId: number; projectId: number; fault?: FaultChange }]>,
): Promise<void> {
  const rows: { d: number; cl: number; p: number; a: boolean; c: string[]; s: Record<string, string> }[] = [];
  for (const [d, s] of states) {
    if (!s.fault) continue;
    const set = Object.fromEntries(Object.entries(s.fault.set).map(([k, t]) => [k, new Date(t).toISOString()]));
    rows.push({ d, cl: s.clientId, p: s.projectId, a: s.fault.clearAll, c: [...s.fault.cleared], s: set });
  }
  if (!rows.length) return;
  const json = JSON.stringify(rows);
  await database.query(
    `insert into lt_device_state (device_id, client_id, project_id)
       select d, cl, p from json_to_recordset($1::json) as x(d bigint, cl bigint, p bigint) order by d
     on conflict (device_id) do nothing`,
    [json],
  );
  await database.query(
    `with locked as (
       select device_id from lt_device_state
        where device_id in (select d from json_to_recordset($1::json) as x(d bigint)) order by device_id for update)
     update lt_device_state s set fault_codes = f.codes, fault = f.codes <> '{}'::jsonb
       from (select x.d, (case when x.a then '{}'::jsonb else coalesce(st.fault_codes, '{}'::jsonb) end
                          - coalesce((select array_agg(v) from jsonb_array_elements_text(x.c) v), '{}'::text[]))
                          || (select coalesce(jsonb_object_agg(k, case when x.a then v else coalesce(st.fault_codes -> k, v) end), '{}'::jsonb)
                                from jsonb_each(x.s) e(k, v)) as codes
               from json_to_recordset($1::json) as x(d bigint, a boolean, c jsonb, s jsonb)
               join locked l on l.device_id = x.d
               join lt_device_state st on st.device_id = x.d) f
      where s.device_id = f.d and s.fault_codes is distinct from f.codes`,
    [json],
  );
}

/**
 * Fault changes are written at most this often, as the latest state is: every lit lamp's reading
 * is a change (it disproves lamp failures), and readings come many times a second.
 */
const FAULT_WRITE_MS = 1_000;

/**
 * Keeps fault codes from what devices report: readings and events of the device hub, in the order
 * they came (each emitted after the write that stored it), written in one batch at most once a
 * second. Runs once per event in the cluster (a default listener). Returns the unsubscribe.
 */
export function listenForFaults(deps: Deps): () => void {
  type Pending = { clientId: number; projectId: number; fault?: FaultChange };
  let pending = new Map<number, Pending>();
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  let writtenAt = Number.NEGATIVE_INFINITY;
  const holder = (device: { deviceId: number; clientId: number; projectId: number }): Pending => {
    let entry = pending.get(device.deviceId);
    if (!entry) {
      entry = { clientId: device.clientId, projectId: device.projectId };
      pending.set(device.deviceId, entry);
    }
    return entry;
  };
  // the hub emits a batch synchronously: the write starts once the batch has been noted, one write at a
  // time; the first note of a batch hands the write to the hub's listener tracking (shutdown waits for it)
  const schedule = (): Promise<void> | undefined => {
    if (queued) return undefined;
    queued = true;
    writing = writing.then(async () => {
      const wait = writtenAt + FAULT_WRITE_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      writtenAt = performance.now();
      queued = false;
      const batch = pending;
      pending = new Map();
      await writeFaultStates(deps.database, batch).catch((err: unknown) =>
        deps.log.error({ err }, 'device fault state not written'),
      );
    });
    return writing;
  };
  const offTelemetry = deps.devices.on('telemetry', ({ device, values }) => {
    if (values.lampState !== 'ON') return;
    noteFaultReading(holder(device), values);
    return schedule();
  });
  const offEvent = deps.devices.on('event', ({ device, ts, type, level, data }) => {
    if (type !== 'RECOVER' && !RECOVERS.has(type) && !isFaultEvent(type, level)) return;
    noteFaultEvent(holder(device), { type, level, data: data ?? undefined }, ts);
    return schedule();
  });
  return () => {
    offTelemetry();
    offEvent();
  };
}
