import { CloudUploadOutlined, RedoOutlined } from '@ant-design/icons';
import { App, Button, Progress, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { useLiveMessages, useThrottled } from '../live';
import { type IssueCounts, type IssueKind, type IssueRow, issueApi } from './api';

const STATE_COLOR: Record<IssueRow['state'], string> = { UN_PUSH: 'default', PUSHED: 'success', FAILED: 'error' };
const KIND: Record<IssueKind, IssueRow['kind']> = { strategy: 'STRATEGY', 'virtual-dimming': 'DIMMING' };

/** The columns of a controller's copy, shared by the issue dialog and the drift view. */
export function useIssueColumns(extra: ColumnsType<IssueRow> = []): ColumnsType<IssueRow> {
  const { t } = useTranslation();
  return [
    {
      key: 'controller',
      title: t('ltIssue.controller'),
      render: (_, r) => `${r.deviceName} (${r.uid})`,
    },
    ...extra,
    { key: 'runner', title: t('ltIssue.runner'), width: 130, render: (_, r) => t(`ltIssue.runners.${r.runner}`) },
    { dataIndex: 'lamps', title: t('ltIssue.lamps'), width: 70 },
    {
      key: 'state',
      title: t('ltIssue.state'),
      width: 100,
      render: (_, r) => (
        <Tag color={STATE_COLOR[r.state]} data-testid={`issue-state-${r.uid}`}>
          {t(`ltIssue.states.${r.state}`)}
        </Tag>
      ),
    },
    { dataIndex: 'reason', title: t('ltIssue.reason'), ellipsis: true },
    { dataIndex: 'version', title: t('ltIssue.version'), width: 130 },
    {
      key: 'held',
      title: t('ltIssue.heldVersion'),
      width: 130,
      render: (_, r) => (
        <Typography.Text type={r.heldVersion === r.version ? undefined : 'warning'}>
          {r.heldVersion ?? '—'}
        </Typography.Text>
      ),
    },
    { dataIndex: 'pushTime', title: t('ltIssue.pushTime'), width: 170, render: (v: string | null) => v ?? '—' },
  ];
}

/**
 * The issue of one strategy or plan: live progress (schedule.progress pushes), each controller's
 * copy with the reason of a failure, and re-issue of the failed or drifted ones.
 */
export function IssueDialog({
  kind,
  plan,
  onClose,
}: {
  kind: IssueKind;
  plan: { id: number; name: string; issueNow?: boolean } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<'all' | 'failed' | 'drift'>('all');
  const [counts, setCounts] = useState<IssueCounts | null>(null);
  const [rows, setRows] = useState<IssueRow[]>([]);
  const [busy, setBusy] = useState(false);
  const perm = kind === 'strategy' ? 'lighting:strategy:issue' : 'lighting:virtualDimming:issue';

  const load = useCallback(async () => {
    if (!plan) return;
    const params = filter === 'failed' ? { state: 'FAILED' } : filter === 'drift' ? { drift: 'true' } : {};
    const res = await issueApi.issues(kind, plan.id, params);
    setCounts(res.data.counts);
    setRows(res.data.rows);
  }, [kind, plan, filter]);

  const issue = useCallback(
    async (body: { which?: 'ALL' | 'FAILED' | 'DRIFT'; deviceIds?: number[] }) => {
      if (!plan) return;
      setBusy(true);
      try {
        const res = await issueApi.issue(kind, plan.id, body);
        message.success(t('ltIssue.issued', { total: res.data.total, platform: res.data.platform }));
        await load();
      } catch {
        // the request layer showed why (disabled, no controller …)
      } finally {
        setBusy(false);
      }
    },
    [kind, plan, load, message, t],
  );

  // opened with the issue button: issue at once (a new plan object each time)
  useEffect(() => {
    if (plan?.issueNow) void issue({ which: 'ALL' });
  }, [plan, issue]);
  useEffect(() => {
    void load();
  }, [load]);

  const reload = useThrottled(() => void load(), 500);
  useLiveMessages(['schedule.progress'], (msg) => {
    if (msg.type !== 'schedule.progress' || !plan || msg.planId !== plan.id || msg.kind !== KIND[kind]) return;
    setCounts({ total: msg.total, pushed: msg.pushed, failed: msg.failed, pending: msg.pending });
    reload();
  });

  const columns = useIssueColumns();
  const percent = counts?.total ? Math.round((counts.pushed * 100) / counts.total) : 0;
  return (
    <DraggableDialog
      open={!!plan}
      title={plan ? t('ltIssue.title', { name: plan.name }) : ''}
      width={1100}
      footer={null}
      onCancel={onClose}
      testId="issue-dialog"
    >
      {counts && (
        <div data-testid="issue-progress" data-pushed={counts.pushed} data-total={counts.total}>
          <Progress
            percent={percent}
            success={{ percent }}
            status={counts.failed ? 'exception' : counts.pending ? 'active' : 'success'}
          />
          <Typography.Text>{t('ltIssue.progress', { ...counts })}</Typography.Text>
        </div>
      )}
      <Space style={{ margin: '12px 0' }} wrap>
        <Segmented
          value={filter}
          onChange={(v) => setFilter(v as typeof filter)}
          options={[
            { value: 'all', label: t('ltIssue.all') },
            { value: 'failed', label: t('ltIssue.failed') },
            { value: 'drift', label: t('ltIssue.drift') },
          ]}
        />
        <HasPermi value={[perm]}>
          <Button icon={<CloudUploadOutlined />} loading={busy} onClick={() => void issue({ which: 'ALL' })}>
            {t('ltIssue.issue')}
          </Button>
          <Button
            icon={<RedoOutlined />}
            disabled={!counts?.failed}
            loading={busy}
            onClick={() => void issue({ which: 'FAILED' })}
            data-testid="issue-reissue-failed"
          >
            {t('ltIssue.reissueFailed')}
          </Button>
          <Button icon={<RedoOutlined />} loading={busy} onClick={() => void issue({ which: 'DRIFT' })}>
            {t('ltIssue.reissueDrift')}
          </Button>
        </HasPermi>
      </Space>
      <Table<IssueRow>
        rowKey="issueId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        data-testid="issue-table"
      />
    </DraggableDialog>
  );
}

/** Controllers of the project whose held schedule is not the one issued, with re-issue (the strategy page's drift tab). */
export function DriftTable({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<IssueRow[] | null>(null);
  const load = useCallback(async () => setRows((await issueApi.drift(projectId)).data), [projectId]);
  useEffect(() => {
    void load();
  }, [load]);
  const reissue = async (row: IssueRow) => {
    const kind: IssueKind = row.kind === 'STRATEGY' ? 'strategy' : 'virtual-dimming';
    await issueApi.issue(kind, row.planId, { deviceIds: [row.deviceId] });
    message.success(t('ltIssue.reissue'));
    await load();
  };
  const columns = useIssueColumns([
    { key: 'plan', title: t('ltIssue.plan'), render: (_, r) => r.planName ?? r.planId },
  ]);
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    width: 120,
    render: (_, r) => (
      <HasPermi value={[r.kind === 'STRATEGY' ? 'lighting:strategy:issue' : 'lighting:virtualDimming:issue']}>
        <Button type="link" size="small" icon={<RedoOutlined />} onClick={() => void reissue(r)}>
          {t('ltIssue.reissue')}
        </Button>
      </HasPermi>
    ),
  });
  return (
    <Table<IssueRow>
      rowKey="issueId"
      size="small"
      loading={rows === null}
      columns={columns}
      dataSource={rows ?? []}
      data-testid="drift-table"
    />
  );
}
