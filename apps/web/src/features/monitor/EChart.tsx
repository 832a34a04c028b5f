import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

use([
  GaugeChart,
  PieChart,
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number | string;
  /** what the chart shows, for screen readers (the figures are also printed beside every chart) */
  label: string;
  testId?: string;
}

/** One echarts instance bound to a div: follows the container's size, replaces its option, disposes on unmount. */
export function EChart({ option, height = 240, label, testId }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    try {
      chart.current = init(node, undefined, { renderer: 'canvas' });
    } catch {
      // no canvas (tests, very old browsers): the figures beside the chart still tell the story
      chart.current = null;
      return;
    }
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.current?.resize());
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    try {
      chart.current?.setOption(option, { notMerge: true, lazyUpdate: true });
    } catch {
      // a chart that cannot draw must not take the page with it
    }
  }, [option]);

  return <div ref={element} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
