import { AlertOutlined, BellOutlined, BulbOutlined, ThunderboltOutlined, WifiOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storage } from '../../../shared/storage';
import { type DeviceFigures, deviceListLink, type FigureLink, showFigure } from '../home-figures';

/**
 * Lamps, online rate, faults and today's energy, then open, unacknowledged and today's alarms — or a plain note when no device figures are
 * reported. Lamps, online rate and faults open the device list filtered the way they count.
 */
export function DeviceFigureCards({ figures }: { figures: DeviceFigures }) {
  const { t } = useTranslation();
  const lang = storage.getLang();
  if (!figures.present)
    return (
      <Card size="small" data-testid="device-figures-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('homeIndex.noDeviceFigures')} />
      </Card>
    );
  const items: { key: string; icon: ReactNode; title: string; value: string; color: string; link?: FigureLink }[] = [
    {
      key: 'lamps',
      link: 'lamps',
      icon: <BulbOutlined />,
      title: t('homeIndex.lamps'),
      value: showFigure(figures.lamps, 0, lang),
      color: '#faad14',
    },
    {
      key: 'online',
      link: 'offline',
      icon: <WifiOutlined />,
      title: t('homeIndex.onlineRate'),
      value: figures.onlineRate === null ? '—' : `${showFigure(figures.onlineRate, 1, lang)} %`,
      color: '#52c41a',
    },
    {
      key: 'faults',
      link: 'faults',
      icon: <AlertOutlined />,
      title: t('homeIndex.faults'),
      value: showFigure(figures.faults ?? figures.activeAlarms, 0, lang),
      color: '#f5222d',
    },
    {
      key: 'energy',
      icon: <ThunderboltOutlined />,
      title: t('homeIndex.energyToday'),
      value: figures.energyToday === null ? '—' : `${showFigure(figures.energyToday, 1, lang)} kWh`,
      color: '#1677ff',
    },
  ];
  if (figures.activeAlarms !== null) {
    const alarmItems = [
      { key: 'openAlarms', value: figures.activeAlarms, color: '#f5222d' },
      { key: 'unacknowledgedAlarms', value: figures.unacknowledgedAlarms, color: '#fa541c' },
      { key: 'alarmsToday', value: figures.alarmsToday, color: '#faad14' },
    ];
    for (const a of alarmItems)
      items.push({
        key: a.key,
        icon: <BellOutlined />,
        title: t(`homeIndex.${a.key}`),
        value: showFigure(a.value, 0, lang),
        color: a.color,
      });
  }
  return (
    <Row gutter={[12, 12]} data-testid="device-figures">
      {items.map((item) => (
        <Col xs={12} md={6} key={item.key}>
          <Card size="small" hoverable={!!item.link}>
            {item.link ? (
              <Link to={deviceListLink(item.link)} data-testid={`figure-${item.key}`} style={{ color: 'inherit' }}>
                <Statistic
                  title={<FigureTitle icon={item.icon} title={item.title} color={item.color} />}
                  value={item.value}
                />
              </Link>
            ) : (
              <Statistic
                title={<FigureTitle icon={item.icon} title={item.title} color={item.color} />}
                value={item.value}
              />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function FigureTitle({ icon, title, color }: { icon: ReactNode; title: string; color: string }) {
  return (
    <span>
      <span style={{ color, marginRight: 6 }}>{icon}</span>
      {title}
    </span>
  );
}
