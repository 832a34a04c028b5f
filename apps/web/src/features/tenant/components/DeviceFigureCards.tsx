import { AlertOutlined, BulbOutlined, ThunderboltOutlined, WifiOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../shared/storage';
import { type DeviceFigures, showFigure } from '../home-figures';

/** Lamps, online rate, faults and today's energy — or a plain note when no device figures are reported. */
export function DeviceFigureCards({ figures }: { figures: DeviceFigures }) {
  const { t } = useTranslation();
  const lang = storage.getLang();
  if (!figures.present)
    return (
      <Card size="small" data-testid="device-figures-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('homeIndex.noDeviceFigures')} />
      </Card>
    );
  const items = [
    {
      key: 'lamps',
      icon: <BulbOutlined />,
      title: t('homeIndex.lamps'),
      value: showFigure(figures.lamps, 0, lang),
      color: '#faad14',
    },
    {
      key: 'online',
      icon: <WifiOutlined />,
      title: t('homeIndex.onlineRate'),
      value: figures.onlineRate === null ? '—' : `${showFigure(figures.onlineRate, 1, lang)} %`,
      color: '#52c41a',
    },
    {
      key: 'faults',
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
  return (
    <Row gutter={[12, 12]} data-testid="device-figures">
      {items.map((item) => (
        <Col xs={12} md={6} key={item.key}>
          <Card size="small">
            <Statistic
              title={
                <span>
                  <span style={{ color: item.color, marginRight: 6 }}>{item.icon}</span>
                  {item.title}
                </span>
              }
              value={item.value}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
