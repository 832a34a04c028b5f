import { BulbFilled, BulbOutlined, CloseOutlined, SlidersOutlined } from '@ant-design/icons';
import { LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import { MAP_STATE_COLOURS, mapState } from '@luxgrid/contracts/map';
import { Button, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../../features/lighting/api';
import type { ControlTarget } from '../../../features/lighting/control';
import { formatValue, orderedKeys, useValueLabel } from '../../../features/lighting/format';
import { isFaultEvent } from '../../../features/lighting/geo';
import { useLiveDevice } from '../../../features/lighting/live';
import type { ControlAction, DeviceDetail, TreeNodeRow } from '../../../features/lighting/types';

/**
 * The card of the clicked device: its live values and, for a lamp, switching and dimming; for a
 * cabinet, its branches with their state.
 */
export function DeviceCard({
  deviceId,
  onClose,
  onControl,
  zIndex,
}: {
  deviceId: number;
  onClose: () => void;
  onControl: (action: ControlAction, target: ControlTarget, dim?: number) => void;
  zIndex: number;
}) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  const [branches, setBranches] = useState<TreeNodeRow[] | null>(null);
  const merged = useLiveDevice(deviceId, {
    commState: detail?.commState ?? 'INIT',
    values: detail?.live.values ?? {},
    ts: detail?.live.dataTs ? Date.parse(detail.live.dataTs) : 0,
  });
  const label = useValueLabel();

  useEffect(() => {
    let cancelled = false;
    setDetail(null);
    setBranches(null);
    deviceApi
      .get(deviceId)
      .then(({ data }) => {
        if (cancelled) return;
        setDetail(data);
        if (data.deviceType === 'BOX')
          return deviceApi.tree({ projectId: data.projectId, parentId: data.deviceId }).then((page) => {
            if (!cancelled) setBranches(page.data.nodes);
          });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [deviceId]);

  if (!detail) return null;
  const values = merged.values as Record<string, unknown>;
  const event = merged.event?.eventType;
  const fault = event === 'RECOVER' ? false : event && isFaultEvent(event) ? true : detail.fault;
  const state = mapState(detail.deviceType, merged.commState, values, fault);
  const lamp = detail.deviceType === LAMP_DEVICE_TYPE;
  const target = { deviceIds: [detail.deviceId], label: `${detail.name} (${detail.uid})` };

  return (
    <Card
      size="small"
      className="lt-map-panel lt-map-card"
      style={{ zIndex }}
      data-testid="map-card"
      title={
        <Space>
          <span className="lt-map-swatch" style={{ background: MAP_STATE_COLOURS[state] }} />
          <span>{detail.name}</span>
          <Tag data-testid="map-card-state" data-state={state}>
            {state === 'dimmed'
              ? t('ltMapScreen.dimAt', { level: Number(values.dimLevel ?? 0) })
              : t(`ltMapScreen.state.${state}`)}
          </Tag>
        </Space>
      }
      extra={<Button size="small" type="text" icon={<CloseOutlined />} onClick={onClose} aria-label="close" />}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="UID">{detail.uid}</Descriptions.Item>
        {orderedKeys(values)
          .slice(0, 8)
          .map((key) => (
            <Descriptions.Item key={key} label={label(key)}>
              {formatValue(key, values[key])}
            </Descriptions.Item>
          ))}
      </Descriptions>
      {lamp && (
        <Space wrap>
          <Button
            size="small"
            icon={<BulbFilled />}
            onClick={() => onControl('LIGHT_ON', target)}
            data-testid="map-card-on"
          >
            {t('ltControl.actions.LIGHT_ON')}
          </Button>
          <Button
            size="small"
            icon={<BulbOutlined />}
            onClick={() => onControl('LIGHT_OFF', target)}
            data-testid="map-card-off"
          >
            {t('ltControl.actions.LIGHT_OFF')}
          </Button>
          <Button
            size="small"
            icon={<SlidersOutlined />}
            onClick={() => onControl('LIGHT_DIMMING', target, Number(values.dimLevel ?? 50))}
            data-testid="map-card-dim"
          >
            {t('ltControl.actions.LIGHT_DIMMING')}
          </Button>
        </Space>
      )}
      {branches && (
        <>
          <Typography.Text strong>{t('ltMapScreen.branches')}</Typography.Text>
          <List
            size="small"
            dataSource={branches}
            locale={{ emptyText: t('ltMapScreen.noBranches') }}
            renderItem={(node) => (
              <List.Item>
                {node.name} · {node.uid}
                <Tag style={{ marginLeft: 8 }}>{node.commState}</Tag>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
