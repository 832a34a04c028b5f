import { LineChartOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, DatePicker, Empty, Form, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deviceApi, runtimeApi } from '../../../features/lighting/api';
import { DeviceSelect, deviceLabel } from '../../../features/lighting/DeviceSelect';
import { useValueLabel } from '../../../features/lighting/format';
import { lineOption } from '../../../features/lighting/line-option';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { groupFields, seriesData } from '../../../features/lighting/telemetry';
import type { DeviceRef, TelemetryPoint } from '../../../features/lighting/types';
import { EChart } from '../../../shared/chart/EChart';
import { DATE_TIME_FORMAT } from '../../../shared/constants';

const BUCKETS = [-1, 0, 60, 300, 900, 3600, 86400];

interface Query {
  deviceId: number | null;
  range: [Dayjs, Dayjs];
  bucket: number;
}

function RuntimeDataBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useValueLabel();
  const [search] = useSearchParams();
  const initialDevice = Number(search.get('deviceId')) || null;
  const [form] = Form.useForm<Query>();
  const [known, setKnown] = useState<DeviceRef[]>([]);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<{ device: DeviceRef; points: TelemetryPoint[]; bucketSeconds: number } | null>(
    null,
  );

  const load = async (values: Query) => {
    if (!values.deviceId) {
      message.warning(t('ltRuntimeData.chooseDevice'));
      return;
    }
    const [begin, end] = values.range;
    setLoading(true);
    try {
      const [{ data }, detail] = await Promise.all([
        runtimeApi.data({
          deviceId: values.deviceId,
          beginTime: begin.toDate().toISOString(),
          endTime: end.toDate().toISOString(),
          bucketSeconds: values.bucket >= 0 ? values.bucket : undefined,
        }),
        deviceApi.get(values.deviceId),
      ]);
      setResult({ device: detail.data, points: data.points, bucketSeconds: data.bucketSeconds });
    } catch {
      setResult(null);
    } finally {
      setLoading(false);
    }
  };

  // a link from a device's detail opens with that device and the last 24 hours
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the link's device
  useEffect(() => {
    if (!initialDevice) return;
    void deviceApi
      .get(initialDevice)
      .then(({ data }) => {
        setKnown([data]);
        void load(form.getFieldsValue());
      })
      .catch(() => undefined);
  }, []);

  const groups = useMemo(() => (result ? groupFields(result.points) : []), [result]);
  const options = useMemo(
    () =>
      groups.map((group) => {
        const title = group.fields.length === 1 ? label(group.fields[0]!) : group.fields.map(label).join(' / ');
        const yLabels = group.state ? { 0: t('ltRuntimeData.off'), 1: t('ltRuntimeData.on') } : undefined;
        return {
          key: group.key,
          title,
          option: lineOption(
            title,
            group.unit,
            group.fields.map((field) => ({
              name: label(field),
              data: seriesData(result!.points, field),
              step: group.state,
            })),
            yLabels,
          ),
        };
      }),
    [groups, result, label, t],
  );

  const presets = [
    { label: t('ltRuntimeData.last1h'), value: [dayjs().subtract(1, 'hour'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('ltRuntimeData.last24h'), value: [dayjs().subtract(24, 'hour'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('ltRuntimeData.last7d'), value: [dayjs().subtract(7, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('ltRuntimeData.last30d'), value: [dayjs().subtract(30, 'day'), dayjs()] as [Dayjs, Dayjs] },
  ];

  return (
    <div className="lx-page" data-testid="runtime-data-page">
      <Form<Query>
        form={form}
        layout="inline"
        className="lx-search-bar"
        initialValues={{ deviceId: initialDevice, range: [dayjs().subtract(24, 'hour'), dayjs()], bucket: -1 }}
        onFinish={(values) => void load(values)}
      >
        <Form.Item name="deviceId" label={t('ltCommon.device')} style={{ marginBottom: 8 }}>
          <DeviceSelect known={known} style={{ width: 300 }} allowClear={false} testId="runtime-data-device" />
        </Form.Item>
        <Form.Item name="range" label={t('ltRuntimeData.range')} style={{ marginBottom: 8 }}>
          <DatePicker.RangePicker
            showTime
            format={DATE_TIME_FORMAT}
            presets={presets}
            allowClear={false}
            style={{ width: 380 }}
          />
        </Form.Item>
        <Form.Item name="bucket" label={t('ltRuntimeData.bucket')} style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 150 }}
            options={BUCKETS.map((value) => ({ value, label: t(`ltRuntimeData.buckets.${value}`) }))}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={loading}
            data-testid="runtime-data-query"
          >
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
      <Spin spinning={loading}>
        {!result ? (
          <Empty
            image={<LineChartOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />}
            description={t('ltRuntimeData.hint')}
          />
        ) : result.points.length === 0 ? (
          <Empty description={t('ltRuntimeData.empty', { name: deviceLabel(result.device) })} />
        ) : (
          <>
            <Space style={{ marginBottom: 8 }} wrap>
              <Typography.Text strong>{deviceLabel(result.device)}</Typography.Text>
              <Typography.Text type="secondary" data-testid="runtime-data-summary">
                {t('ltRuntimeData.summary', {
                  count: result.points.length,
                  bucket:
                    result.bucketSeconds === 0
                      ? t('ltRuntimeData.raw')
                      : t('ltRuntimeData.every', { seconds: result.bucketSeconds }),
                })}
              </Typography.Text>
            </Space>
            <Row gutter={[12, 12]}>
              {options.map((chart) => (
                <Col key={chart.key} xs={24} xl={12}>
                  <Card size="small" styles={{ body: { padding: 8 } }}>
                    <EChart option={chart.option} height={280} label={chart.title} testId={`chart-${chart.key}`} />
                  </Card>
                </Col>
              ))}
            </Row>
          </>
        )}
      </Spin>
    </div>
  );
}

/** A device's telemetry over a time range (lighting/runtime-data), long ranges averaged per bucket. */
export function RuntimeDataPage() {
  return (
    <NeedProject testId="runtime-data-page">
      <RuntimeDataBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
