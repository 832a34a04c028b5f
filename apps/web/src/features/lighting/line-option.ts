import type { EChartsCoreOption } from 'echarts/core';

export interface ChartSeries {
  name: string;
  /** [epoch ms, value] pairs, in time order */
  data: [number, number | null][];
  step?: boolean;
}

const PALETTE = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#9254de', '#13c2c2', '#fa8c16', '#909399'];

/** A time-series line chart option: shared time axis, tooltip, zoom by wheel and slider. */
export function lineOption(
  title: string,
  unit: string,
  series: ChartSeries[],
  yLabels?: Record<number, string>,
): EChartsCoreOption {
  const percent = unit === '%';
  return {
    color: PALETTE,
    title: { text: unit ? `${title} (${unit})` : title, left: 8, top: 4, textStyle: { fontSize: 13, fontWeight: 600 } },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        value === null || value === undefined
          ? '-'
          : yLabels
            ? (yLabels[Number(value)] ?? String(value))
            : `${value}${unit ? ` ${unit}` : ''}`,
    },
    legend: { top: 4, right: 8, type: 'scroll', width: '55%' },
    grid: { left: 56, right: 24, top: 44, bottom: 56 },
    xAxis: { type: 'time' },
    // no undefined keys: echarts would take them over its defaults (and hide the labels)
    yAxis: yLabels
      ? {
          type: 'value',
          min: 0,
          max: 1,
          minInterval: 1,
          axisLabel: { formatter: (value: number) => yLabels[value] ?? '' },
        }
      : percent
        ? { type: 'value', min: 0, max: 100 }
        : { type: 'value', scale: true },
    dataZoom: [
      { type: 'inside', throttle: 50 },
      { type: 'slider', height: 18, bottom: 10 },
    ],
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.data,
      showSymbol: s.data.length < 60,
      symbolSize: 4,
      ...(s.step ? { step: 'end' } : {}),
      connectNulls: false,
      sampling: 'lttb',
      lineStyle: { width: 1.6 },
      emphasis: { focus: 'series' },
    })),
  };
}
