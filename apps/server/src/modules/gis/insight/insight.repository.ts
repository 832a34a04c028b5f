import type { Database } from '../../../platform/db.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/** The asset statistics: counts by category, kind, age and warranty, and the roads by lighting class. */
export async function assetStatistics(
  database: Database,
  scope: Scope,
  projectId: number,
  today: string,
  days: number,
) {
  // counts bind the project and the scope; dated ones also today ($2) and the days ahead ($3)
  const p = new SqlParams(projectId);
  const inProject = `a.project_id = $1 and ${scopeSql(scope, p, { client: 'a.client_id' })}`;
  const dated = new SqlParams(projectId, today, days);
  const inProjectDated = `a.project_id = $1 and ${scopeSql(scope, dated, { client: 'a.client_id' })}`;
  const aged = new SqlParams(projectId, today);
  const inProjectAged = `a.project_id = $1 and ${scopeSql(scope, aged, { client: 'a.client_id' })}`;
  const r = new SqlParams(projectId);
  const roadsOwn = scopeSql(scope, r, { client: 'r.client_id' });
  const [byCategory, byKind, byAge, warranty, expiring, roads] = await Promise.all([
    database.query<{ name: string; count: number }>(
      `select c.name, count(*)::int as count from gis_asset a join gis_asset_category c on c.category_id = a.category_id
        where ${inProject} group by c.name order by count desc, c.name limit 50`,
      p.values,
    ),
    database.query<{ kind: string; count: number }>(
      `select a.asset_kind as kind, count(*)::int as count from gis_asset a where ${inProject} group by a.asset_kind order by count desc`,
      p.values,
    ),
    database.query<{ bucket: string; count: number }>(
      `select case
          when a.install_date is null then 'unknown'
          when a.install_date > $2::date - interval '1 year' then '<1'
          when a.install_date > $2::date - interval '3 years' then '1-3'
          when a.install_date > $2::date - interval '5 years' then '3-5'
          when a.install_date > $2::date - interval '10 years' then '5-10'
          else '>=10' end as bucket, count(*)::int as count
        from gis_asset a where ${inProjectAged} group by 1`,
      aged.values,
    ),
    database.query<{ total: number; expired: number; expiring: number }>(
      `select count(*)::int as total,
          (count(*) filter (where a.warranty_end < $2::date))::int as expired,
          (count(*) filter (where a.warranty_end >= $2::date and a.warranty_end <= $2::date + $3::int))::int as expiring
        from gis_asset a where ${inProjectDated}`,
      dated.values,
    ),
    database.query<{ assetId: number; assetCode: string; name: string; warrantyEnd: string }>(
      `select a.asset_id as "assetId", a.asset_code as "assetCode", a.name, to_char(a.warranty_end, 'YYYY-MM-DD') as "warrantyEnd"
        from gis_asset a where ${inProjectDated} and a.warranty_end >= $2::date and a.warranty_end <= $2::date + $3::int
        order by a.warranty_end, a.asset_id limit 50`,
      dated.values,
    ),
    database.query<{ lightingClass: string; count: number; length: number; area: number }>(
      `select r.lighting_class as "lightingClass", count(*)::int as count,
          round(sum(r.length)::numeric, 1)::float8 as length, round(sum(r.length * r.width)::numeric, 1)::float8 as area
        from gis_road r where r.project_id = $1 and ${roadsOwn}
        group by r.lighting_class order by r.lighting_class`,
      r.values,
    ),
  ]);
  return { byCategory, byKind, byAge, warranty: warranty[0]!, expiring, roads };
}

/** The map settings of a project: its map type and centre. */
export async function projectMapSettings(database: Database, projectId: number) {
  const [row] = await database.query<{ map_type: string; longitude: number; latitude: number }>(
    'select map_type, longitude, latitude from biz_project where project_id = $1',
    [projectId],
  );
  return row;
}
