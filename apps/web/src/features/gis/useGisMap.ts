import type { GisMap } from '@luxgrid/contracts/gis';
import { useEffect, useState } from 'react';
import { gisApi } from './api';

/** The project's base map and what the asset map draws on it (reloaded when `version` changes). */
export function useGisMap(projectId: number, version = 0): GisMap | null {
  const [data, setData] = useState<GisMap | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    let alive = true;
    gisApi.map(projectId).then(
      (res) => alive && setData(res.data ?? null),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [projectId, version]);
  return data;
}
