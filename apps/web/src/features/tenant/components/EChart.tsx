import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, useEffect, useRef } from 'react';

type Instance = { setOption(option: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void };

/**
 * One echarts canvas. echarts loads on first use (its own chunk); the chart follows its box's
 * size and is disposed with the component. `ariaLabel` describes the chart for screen readers.
 */
export function EChart({
  option,
  height = 260,
  ariaLabel,
  style,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number | string;
  ariaLabel: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      let instance: Instance;
      try {
        instance = echarts.init(box.current) as unknown as Instance;
        instance.setOption(latest.current, true);
      } catch {
        return; // no canvas (tests) — the figures stay readable around the chart
      }
      chart.current = instance;
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(box.current);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height, ...style }} />
  );
}
