import type { DashboardPanel } from '@luxgrid/contracts/dashboard';
import { Alert, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush } from '../../app/socket';
import { EChart } from '../../shared/chart/EChart';
import { useDict } from '../../shared/dict';
import { usePolling } from '../monitor/use-polling';
import { type DashboardData, dashboardApi, type MapPoint } from './api';
import { Panel, WallScreen } from './WallScreen';

export type DashboardKind = 'overview' | 'lighting' | 'alarm';

/**
 * The panels of each dashboard in the order they are laid out, with the columns and rows each
 * spans on the 1920×1080 canvas (a customer's settings may leave some out; the grid closes up).
 */
export const DASHBOARD_LAYOUTS: Record<
  DashboardKind,
  { columns: number; rows: number; panels: readonly (readonly [DashboardPanel, number, number])[] }
> = {
  overview: {
    columns: 4,
    rows: 3,
    panels: [
      ['devices', 1, 1],
      ['lamps', 1, 1],
      ['lightingRate', 1, 1],
      ['alarmGrades', 1, 1],
      ['map', 2, 2],
      ['energy', 2, 1],
      ['latestAlarms', 2, 1],
    ],
  },
  lighting: {
    columns: 3,
    rows: 3,
    panels: [
      ['lamps', 1, 1],
      ['lightingRate', 1, 1],
      ['devices', 1, 1],
      ['map', 2, 2],
      ['energy', 1, 2],
    ],
  },
  alarm: {
    columns: 3,
    rows: 3,
    panels: [
      ['alarmGrades', 1, 1],
      ['latestAlarms', 2, 2],
      ['devices', 1, 1],
      ['map', 3, 1],
    ],
  },
};

/** A chart takes the room its panel has left. */
const FILL = { flex: 1, minHeight: 0 };
const TEXT = '#d6e4ff';
const AXIS = { axisLabel: { color: TEXT, fontSize: 16 }, axisLine: { lineStyle: { color: '#3a5f95' } } };
const STATE_COLOURS: Record<MapPoint[2], string> = {
  on: '#fadb14',
  dimmed: '#fa8c16',
  off: '#8c8c8c',
  fault: '#ff4d4f',
  offline: '#5b6b82',
  never: '#3b4659',
};
const GRADE_COLOURS: Record<string, string> = {
  dangerous: '#a8071a',
  serious: '#ff4d4f',
  urgent: '#fa8c16',
  ordinary: '#fadb14',
};

function gauge(name: string, value: number | null, colour: string): EChartsCoreOption {
  return {
    series: [
      {
        type: 'gauge',
        name,
        min: 0,
        max: 100,
        progress: { show: true, width: 18, itemStyle: { color: colour } },
        axisLine: { lineStyle: { width: 18, color: [[1, '#163b6e']] } },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        title: { show: true, offsetCenter: [0, '70%'], color: TEXT, fontSize: 18 },
        detail: { offsetCenter: [0, '5%'], color: '#fff', fontSize: 36, formatter: value === null ? '—' : '{value}%' },
        data: [{ value: value ?? 0, name }],
      },
    ],
  };
}

/** The live part: alarms pushed over /ws read the figures again at once (a burst once). */
function useLiveDashboard(refreshSeconds: number) {
  const load = useCallback(async (signal: AbortSignal) => (await dashboardApi.data(signal)).data, []);
  const polling = usePolling<DashboardData>(load, { intervalMs: refreshSeconds * 1000, paused: false });
  const refresh = useRef(polling.refresh);
  refresh.current = polling.refresh;
  const [pushed, setPushed] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onPush((message) => {
      if (message.type !== 'alarm.update' || timer) return;
      setPushed((n) => n + message.items.length);
      timer = setTimeout(() => {
        timer = null;
        refresh.current();
      }, 500);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return { ...polling, pushed };
}

/**
 * A wall-screen dashboard: the home page's figures of the current customer and project (devices and
 * online rate, lamps on / dimmed / off, lighting rate, alarms by grade), the latest alarms (read
 * again when an alarm is pushed), the energy the controllers reported and a small map.
 */
export function Dashboard({ kind }: { kind: DashboardKind }) {
  const { t } = useTranslation();
  const [refreshSeconds, setRefreshSeconds] = useState(60);
  const { data, error } = useLiveDashboard(refreshSeconds);
  const grades = useDict('alarm_grade');
  const types = useDict('alarm_config_type');
  const labelOf = (items: { dictValue: string; dictLabel: string }[], value: string) =>
    items.find((item) => item.dictValue === value)?.dictLabel ?? value;

  useEffect(() => {
    if (data && data.settings.refreshSeconds !== refreshSeconds) setRefreshSeconds(data.settings.refreshSeconds);
  }, [data, refreshSeconds]);

  const title = data
    ? `${data.settings.title || t('dashboard.defaultTitle')} · ${t(`dashboard.kind.${kind}`)}`
    : t(`dashboard.kind.${kind}`);

  if (!data) {
    return (
      <WallScreen title={title} testId={`dashboard-${kind}`}>
        <div className="lx-note">{error ? <Alert type="error" title={error} /> : <Spin size="large" />}</div>
      </WallScreen>
    );
  }

  const { devices, lamps, alarmGrades = {} } = data.figures;
  const layout = DASHBOARD_LAYOUTS[kind];
  const chosen = layout.panels.filter(([panel]) => data.settings.panels.includes(panel));

  const sized = (panel: DashboardPanel) => {
    const [, columns = 1, rows = 1] = layout.panels.find(([name]) => name === panel) ?? [];
    return { span: [columns, rows] as const };
  };
  const panels: Record<DashboardPanel, () => ReactElement> = {
    devices: () => (
      <Panel title={t('dashboard.panel.devices')} {...sized('devices')} testId="devices" key="devices">
        <div className="lx-figures">
          <div className="lx-figure">
            <b data-testid="figure-devices-total">{devices?.total ?? 0}</b>
            <span>{t('dashboard.devicesTotal')}</span>
          </div>
          <div className="lx-figure">
            <b data-testid="figure-devices-online">{devices?.online ?? 0}</b>
            <span>{t('dashboard.online')}</span>
          </div>
          <div className="lx-figure">
            <b>{devices?.faults ?? 0}</b>
            <span>{t('dashboard.faults')}</span>
          </div>
        </div>
        <EChart
          height="auto"
          style={FILL}
          label={t('dashboard.onlineRate')}
          option={gauge(t('dashboard.onlineRate'), devices?.onlineRate ?? null, '#52c41a')}
          testId="chart-online-rate"
        />
      </Panel>
    ),
    lamps: () => (
      <Panel title={t('dashboard.panel.lamps')} {...sized('lamps')} testId="lamps" key="lamps">
        <EChart
          height="auto"
          style={FILL}
          label={t('dashboard.panel.lamps')}
          option={{
            tooltip: { trigger: 'item' },
            legend: { bottom: 0, textStyle: { color: TEXT, fontSize: 16 } },
            title: {
              text: String(lamps?.lamps ?? 0),
              subtext: t('dashboard.lamps'),
              left: 'center',
              top: '32%',
              textStyle: { color: '#fff', fontSize: 34 },
              subtextStyle: { color: TEXT, fontSize: 16 },
            },
            series: [
              {
                type: 'pie',
                radius: ['48%', '70%'],
                center: ['50%', '44%'],
                label: { show: false },
                data: (['on', 'dimmed', 'off', 'unknown'] as const).map((key) => ({
                  name: t(`dashboard.lamp.${key}`),
                  value: lamps?.[key] ?? 0,
                  itemStyle: { color: key === 'unknown' ? STATE_COLOURS.offline : STATE_COLOURS[key] },
                })),
              },
            ],
          }}
        />
        <div className="lx-figures" data-testid="lamp-figures">
          <div className="lx-figure">
            <b data-testid="figure-lamps-on">{lamps?.on ?? 0}</b>
            <span>{t('dashboard.lamp.on')}</span>
          </div>
          <div className="lx-figure">
            <b data-testid="figure-lamps-dimmed">{lamps?.dimmed ?? 0}</b>
            <span>{t('dashboard.lamp.dimmed')}</span>
          </div>
          <div className="lx-figure">
            <b data-testid="figure-lamps-off">{lamps?.off ?? 0}</b>
            <span>{t('dashboard.lamp.off')}</span>
          </div>
        </div>
      </Panel>
    ),
    lightingRate: () => (
      <Panel
        title={t('dashboard.panel.lightingRate')}
        {...sized('lightingRate')}
        testId="lightingRate"
        key="lightingRate"
      >
        <EChart
          height="auto"
          style={FILL}
          label={t('dashboard.panel.lightingRate')}
          option={gauge(t('dashboard.lightingRate'), lamps?.lightingRate ?? null, '#fadb14')}
        />
        <div className="lx-note">
          {lamps?.lightingRate === null || lamps?.lightingRate === undefined
            ? t('dashboard.noLampExpected')
            : t('dashboard.litOfExpected', { lit: lamps.sampledLit, expected: lamps.expectedLit })}
        </div>
      </Panel>
    ),
    alarmGrades: () => (
      <Panel title={t('dashboard.panel.alarmGrades')} {...sized('alarmGrades')} testId="alarmGrades" key="alarmGrades">
        <div className="lx-figures">
          <div className="lx-figure">
            <b data-testid="figure-alarms-open">{data.figures.alarms?.open ?? 0}</b>
            <span>{t('dashboard.alarmsOpen')}</span>
          </div>
          <div className="lx-figure">
            <b>{data.figures.alarms?.unacknowledged ?? 0}</b>
            <span>{t('dashboard.alarmsUnacknowledged')}</span>
          </div>
          <div className="lx-figure">
            <b>{data.figures.alarms?.today ?? 0}</b>
            <span>{t('dashboard.alarmsToday')}</span>
          </div>
        </div>
        <EChart
          height="auto"
          style={FILL}
          label={t('dashboard.panel.alarmGrades')}
          option={{
            grid: { left: 110, right: 40, top: 10, bottom: 20 },
            xAxis: { type: 'value', minInterval: 1, ...AXIS, splitLine: { lineStyle: { color: '#163b6e' } } },
            yAxis: {
              type: 'category',
              ...AXIS,
              data: Object.keys(GRADE_COLOURS).map((grade) => labelOf(grades, grade)),
            },
            series: [
              {
                type: 'bar',
                barWidth: 22,
                label: { show: true, position: 'right', color: '#fff', fontSize: 16 },
                data: Object.entries(GRADE_COLOURS).map(([grade, colour]) => ({
                  value: alarmGrades[grade] ?? 0,
                  itemStyle: { color: colour },
                })),
              },
            ],
          }}
        />
      </Panel>
    ),
    latestAlarms: () => (
      <Panel
        title={t('dashboard.panel.latestAlarms')}
        {...sized('latestAlarms')}
        testId="latestAlarms"
        key="latestAlarms"
      >
        {data.latestAlarms.length === 0 ? (
          <div className="lx-note">{t('dashboard.noAlarms')}</div>
        ) : (
          data.latestAlarms.map((alarm) => (
            <div className="lx-alarm-row" key={alarm.alarmId} data-testid="latest-alarm">
              <span style={{ color: GRADE_COLOURS[alarm.grade] ?? TEXT }}>{labelOf(grades, alarm.grade)}</span>
              <span>{labelOf(types, alarm.alarmConfigType)}</span>
              <span title={alarm.uid}>{alarm.deviceName}</span>
              <span>{alarm.lastTime}</span>
            </div>
          ))
        )}
      </Panel>
    ),
    energy: () => (
      <Panel title={t('dashboard.panel.energy')} {...sized('energy')} testId="energy" key="energy">
        {data.energy.reported ? (
          <EChart
            height="auto"
            style={FILL}
            label={t('dashboard.panel.energy')}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 70, right: 20, top: 30, bottom: 30 },
              xAxis: { type: 'category', ...AXIS, data: data.energy.days.map((d) => d.day.slice(5)) },
              yAxis: {
                type: 'value',
                name: data.energy.unit,
                nameTextStyle: { color: TEXT },
                ...AXIS,
                splitLine: { lineStyle: { color: '#163b6e' } },
              },
              series: [
                {
                  type: 'bar',
                  name: t('dashboard.energyPerDay'),
                  itemStyle: { color: '#36cfc9' },
                  data: data.energy.days.map((d) => d.kwh),
                },
              ],
            }}
          />
        ) : (
          <div className="lx-note" data-testid="energy-none">
            {t('dashboard.noEnergy')}
          </div>
        )}
      </Panel>
    ),
    map: () => (
      <Panel title={t('dashboard.panel.map')} {...sized('map')} testId="map" key="map">
        {data.map.points.length === 0 ? (
          <div className="lx-note">{t('dashboard.noLocatedLamps')}</div>
        ) : (
          <EChart height="auto" style={FILL} label={t('dashboard.panel.map')} option={mapOption(data.map.points, t)} />
        )}
      </Panel>
    ),
  };

  return (
    <WallScreen title={title} logo={data.settings.logo} testId={`dashboard-${kind}`}>
      <div
        className="lx-wall-grid"
        style={{
          gridTemplateColumns: `repeat(${layout.columns}, 1fr)`,
          gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))`,
        }}
      >
        {chosen.map(([panel]) => panels[panel]())}
      </div>
    </WallScreen>
  );
}

/** The lamps drawn where they stand (longitude, latitude), coloured by their state now. */
function mapOption(points: MapPoint[], t: (key: string) => string): EChartsCoreOption {
  const states = Object.keys(STATE_COLOURS) as MapPoint[2][];
  return {
    tooltip: { trigger: 'item', formatter: (p: { seriesName: string }) => p.seriesName },
    legend: { bottom: 0, textStyle: { color: TEXT, fontSize: 16 } },
    grid: { left: 10, right: 10, top: 10, bottom: 40 },
    xAxis: { type: 'value', scale: true, show: false },
    yAxis: { type: 'value', scale: true, show: false },
    series: states.map((state) => ({
      type: 'scatter',
      name: t(`dashboard.lamp.${state}`),
      symbolSize: 7,
      itemStyle: { color: STATE_COLOURS[state] },
      data: points.filter((p) => p[2] === state).map((p) => [p[0], p[1]]),
    })),
  };
}
