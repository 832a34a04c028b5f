import { useCallback, useEffect, useState } from 'react';
import { customerApi, packageApi, subsystemApi } from './api';
import type { PackageRow, SubsystemRow } from './types';

function useLoader<T>(
  load: () => Promise<T>,
  initial: T,
  enabled = true,
): { data: T; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(enabled);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure each render; `tick` drives reloads
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setLoading(true);
    load()
      .then((value) => {
        if (alive) setData(value);
      })
      .catch(() => undefined)
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [tick, enabled]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, reload };
}

/** Every subsystem and linked system (platform users see all of them), in display order. */
export function useSubsystems(enabled = true) {
  return useLoader<SubsystemRow[]>(async () => (await subsystemApi.all()).rows ?? [], [], enabled);
}

/** Packages for pickers: enabled ones first, at most 100 (the server caps the page). */
export function usePackages(enabled = true) {
  return useLoader<PackageRow[]>(
    async () =>
      (await packageApi.list({ pageNum: 1, pageSize: 100, orderByColumn: 'packageName', isAsc: 'ascending' })).rows ??
      [],
    [],
    enabled,
  );
}

/** Customers for pickers, with their validity. */
export function useCustomerOptions(enabled = true) {
  return useLoader(async () => (await customerApi.options()).data ?? [], [], enabled);
}

/** systemId → display name, from the subsystem list (localized by the server). */
export function systemNames(systems: readonly SubsystemRow[]): Map<number, string> {
  return new Map(systems.map((system) => [system.systemId, system.name]));
}
