import { COUNTED_DEVICE_TYPES, LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import type { FigureProvider } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { lightingOnly } from '../family-scope.ts';

const sqlList = (types: readonly string[]) => types.map((type) => `'${type}'`).join(', ');

/** Devices the figures count: those that communicate (COUNTED_DEVICE_TYPES: no poles, no lamp heads). */
export const COUNTED_DEVICE_SQL = `d.device_type in (${sqlList(COUNTED_DEVICE_TYPES)})`;

/**
 * A lamp is a lighting point: a lamp controller (RTU) with the one or more lamp heads it drives.
 * The home page, the device tree, the groups (whose members are controllers) and the map (which
 * draws controllers) all count lamps this way; lamp heads are counted apart as `lampHeads`.
 */
export const LAMP_SQL = `d.device_type = '${LAMP_DEVICE_TYPE}'`;

/**
 * The lighting figures of the home pages, for one customer (or all) and project:
 * - total: communicating devices (see COUNTED_DEVICE_SQL); lamps and lampHeads;
 * - online / offline / neverConnected: by communication state; the online rate is online over
 *   every counted device, so devices that never connected count against it;
 * - faults: devices faulty now (lt_device_state.fault, kept by platform/devices/faults.ts) —
 *   the same rule the device list filter `fault=true`, the drawer, the tree and the map use;
 * - faultEvents: fault events of the last 24 hours (how busy the day was, not how many are broken).
 */
export const deviceFigures: FigureProvider = async (deps, { clientId, projectId }) => {
  const p = new SqlParams();
  const scoped = (alias: string) =>
    scopeSql({ clientId, projectId }, p, { client: `${alias}.client_id`, project: `${alias}.project_id` });
  const [row] = await deps.database.query<{
    total: number;
    lamps: number;
    lampHeads: number;
    online: number;
    offline: number;
    neverConnected: number;
    faults: number;
    faultEvents: number;
  }>(
    `with scoped as (
         select d.device_id, d.device_type, d.comm_state from lt_device d
          where ${scoped('d')}
            and d.device_type <> 'POLE' and ${lightingOnly('d')})
       select count(*) filter (where ${COUNTED_DEVICE_SQL})::int as total,
              count(*) filter (where ${LAMP_SQL})::int as lamps,
              count(*) filter (where d.device_type = 'LIGHT')::int as "lampHeads",
              count(*) filter (where ${COUNTED_DEVICE_SQL} and d.comm_state = 'ON')::int as online,
              count(*) filter (where ${COUNTED_DEVICE_SQL} and d.comm_state <> 'ON')::int as offline,
              count(*) filter (where ${COUNTED_DEVICE_SQL} and d.comm_state = 'INIT')::int as "neverConnected",
              (select count(*)::int from lt_device_state s
                 where s.fault and ${scoped('s')}
                   and not exists (select 1 from lt_device o where o.device_id = s.device_id and not ${lightingOnly('o')})) as faults,
              (select count(*)::int from lt_device_event e
                 where ${scoped('e')}
                   and e.ts > now() - interval '24 hours' and e.event_type not in ('ONLINE', 'OFFLINE', 'RECOVER')
                   and e.level in ('dangerous', 'serious', 'urgent')
                   and not exists (select 1 from lt_device o where o.device_id = e.device_id and not ${lightingOnly('o')})) as "faultEvents"
         from scoped d`,
    p.values,
  );
  const total = row?.total ?? 0;
  return { ...row, onlineRate: total ? Math.round(((row?.online ?? 0) / total) * 1000) / 10 : null };
};
