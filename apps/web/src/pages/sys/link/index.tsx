import { Badge, Card, Col, Input, Row, Select, Space, Statistic, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LinkRow, type LinkTotals, operationsApi } from '../../../features/operations/api';

/** Communication links (sys.link): devices holding a broker session, connected or not, last message, the devices they carry. */
export default function CommunicationLinksPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<{ keyword?: string; online?: string; pageNum: number; pageSize: number }>({
    pageNum: 1,
    pageSize: 20,
  });
  const [rows, setRows] = useState<LinkRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [summary, setSummary] = useState<(LinkTotals & { broker: Record<string, unknown> | null }) | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    operationsApi
      .links(query)
      .then((answer) => {
        setRows(answer.rows);
        setTotal(answer.total);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [query]);

  useEffect(load, [load]);
  useEffect(() => {
    operationsApi
      .linkSummary()
      .then(({ data }) => setSummary(data))
      .catch(() => undefined);
  }, []);

  return (
    <div className="lx-page" data-testid="sys-link-page">
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('sysOps.sessions')} value={summary?.sessions ?? 0} data-testid="link-sessions" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('sysOps.connected')} value={summary?.connected ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('sysOps.carried')} value={summary?.carried ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={summary?.broker ? t('sysOps.brokerClients') : t('sysOps.lastMessage')}
              value={summary?.broker ? String(summary.broker.clients ?? '—') : (summary?.lastMessage ?? '—')}
            />
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t('sysOps.linkTitle')}
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder={t('sysOps.keyword')}
              onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, pageNum: 1 }))}
              style={{ width: 240 }}
              data-testid="link-keyword"
            />
            <Select
              allowClear
              placeholder={t('sysOps.connectionState')}
              style={{ width: 140 }}
              onChange={(online?: string) => setQuery((q) => ({ ...q, online, pageNum: 1 }))}
              options={[
                { value: 'true', label: t('sysOps.connected') },
                { value: 'false', label: t('sysOps.disconnected') },
              ]}
            />
          </Space>
        }
      >
        <Table<LinkRow>
          size="small"
          rowKey="deviceId"
          loading={loading}
          dataSource={rows}
          data-testid="link-table"
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total,
            showSizeChanger: true,
            onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
          }}
          columns={[
            { title: 'UID', dataIndex: 'uid' },
            { title: t('sysOps.deviceName'), dataIndex: 'name' },
            { title: t('sysOps.deviceType'), dataIndex: 'deviceType' },
            { title: t('sysOps.project'), dataIndex: 'projectName' },
            {
              title: t('sysOps.connectionState'),
              dataIndex: 'commState',
              render: (state: string) => (
                <Badge
                  status={state === 'ON' ? 'success' : state === 'INIT' ? 'default' : 'error'}
                  text={t(`sysOps.comm.${state}`, { defaultValue: state })}
                />
              ),
            },
            { title: t('sysOps.lastMessage'), dataIndex: 'lastSeen', render: (v: string | null) => v ?? '—' },
            {
              title: t('sysOps.children'),
              key: 'children',
              align: 'right',
              render: (_, r) => `${r.carriedOnline} / ${r.carried}`,
            },
          ]}
        />
      </Card>
    </div>
  );
}
