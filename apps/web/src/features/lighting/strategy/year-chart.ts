import type { SunDay } from '@luxgrid/contracts/astro';
import type { StrategyDay } from '@luxgrid/contracts/strategy';
import type { SunAnswerDay } from '../../../app/layout/sun';

const hours = (hhmm: string | null | undefined) =>
  hhmm ? Math.round((Number(hhmm.slice(0, 2)) + Number(hhmm.slice(3, 5)) / 60) * 100) / 100 : null;

/** The clock's answer as the compiler reads it (the instant is not needed to place a step on the local clock). */
export function sunDaysOf(answer: SunAnswerDay[]): SunDay[] {
  return answer.map((d) => ({
    date: d.date,
    polar: d.polar,
    sunrise: d.sunrise ? { time: d.sunrise, at: 0, dayOffset: d.sunriseDayOffset } : null,
    sunset: d.sunset ? { time: d.sunset, at: 0, dayOffset: d.sunsetDayOffset } : null,
  }));
}

export interface YearSeries {
  dates: string[];
  sunrise: (number | null)[];
  sunset: (number | null)[];
  on: (number | null)[];
  off: (number | null)[];
  dim: (number | null)[];
}

/** Per day, the hour of sunrise, sunset, the evening's switch-on, the morning's switch-off and the first dim step. */
export function yearSeries(days: StrategyDay[]): YearSeries {
  const pick = (day: StrategyDay, action: string, fromEnd = false) => {
    const steps = day.steps.filter((s) => s.action === action && s.applyTo === 'LAMP');
    return hours((fromEnd ? steps.at(-1) : steps[0])?.time);
  };
  return {
    dates: days.map((d) => d.date),
    sunrise: days.map((d) => hours(d.sunrise)),
    sunset: days.map((d) => hours(d.sunset)),
    on: days.map((d) => pick(d, 'ON', true)),
    off: days.map((d) => pick(d, 'OFF')),
    dim: days.map((d) => pick(d, 'DIM')),
  };
}

/** The year chart: hours of the day (0–24) over the dates, sun lines dashed, switching times solid. */
export function yearOption(
  series: YearSeries,
  labels: Record<'sunrise' | 'sunset' | 'on' | 'off' | 'dim' | 'hours', string>,
) {
  const line = (name: string, data: (number | null)[], color: string, dashed = false) => ({
    name,
    type: 'line',
    data,
    showSymbol: false,
    connectNulls: false,
    lineStyle: { width: dashed ? 1 : 2, type: dashed ? 'dashed' : 'solid', color },
    itemStyle: { color },
  });
  const clock = (value: number) =>
    `${String(Math.floor(value)).padStart(2, '0')}:${String(Math.round((value % 1) * 60)).padStart(2, '0')}`;
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : clock(v)) },
    legend: { top: 0 },
    grid: { left: 50, right: 20, top: 36, bottom: 60 },
    dataZoom: [{ type: 'slider', bottom: 10 }],
    xAxis: { type: 'category', data: series.dates },
    yAxis: {
      type: 'value',
      name: labels.hours,
      min: 0,
      max: 24,
      interval: 3,
      axisLabel: { formatter: (v: number) => `${v}:00` },
    },
    series: [
      line(labels.sunrise, series.sunrise, '#faad14', true),
      line(labels.sunset, series.sunset, '#fa541c', true),
      line(labels.on, series.on, '#52c41a'),
      line(labels.off, series.off, '#1677ff'),
      line(labels.dim, series.dim, '#722ed1'),
    ],
  };
}
