import type { EChartsCoreOption } from 'echarts/core';
import { usageColour } from './format';

const PALETTE = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399', '#9254de', '#13c2c2', '#fa8c16'];

/** A 0–100 % gauge whose bar turns orange from 70 % and red from 90 %. */
export function gaugeOption(name: string, percent: number, detail?: string): EChartsCoreOption {
  const value = Math.round(Math.max(0, Math.min(100, percent)) * 10) / 10;
  return {
    series: [
      {
        type: 'gauge',
        name,
        min: 0,
        max: 100,
        radius: '92%',
        center: ['50%', '55%'],
        progress: { show: true, width: 12 },
        axisLine: {
          lineStyle: {
            width: 12,
            color: [[1, '#ebeef5']],
          },
        },
        itemStyle: { color: usageColour(value) },
        pointer: { show: false },
        splitLine: { length: 6, distance: 2, lineStyle: { width: 1, color: '#bbb' } },
        axisTick: { show: false },
        axisLabel: {
          distance: 14,
          fontSize: 10,
          color: '#999',
          formatter: (tick: number) => (tick % 50 === 0 ? String(tick) : ''),
        },
        title: { show: false },
        detail: {
          valueAnimation: false,
          formatter: detail ? `{value|{value}%}\n{sub|${detail.replace(/[{}|]/g, '')}}` : '{value|{value}%}',
          offsetCenter: [0, '4%'],
          rich: {
            value: { fontSize: 22, fontWeight: 'bold', color: '#303133' },
            sub: { fontSize: 11, color: '#909399', padding: [6, 0, 0, 0] },
          },
        },
        data: [{ value, name }],
      },
    ],
  };
}

/** A doughnut of named values; the total sits in the middle. */
export function doughnutOption(
  items: { name: string; value: number; colour?: string }[],
  centre: string,
  formatValue: (value: number) => string = String,
): EChartsCoreOption {
  return {
    color: items.map((item, i) => item.colour ?? PALETTE[i % PALETTE.length]),
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${formatValue(p.value)} (${p.percent}%)`,
    },
    legend: { bottom: 0, type: 'scroll' },
    title: { text: centre, left: 'center', top: '36%', textStyle: { fontSize: 16, fontWeight: 'normal' } },
    series: [
      {
        type: 'pie',
        radius: ['45%', '68%'],
        center: ['50%', '42%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: items.map(({ name, value }) => ({ name, value })),
      },
    ],
  };
}

/** Horizontal bars, largest on top; several series stack. */
export function barsOption(
  categories: string[],
  series: { name: string; values: number[]; colour?: string }[],
  formatValue: (value: number) => string = String,
): EChartsCoreOption {
  return {
    color: series.map((s, i) => s.colour ?? PALETTE[i % PALETTE.length]),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => formatValue(Number(value)),
    },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 24, top: series.length > 1 ? 28 : 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value) } },
    yAxis: { type: 'category', data: [...categories].reverse(), axisLabel: { width: 160, overflow: 'truncate' } },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar',
      stack: series.length > 1 ? 'total' : undefined,
      barMaxWidth: 18,
      data: [...s.values].reverse(),
    })),
  };
}

/** Lines over time (x = labels such as '12:00:05'); each series may use its own y axis (0 or 1). */
export function linesOption(
  labels: string[],
  series: { name: string; values: (number | null)[]; unit: string; axis?: 0 | 1; colour?: string }[],
): EChartsCoreOption {
  const units = [...new Set(series.map((s) => s.unit))];
  return {
    color: series.map((s, i) => s.colour ?? PALETTE[i % PALETTE.length]),
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: labels },
    yAxis: units.slice(0, 2).map((unit) => ({
      type: 'value',
      min: 0,
      max: unit === '%' ? 100 : undefined,
      axisLabel: { formatter: `{value} ${unit}` },
      splitLine: { show: unit === units[0] },
    })),
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      smooth: true,
      yAxisIndex: s.axis ?? Math.max(0, units.indexOf(s.unit)),
      areaStyle: s.axis ? undefined : { opacity: 0.08 },
      data: s.values,
    })),
  };
}
