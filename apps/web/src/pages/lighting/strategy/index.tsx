import { CloudUploadOutlined, CopyOutlined, LineChartOutlined } from '@ant-design/icons';
import { addDays } from '@luxgrid/contracts/astro';
import { compileStrategy, type StrategyBody, type StrategyDay, type StrategyRow } from '@luxgrid/contracts/strategy';
import { App, Button, Divider, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { strategyApi } from '../../../features/lighting/strategy/api';
import {
  newStrategy,
  type StrategyForm,
  strategyToBody,
  strategyToForm,
} from '../../../features/lighting/strategy/form';
import { DriftTable, IssueDialog } from '../../../features/lighting/strategy/IssueDialog';
import { contractText, StrategyFields } from '../../../features/lighting/strategy/StrategyFields';
import { YearPreview } from '../../../features/lighting/strategy/YearPreview';
import { sunDaysOf } from '../../../features/lighting/strategy/year-chart';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const targetCount = (form: StrategyForm) =>
  Object.values(form.targets ?? {}).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);

/** The draft's year: the clock's answer for its validity (at most a year) compiled here, its warnings from the server. */
function useDraftPreview(projectId: number) {
  const [draft, setDraft] = useState<{ days: StrategyDay[]; warnings: string[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const run = async (body: StrategyForm) => {
    setLoading(true);
    try {
      const from = body.startDate!;
      const last = addDays(from, 365);
      const to = body.endDate! < last ? body.endDate! : addDays(from, 364);
      const [sun, check] = await Promise.all([strategyApi.sun(projectId, from, to), strategyApi.check(body)]);
      setDraft({ days: compileStrategy(body as StrategyBody, sunDaysOf(sun.data)), warnings: check.data.warnings });
    } catch {
      // the request layer showed the reason (a rule of the spec, a missing field …)
    } finally {
      setLoading(false);
    }
  };
  return { draft, loading, run, clear: () => setDraft(null) };
}

function StrategyPageBody() {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const preview = useDraftPreview(projectId);
  const [shown, setShown] = useState<{ name: string; days: (StrategyDay & { litMinutes: number })[] } | null>(null);
  const [issuing, setIssuing] = useState<{ id: number; name: string; issueNow?: boolean } | null>(null);

  const warn = (warnings: string[]) => {
    for (const warning of warnings) notification.warning({ message: t('ltStrategy.warnings'), description: warning });
  };
  const toBody = (merged: StrategyForm) => {
    if (!targetCount(merged)) {
      message.error(contractText('strategy.objects.empty'));
      return null;
    }
    return strategyToBody({ ...merged, projectId });
  };
  const edit = useEditDialog<StrategyForm>({
    api: {
      add: async (body) => warn((await strategyApi.add(body)).data.warnings),
      // the saved strategy's traps, told once more after the change
      update: async (body) => {
        await strategyApi.update(body);
        await strategyApi.check(body).then(
          (res) => warn(res.data.warnings),
          () => undefined, // saved all the same
        );
      },
    },
    idKey: 'strategyId',
    table,
    load: async (row) => (await strategyApi.get(row.strategyId!)).data as StrategyForm,
    toForm: strategyToForm,
    toBody,
    onSaved: preview.clear,
  });
  const remove = useConfirmRemove(strategyApi.remove, (names) => t('ltStrategy.deleteConfirm', { names }), table);
  const open = (row?: StrategyRow) => {
    preview.clear();
    edit.open((row as StrategyForm) ?? newStrategy(projectId));
  };
  const checkDraft = async () => {
    const values = await edit.form.validateFields().catch(() => null);
    if (!values || !edit.editing) return;
    const body = toBody({ ...edit.editing, ...values });
    if (body) await preview.run(body);
  };
  const copy = async (row: StrategyRow) => {
    const res = await strategyApi.copy(row.strategyId);
    message.success(t('ltStrategy.copied', { name: res.data.name }));
    table.current?.refresh();
  };
  const showYear = async (row: StrategyRow) => {
    const year = dayjs().year();
    const res = await strategyApi.preview(row.strategyId, `${year}-01-01`, `${year}-12-31`);
    setShown({ name: row.name, days: res.data });
  };

  const columns: ProColumn<StrategyRow>[] = [
    column('strategyId', t('ltStrategy.id'), { width: 80, sortField: 'strategyId' }),
    column('name', t('ltStrategy.name'), { sortField: 'name' }),
    {
      key: 'validity',
      title: t('ltStrategy.validity'),
      width: 210,
      render: (_: unknown, row) => `${row.startDate} ~ ${row.endDate}`,
    },
    column('priority', t('ltStrategy.priority'), { width: 90, sortField: 'priority' }),
    dictColumn('issueState', t('ltStrategy.issueState'), 'task_issue_state', { width: 110 }),
    dictColumn('status', t('ltStrategy.status'), 'sys_normal_disable', { width: 90 }),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 480,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="lighting:strategy"
          editNeedsQuery
          onEdit={() => open(row)}
          onRemove={() => remove([row.strategyId], row.name)}
          between={
            <HasPermi value={['lighting:strategy:copy']}>
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                onClick={() => void copy(row)}
                data-testid={`strategy-copy-${row.strategyId}`}
              >
                {t('ltStrategy.copy')}
              </Button>
            </HasPermi>
          }
        >
          <HasPermi value={['lighting:strategy:issue']}>
            <Button
              type="link"
              size="small"
              icon={<CloudUploadOutlined />}
              onClick={() => setIssuing({ id: row.strategyId, name: row.name, issueNow: true })}
              data-testid={`strategy-issue-${row.strategyId}`}
            >
              {t('ltIssue.issue')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:strategy:query']}>
            <Button
              type="link"
              size="small"
              onClick={() => setIssuing({ id: row.strategyId, name: row.name })}
              data-testid={`strategy-issues-${row.strategyId}`}
            >
              {t('ltIssue.state')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:strategy:query']}>
            <Button
              type="link"
              size="small"
              icon={<LineChartOutlined />}
              onClick={() => void showYear(row)}
              data-testid={`strategy-year-${row.strategyId}`}
            >
              {t('ltStrategy.preview')}
            </Button>
          </HasPermi>
        </RowActions>
      ),
    },
  ];

  const list = (
    <ProTable<StrategyRow>
      ref={table}
      url={strategyApi.listUrl}
      rowKey="strategyId"
      selectable
      testId="strategy-table"
      extraParams={extraParams}
      columns={columns}
      searchFields={[
        { type: 'input', name: 'name', label: t('ltStrategy.name') },
        { type: 'select', name: 'issueState', label: t('ltStrategy.issueState'), dictType: 'task_issue_state' },
      ]}
      toolbar={({ keys, rows }) => (
        <AddRemoveButtons
          perm="lighting:strategy"
          testId="strategy"
          onAdd={() => open()}
          selected={keys.length}
          onRemove={() => remove(keys as number[], rows.map((row) => row.name).join(', '))}
        >
          <ExportButton
            perm="lighting:strategy"
            url={strategyApi.exportUrl}
            table={table}
            params={extraParams}
            fileName="strategies"
          />
        </AddRemoveButtons>
      )}
    />
  );
  return (
    <div className="lx-page" data-testid="strategy-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'list', label: t('ltIssue.strategies'), children: list },
          { key: 'drift', label: t('ltIssue.driftTab'), children: <DriftTable projectId={projectId} /> },
        ]}
      />
      <IssueDialog
        kind="strategy"
        plan={issuing}
        onClose={() => {
          setIssuing(null);
          table.current?.refresh();
        }}
      />
      <EditDialog<StrategyForm>
        edit={edit}
        addTitle={t('ltStrategy.addTitle')}
        editTitle={t('ltStrategy.editTitle')}
        width={1080}
        labelWidth={110}
        testId="strategy-dialog"
      >
        <StrategyFields />
        <Divider style={{ margin: '8px 0' }} />
        <Button
          icon={<LineChartOutlined />}
          loading={preview.loading}
          onClick={() => void checkDraft()}
          data-testid="strategy-check"
        >
          {t('ltStrategy.check')}
        </Button>
        {preview.draft && (
          <div style={{ marginTop: 12 }}>
            <YearPreview days={preview.draft.days} warnings={preview.draft.warnings} testId="strategy-draft" />
          </div>
        )}
      </EditDialog>
      <DraggableDialog
        open={!!shown}
        title={shown ? t('ltStrategy.previewTitle', { name: shown.name }) : ''}
        width={1000}
        footer={null}
        onCancel={() => setShown(null)}
        testId="strategy-year-dialog"
      >
        {shown && <YearPreview days={shown.days} litMinutes={shown.days.reduce((n, d) => n + d.litMinutes, 0)} />}
      </DraggableDialog>
    </div>
  );
}

/** Lighting strategies (lighting/strategy): switching and dimming by the clock and the sun, with a year's preview. */
export function StrategyPage() {
  return (
    <NeedProject testId="strategy-page">
      <StrategyPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
