import { registerHomeFigures } from '../../tenant/home/home-figures.ts';

/**
 * The lighting figures of the home pages: devices, lamp heads, online and offline devices, and the
 * devices that reported a fault event in the last 24 hours, for one customer (or all) and project.
 */
export function registerDeviceFigures(): void {
  registerHomeFigures('devices', async (deps, { clientId, projectId }) => {
    const params: unknown[] = [clientId, projectId];
    const [row] = await deps.database.query<{
      total: number;
      lamps: number;
      online: number;
      offline: number;
      faults: number;
    }>(
      `with scoped as (
         select device_id, device_type, comm_state from lt_device
          where ($1::bigint is null or client_id = $1) and ($2::bigint is null or project_id = $2)
            and device_type <> 'POLE')
       select count(*)::int as total,
              count(*) filter (where device_type = 'LIGHT')::int as lamps,
              count(*) filter (where comm_state = 'ON')::int as online,
              count(*) filter (where comm_state = 'OFF')::int as offline,
              (select count(distinct e.device_id)::int from lt_device_event e
                 where ($1::bigint is null or e.client_id = $1) and ($2::bigint is null or e.project_id = $2)
                   and e.ts > now() - interval '24 hours' and e.level in ('dangerous', 'serious', 'urgent')) as faults
         from scoped`,
      params,
    );
    const reachable = (row?.online ?? 0) + (row?.offline ?? 0);
    return { ...row, onlineRate: reachable ? Math.round(((row?.online ?? 0) / reachable) * 1000) / 10 : null };
  });
}
