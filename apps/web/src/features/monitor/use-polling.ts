import { useCallback, useEffect, useRef, useState } from 'react';

export interface PollingState<T> {
  data: T | null;
  /** the last failure's message; cleared by the next success */
  error: string | null;
  loading: boolean;
  /** when the data last arrived (ms since epoch) */
  updatedAt: number | null;
  /** loads now and restarts the interval from here */
  refresh: () => void;
}

/**
 * Loads at once, then again `intervalMs` after each answer (never two requests at a time)
 * while not paused; a hidden browser tab skips its turns. Unmounting aborts the request.
 */
export function usePolling<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { intervalMs, paused, onData }: { intervalMs: number; paused: boolean; onData?: (data: T) => void },
): PollingState<T> {
  const [state, setState] = useState<Omit<PollingState<T>, 'refresh'>>({
    data: null,
    error: null,
    loading: true,
    updatedAt: null,
  });
  const loadRef = useRef(load);
  const onDataRef = useRef(onData);
  const pausedRef = useRef(paused);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const mounted = useRef(false);
  loadRef.current = load;
  onDataRef.current = onData;

  const schedule = useCallback(
    (run: () => void) => {
      clearTimeout(timer.current);
      if (pausedRef.current) return;
      timer.current = setTimeout(() => {
        if (typeof document !== 'undefined' && document.hidden) schedule(run);
        else run();
      }, intervalMs);
    },
    [intervalMs],
  );

  const tick = useCallback(async () => {
    clearTimeout(timer.current);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loadRef.current(current.signal);
      if (current.signal.aborted) return;
      setState({ data, error: null, loading: false, updatedAt: Date.now() });
      onDataRef.current?.(data);
    } catch (error) {
      if (current.signal.aborted) return;
      setState((s) => ({ ...s, loading: false, error: error instanceof Error ? error.message : String(error) }));
    }
    if (!current.signal.aborted) schedule(() => void tick());
  }, [schedule]);

  useEffect(() => {
    pausedRef.current = paused;
    if (!mounted.current) {
      mounted.current = true;
      void tick();
      return;
    }
    if (paused) clearTimeout(timer.current);
    else void tick();
  }, [paused, tick]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  return { ...state, refresh: () => void tick() };
}
