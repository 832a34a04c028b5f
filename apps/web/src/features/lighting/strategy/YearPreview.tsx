import type { StrategyDay } from '@luxgrid/contracts/strategy';
import { Alert, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { yearOption, yearSeries } from './year-chart';

/** A year of a strategy's switching times against sunrise and sunset, with its warnings and lit hours. */
export function YearPreview({
  days,
  warnings,
  litMinutes,
  testId = 'strategy-preview',
}: {
  /** with a light sensor, the windows around dawn and dusk in which it decides */
  days: (StrategyDay & { sensorWindows?: { kind: 'DAWN' | 'DUSK'; from: string; to: string }[] })[];
  warnings?: string[];
  /** lit minutes over the days, when known */
  litMinutes?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      yearOption(yearSeries(days), {
        sunrise: t('ltStrategy.sunrise'),
        sunset: t('ltStrategy.sunset'),
        on: t('ltStrategy.on'),
        off: t('ltStrategy.off'),
        dim: t('ltStrategy.dim'),
        hours: t('ltStrategy.hours'),
      }),
    [days, t],
  );
  const first = days.find((d) => d.steps.length);
  const sensed = days.find((d) => d.sensorWindows?.length)?.sensorWindows;
  const span = (kind: 'DAWN' | 'DUSK') => {
    const w = sensed?.find((x) => x.kind === kind);
    return w ? `${w.from}–${w.to}` : '–';
  };
  return (
    <div data-testid={testId} data-days={days.length}>
      {warnings && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }} data-testid={`${testId}-warnings`}>
          {warnings.length ? (
            warnings.map((w) => <Alert key={w} type="warning" showIcon message={w} />)
          ) : (
            <Alert type="success" showIcon message={t('ltStrategy.noWarnings')} />
          )}
        </Space>
      )}
      <EChart option={option} height={320} label={t('ltStrategy.preview')} testId={`${testId}-chart`} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid={`${testId}-summary`}>
        {days[0]?.date} – {days.at(-1)?.date}
        {first && (
          <>
            {' · '}
            {first.date}:{' '}
            {first.steps
              .map((s) => `${s.time} ${t(`ltStrategy.actions.${s.action}`)}${s.action === 'DIM' ? ` ${s.level}%` : ''}`)
              .join(', ')}
          </>
        )}
        {litMinutes !== undefined && <> · {t('ltStrategy.litHours', { hours: Math.round(litMinutes / 60) })}</>}
      </Typography.Paragraph>
      {sensed && (
        <Typography.Paragraph type="secondary" data-testid={`${testId}-sensor`}>
          {first?.date ?? ''} {t('ltStrategy.sensorWindows', { dawn: span('DAWN'), dusk: span('DUSK') })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
