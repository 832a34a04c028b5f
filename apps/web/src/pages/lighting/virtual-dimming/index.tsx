import { CloudUploadOutlined, LineChartOutlined } from '@ant-design/icons';
import type { VirtualDay, VirtualDimmingRow } from '@luxgrid/contracts/strategy';
import { Button, Form, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { virtualDimmingApi } from '../../../features/lighting/strategy/api';
import { BandsTable } from '../../../features/lighting/strategy/BandsTable';
import {
  newVirtualPlan,
  type VirtualForm,
  virtualToBody,
  virtualToForm,
} from '../../../features/lighting/strategy/form';
import { IssueDialog } from '../../../features/lighting/strategy/IssueDialog';
import { TargetsFields, ValidityFields } from '../../../features/lighting/strategy/StrategyFields';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

function VirtualDimmingBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [shown, setShown] = useState<{ name: string; days: VirtualDay[] } | null>(null);
  const [issuing, setIssuing] = useState<{ id: number; name: string; issueNow?: boolean } | null>(null);
  const edit = useEditDialog<VirtualForm>({
    api: virtualDimmingApi,
    idKey: 'planId',
    table,
    load: async (row) => (await virtualDimmingApi.get(row.planId!)).data as VirtualForm,
    toForm: virtualToForm,
    toBody: (merged) => virtualToBody({ ...merged, projectId }),
  });
  const remove = useConfirmRemove(virtualDimmingApi.remove, (names) => t('ltVirtual.deleteConfirm', { names }), table);
  const open = (row?: VirtualDimmingRow) => edit.open((row as VirtualForm) ?? newVirtualPlan(projectId));
  const showWeek = async (row: VirtualDimmingRow) => {
    const from = row.startDate > dayjs().format('YYYY-MM-DD') ? row.startDate : dayjs().format('YYYY-MM-DD');
    const res = await virtualDimmingApi.preview(row.planId, from, dayjs(from).add(13, 'day').format('YYYY-MM-DD'));
    setShown({ name: row.name, days: res.data });
  };

  const columns: ProColumn<VirtualDimmingRow>[] = [
    column('planId', t('ltStrategy.id'), { width: 80, sortField: 'planId' }),
    column('name', t('ltVirtual.name'), { sortField: 'name' }),
    {
      key: 'validity',
      title: t('ltStrategy.validity'),
      width: 210,
      render: (_: unknown, row) => `${row.startDate} ~ ${row.endDate}`,
    },
    {
      key: 'bands',
      title: t('ltVirtual.bands'),
      render: (_: unknown, row) =>
        (row.bands as { start: string; end: string; cap: number }[])
          .map((b) => t('ltVirtual.capOf', { start: b.start, end: b.end, cap: b.cap }))
          .join('; '),
    },
    dictColumn('issueState', t('ltStrategy.issueState'), 'task_issue_state', { width: 110 }),
    dictColumn('status', t('ltStrategy.status'), 'sys_normal_disable', { width: 90 }),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 400,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="lighting:virtualDimming"
          editNeedsQuery
          onEdit={() => open(row)}
          onRemove={() => remove([row.planId], row.name)}
        >
          <HasPermi value={['lighting:virtualDimming:issue']}>
            <Button
              type="link"
              size="small"
              icon={<CloudUploadOutlined />}
              onClick={() => setIssuing({ id: row.planId, name: row.name, issueNow: true })}
              data-testid={`virtual-issue-${row.planId}`}
            >
              {t('ltIssue.issue')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:virtualDimming:query']}>
            <Button type="link" size="small" onClick={() => setIssuing({ id: row.planId, name: row.name })}>
              {t('ltIssue.state')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:virtualDimming:query']}>
            <Button
              type="link"
              size="small"
              icon={<LineChartOutlined />}
              onClick={() => void showWeek(row)}
              data-testid={`virtual-preview-${row.planId}`}
            >
              {t('ltVirtual.preview')}
            </Button>
          </HasPermi>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="virtual-dimming-page">
      <ProTable<VirtualDimmingRow>
        ref={table}
        url={virtualDimmingApi.listUrl}
        rowKey="planId"
        selectable
        testId="virtual-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltVirtual.name') }]}
        toolbar={({ keys, rows }) => (
          <AddRemoveButtons
            perm="lighting:virtualDimming"
            testId="virtual"
            onAdd={() => open()}
            selected={keys.length}
            onRemove={() => remove(keys as number[], rows.map((row) => row.name).join(', '))}
          />
        )}
      />
      <EditDialog<VirtualForm>
        edit={edit}
        addTitle={t('ltVirtual.addTitle')}
        editTitle={t('ltVirtual.editTitle')}
        width={860}
        labelWidth={110}
        testId="virtual-dialog"
      >
        <Form.Item
          name="name"
          label={t('ltVirtual.name')}
          rules={[{ required: true, whitespace: true, message: t('ltVirtual.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="virtual-name" />
        </Form.Item>
        <ValidityFields />
        <Form.Item label={t('ltVirtual.bands')} required>
          <BandsTable />
        </Form.Item>
        <TargetsFields />
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </EditDialog>
      <DraggableDialog
        open={!!shown}
        title={shown ? t('ltVirtual.previewTitle', { name: shown.name }) : ''}
        width={720}
        footer={null}
        onCancel={() => setShown(null)}
        testId="virtual-preview-dialog"
      >
        {shown && (
          <Table
            size="small"
            rowKey="date"
            pagination={false}
            dataSource={shown.days}
            columns={[
              { key: 'date', dataIndex: 'date', title: t('ltStrategy.validity'), width: 120 },
              {
                key: 'bands',
                title: t('ltVirtual.bands'),
                render: (_: unknown, day: VirtualDay) =>
                  day.bands.map((b) => t('ltVirtual.capOf', { start: b.start, end: b.end, cap: b.cap })).join('; ') ||
                  '—',
              },
            ]}
          />
        )}
      </DraggableDialog>
      <IssueDialog
        kind="virtual-dimming"
        plan={issuing}
        onClose={() => {
          setIssuing(null);
          table.current?.refresh();
        }}
      />
    </div>
  );
}

/** Virtual dimming strategies (lighting/virtual-dimming): each lamp's power capped at a share of its nominal power per time band. */
export function VirtualDimmingPage() {
  return (
    <NeedProject testId="virtual-dimming-page">
      <VirtualDimmingBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
