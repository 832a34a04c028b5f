import { Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session';
import { readDeviceFigures, showFigure } from '../../features/tenant/home-figures';
import { useHomeSummary } from '../../features/tenant/use-home-summary';
import { EChart } from '../../shared/chart/EChart';
import { storage } from '../../shared/storage';
import { useStore } from '../../shared/store';
import { boardStatus, clockIn, Flaps } from './components/Flaps';
import './components/airport.css';

const REFRESH_MS = 60_000;

/**
 * Airport-style home ('IndexAirport'): the current project's big figures as a departures board —
 * lamps, online rate, faults, energy today, subscriptions coming due — refreshed every minute.
 */
export function IndexAirportPage() {
  const { t } = useTranslation();
  const lang = storage.getLang();
  const project = useStore(session, (state) => state.currentProject);
  const customer = useStore(session, (state) => state.currentCustomer);
  const { summary, loading } = useHomeSummary(REFRESH_MS);
  const figures = useMemo(() => readDeviceFigures(summary?.figures), [summary]);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const zone = summary?.project?.ianaTimeZone ?? project?.ianaTimeZone;
  const clock = clockIn(zone, now, lang);
  const title = summary?.project?.projectName ?? project?.name ?? t('navbar.noProject');

  const tiles = [
    { key: 'lamps', text: showFigure(figures.lamps, 0, 'en-US') },
    { key: 'onlineRate', text: figures.onlineRate === null ? '—' : figures.onlineRate.toFixed(1), unit: '%' },
    { key: 'faults', text: showFigure(figures.faults ?? figures.activeAlarms, 0, 'en-US') },
    { key: 'energyToday', text: figures.energyToday === null ? '—' : figures.energyToday.toFixed(1), unit: 'kWh' },
    { key: 'expiring', text: String(summary?.counts.expiringSubscriptions ?? '—') },
  ];

  const gauge = useMemo(
    () => ({
      series: [
        {
          type: 'gauge',
          min: 0,
          max: 100,
          radius: '95%',
          center: ['50%', '60%'],
          startAngle: 200,
          endAngle: -20,
          splitNumber: 5,
          progress: { show: true, width: 16, itemStyle: { color: '#f5c542' } },
          axisLine: { lineStyle: { width: 16, color: [[1, '#1c2f45']] } },
          axisTick: { show: false },
          splitLine: { length: 6, distance: 4, lineStyle: { color: '#7f93a8' } },
          axisLabel: { color: '#7f93a8', distance: 24, fontSize: 11 },
          pointer: { show: false },
          anchor: { show: false },
          title: { show: false },
          detail: {
            valueAnimation: false,
            color: '#e8eef5',
            fontSize: 30,
            fontFamily: 'monospace',
            formatter: figures.onlineRate === null ? '—' : '{value}%',
            offsetCenter: [0, '10%'],
          },
          data: [{ value: figures.onlineRate ?? 0 }],
        },
      ],
    }),
    [figures.onlineRate],
  );

  const trend = useMemo(() => {
    const energy = figures.energyTrend.length > 0;
    const points = energy
      ? figures.energyTrend.map((point) => ({ label: point.date.slice(5), value: point.kwh }))
      : (summary?.loginTrend ?? []).map((day) => ({ label: day.date.slice(5), value: day.count }));
    return {
      energy,
      option: {
        grid: { left: 8, right: 8, top: 12, bottom: 4, containLabel: true },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          data: points.map((point) => point.label),
          axisLine: { lineStyle: { color: '#23405e' } },
          axisLabel: { color: '#7f93a8' },
        },
        yAxis: {
          type: 'value',
          minInterval: energy ? undefined : 1,
          splitLine: { lineStyle: { color: '#16304a' } },
          axisLabel: { color: '#7f93a8' },
        },
        series: [
          {
            type: 'bar',
            data: points.map((point) => point.value),
            itemStyle: { color: '#f5c542', borderRadius: [2, 2, 0, 0] },
            barMaxWidth: 22,
          },
        ],
      },
    };
  }, [figures.energyTrend, summary?.loginTrend]);

  return (
    <div className="lx-airport" data-testid="home-airport">
      <div className="lx-airport-head">
        <div>
          <div className="lx-airport-sub">
            {summary?.customer?.name ?? customer?.name ?? ''}{' '}
            {summary?.project?.city ? `· ${summary.project.city}` : ''}
          </div>
          <h1 data-testid="airport-title">{title}</h1>
        </div>
        <div>
          <div className="lx-airport-clock" aria-label={t('homeAirport.localTime')}>
            {clock.time}
          </div>
          <div className="lx-airport-sub" style={{ textAlign: 'right' }}>
            {clock.date} {zone ? `· ${zone}` : ''}
          </div>
        </div>
      </div>
      <Spin spinning={loading && !summary}>
        <div className="lx-airport-tiles" data-testid="airport-tiles">
          {tiles.map((tile) => (
            <div className="lx-airport-tile" key={tile.key} data-testid={`airport-${tile.key}`}>
              <div className="lx-airport-tile-label">{t(`homeAirport.tiles.${tile.key}`)}</div>
              <Flaps text={tile.text} unit={tile.unit} label={t(`homeAirport.tiles.${tile.key}`)} />
            </div>
          ))}
        </div>
        <div className="lx-airport-grid">
          <div style={{ display: 'grid', gap: 16 }}>
            <div className="lx-airport-panel">
              <h2>{t('homeAirport.departures', { days: summary?.expiringWithinDays ?? 30 })}</h2>
              {summary && summary.expiring.length === 0 ? (
                <div className="lx-airport-sub" style={{ padding: '12px 0' }} data-testid="airport-no-departures">
                  {t('homeAirport.noDepartures', { days: summary.expiringWithinDays })}
                </div>
              ) : (
                <table className="lx-board" data-testid="airport-board">
                  <thead>
                    <tr>
                      <th>{t('homeAirport.board.time')}</th>
                      <th>{t('homeAirport.board.customer')}</th>
                      <th>{t('homeAirport.board.package')}</th>
                      <th>{t('homeAirport.board.days')}</th>
                      <th>{t('homeAirport.board.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(summary?.expiring ?? []).map((row) => {
                      const status = boardStatus(row.daysLeft);
                      return (
                        <tr key={row.subscriptionId}>
                          <td className="lx-board-time">{row.endTime.slice(0, 10)}</td>
                          <td>{row.clientName}</td>
                          <td>{row.packageName}</td>
                          <td>{row.daysLeft}</td>
                          <td>
                            <span className={`lx-board-status ${status}`}>{t(`homeAirport.status.${status}`)}</span>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </div>
            <div className="lx-airport-panel">
              <h2>{trend.energy ? t('homeAirport.energyTrend') : t('homeAirport.loginTrend')}</h2>
              <EChart
                option={trend.option}
                height={220}
                label={trend.energy ? t('homeAirport.energyTrend') : t('homeAirport.loginTrend')}
              />
            </div>
          </div>
          <div style={{ display: 'grid', gap: 16 }}>
            <div className="lx-airport-panel">
              <h2>{t('homeAirport.onlineRate')}</h2>
              <EChart option={gauge} height={220} label={t('homeAirport.onlineRate')} />
            </div>
            {summary?.customer && (
              <div className="lx-airport-panel" data-testid="airport-validity">
                <h2>{t('homeAirport.validity')}</h2>
                <Flaps
                  text={summary.customer.daysLeft === null ? '∞' : String(summary.customer.daysLeft)}
                  unit={t('homeAirport.daysUnit')}
                  label={t('homeAirport.validity')}
                />
                <div className="lx-airport-sub" style={{ marginTop: 8 }}>
                  {t(`tenantShared.validity.${summary.customer.validState ?? 'normal'}`)}
                  {summary.customer.validTo ? ` · ${summary.customer.validTo.slice(0, 10)}` : ''}
                </div>
              </div>
            )}
          </div>
        </div>
        <div className="lx-airport-ticker" data-testid="airport-ticker">
          {figures.present
            ? t('homeAirport.ticker', {
                users: summary?.counts.users ?? 0,
                online: summary?.counts.onlineSessions ?? 0,
                logins: summary?.counts.recentLogins ?? 0,
              })
            : t('homeAirport.noDeviceFigures')}
        </div>
      </Spin>
    </div>
  );
}
