import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, useEffect, useRef } from 'react';

type Instance = {
  setOption(option: EChartsCoreOption, opts: { notMerge: boolean; lazyUpdate: boolean }): void;
  resize(): void;
  dispose(): void;
};

/** Replaces the chart's option; a chart that cannot draw must not take the page with it. */
function show(instance: Instance | null, option: EChartsCoreOption) {
  try {
    instance?.setOption(option, { notMerge: true, lazyUpdate: true });
  } catch {
    // the figures printed beside every chart still tell the story
  }
}

/**
 * One echarts canvas for every screen. echarts loads on the first chart (its own chunk); the chart
 * follows its box's size, takes each new option whole and is disposed with the component.
 */
export function EChart({
  option,
  height = 240,
  label,
  style,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number | string;
  /** what the chart shows, for screen readers */
  label: string;
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
        instance = echarts.init(box.current, undefined, { renderer: 'canvas' }) as unknown as Instance;
      } catch {
        return; // no canvas (tests, very old browsers)
      }
      chart.current = instance;
      show(instance, latest.current);
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
    show(chart.current, option);
  }, [option]);

  return (
    <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height, ...style }} />
  );
}
