import { Card, Descriptions, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueApi, type LampCap } from './api';

/** A lamp's virtual dimming (the lamp drawer): the power cap in force now and the bands of each plan issued for it. */
export function LampCaps({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [caps, setCaps] = useState<LampCap[] | null>(null);
  useEffect(() => {
    setCaps(null);
    issueApi.lampCaps(deviceId).then(
      (res) => setCaps(res.data),
      () => setCaps([]),
    );
  }, [deviceId]);
  if (!caps?.length) return null;
  const now = caps.map((c) => c.capNow).filter((c): c is number => c !== null);
  return (
    <Card size="small" title={t('ltIssue.caps')} data-testid="drawer-caps">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('ltIssue.capNow')}>
          <Typography.Text strong data-testid="drawer-cap-now">
            {now.length ? `${Math.min(...now)}%` : t('ltIssue.noCap')}
          </Typography.Text>
        </Descriptions.Item>
        {caps.map((c) => (
          <Descriptions.Item key={c.planId} label={`${c.startDate} ~ ${c.endDate}`}>
            {c.bands.map((b) => (
              <Tag key={b.start} color={c.capNow === b.cap ? 'blue' : undefined}>
                {t('ltVirtual.capOf', { start: b.start, end: b.end, cap: b.cap })}
              </Tag>
            ))}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
