import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session';
import { download } from '../../shared/download';
import { type DataEnvelope, http } from '../../shared/request';
import { useStore } from '../../shared/store';

export interface StatsFilter {
  projectId?: number;
  beginTime: string;
  endTime: string;
}

/** The period (default the last 30 days, at most 366) and the project of a statistics screen. */
export function StatsFilterBar({ onSearch, testId }: { onSearch: (f: StatsFilter) => void; testId: string }) {
  const { t } = useTranslation();
  const projects = useStore(session, (state) => state.projects);
  const current = useStore(session, (state) => state.currentProject);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [projectId, setProjectId] = useState<number | undefined>(current ? Number(current.id) : undefined);
  const search = () =>
    onSearch({
      projectId,
      beginTime: range[0].format('YYYY-MM-DD'),
      endTime: range[1].format('YYYY-MM-DD'),
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches once with the defaults
  useEffect(search, []);
  return (
    <Form layout="inline" data-testid={`${testId}-filter`} style={{ marginBottom: 16 }}>
      <Form.Item label={t('ltAlarmStats.period')}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          format="YYYY-MM-DD"
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          data-testid={`${testId}-range`}
        />
      </Form.Item>
      <Form.Item label={t('ltAlarmStats.project')}>
        <Select
          style={{ width: 200 }}
          allowClear
          placeholder={t('ltAlarmStats.allProjects')}
          value={projectId}
          onChange={setProjectId}
          options={projects.map((p) => ({ value: Number(p.id), label: p.name }))}
          data-testid={`${testId}-project`}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid={`${testId}-search`}>
          {t('ltAlarmStats.query')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Loads a statistics summary for the filter; server messages (period too long) show as the request layer shows them. */
export function useStats<T>(url: string) {
  const [filter, setFilter] = useState<StatsFilter | null>(null);
  const [data, setData] = useState<T | null>(null);
  const load = useCallback(
    (f: StatsFilter) => {
      setFilter(f);
      http
        .get<DataEnvelope<T>>(url, { ...f })
        .then((res) => setData(res.data))
        .catch(() => undefined);
    },
    [url],
  );
  return { filter, data, load };
}

/** A card holding one table of a statistics screen, with its Excel export. */
export function StatsTable<T extends object>({
  title,
  rows,
  columns,
  exportUrl,
  table,
  filter,
  testId,
  rowKey,
}: {
  title: ReactNode;
  rows: readonly T[] | undefined;
  columns: ColumnsType<T>;
  exportUrl: string;
  table: string;
  filter: StatsFilter | null;
  testId: string;
  rowKey: (row: T) => string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!filter}
          onClick={() => void download(exportUrl, { params: { ...filter, table } })}
          data-testid={`${testId}-export`}
        >
          {t('ltAlarmStats.exportTable')}
        </Button>
      }
    >
      <Table<T>
        size="small"
        rowKey={rowKey}
        dataSource={rows as T[]}
        columns={columns}
        pagination={false}
        scroll={{ y: 320 }}
        data-testid={testId}
      />
    </Card>
  );
}
