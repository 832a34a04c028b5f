import { useCallback, useEffect, useState } from 'react';
import { session } from '../../app/session';
import { useStore } from '../../shared/store';
import { homeApi } from './api';
import type { HomeSummary } from './types';

/**
 * The home figures of the current customer and project; fetched again when either changes
 * (the navbar's project selector) and every `refreshMs` when given.
 */
export function useHomeSummary(refreshMs?: number) {
  const customerId = useStore(session, (state) => state.currentCustomer?.id ?? null);
  const projectId = useStore(session, (state) => state.currentProject?.id ?? null);
  const [summary, setSummary] = useState<HomeSummary | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: customer, project and tick are the reasons to fetch again
  useEffect(() => {
    let alive = true;
    setLoading(true);
    homeApi
      .summary()
      .then(({ data }) => {
        if (!alive) return;
        setSummary(data);
        setFailed(false);
      })
      .catch(() => {
        if (alive) setFailed(true);
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [customerId, projectId, tick]);

  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => setTick((n) => n + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { summary, loading, failed, reload };
}
