import { App, Card, Segmented, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionLabel } from '../CommandStatus';
import { ControlButtons, useControl } from '../control';
import { DeviceSelect } from '../DeviceSelect';
import { useGroups, useProjectId, useTags } from '../project';
import { ALL_ACTIONS, BOX_TYPES } from '../rules';
import type { ControlAction, TaskTargetKind } from '../types';
import { TaskPanel } from './TaskPanel';

const GROUP_KINDS: readonly TaskTargetKind[] = ['GROUP', 'TAG', 'BOX', 'DEVICE', 'PROJECT'];

/**
 * Single-device and group apply (lighting/single-apply, lighting/group-apply): pick what to act on
 * (searchable pickers), pick an action (only those the user's buttons allow), confirm (with the
 * operation password when the project has one), then follow the task live.
 */
export function ApplyScreen({ mode }: { mode: 'single' | 'group' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId()!;
  const control = useControl();
  const actionLabel = useActionLabel();
  const groups = useGroups();
  const tags = useTags();
  const [kind, setKind] = useState<TaskTargetKind>(mode === 'single' ? 'DEVICE' : 'GROUP');
  const [ids, setIds] = useState<number[]>([]);
  const [names, setNames] = useState<string[]>([]);
  const [tasks, setTasks] = useState<{ batchId: string; action: ControlAction; label: string }[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const screen = mode === 'single' ? 'singleApply' : 'groupApply';

  const pick = (next: number[], labels: string[]) => {
    setIds(next);
    setNames(labels);
  };
  const options = useMemo(() => {
    if (kind === 'GROUP') return groups.map((g) => ({ value: g.groupId, label: g.name }));
    if (kind === 'TAG') return tags.map((g) => ({ value: g.tagId, label: g.name }));
    return [];
  }, [kind, groups, tags]);

  const label = () => {
    if (kind === 'PROJECT') return t('ltTask.wholeProject');
    const shown = names.slice(0, 3).join(', ');
    return ids.length > 3 ? t('ltTask.andMore', { shown, count: ids.length }) : shown;
  };

  const run = async (action: ControlAction) => {
    if (kind !== 'PROJECT' && !ids.length) {
      message.warning(t('ltTask.objectCount'));
      return;
    }
    const target = label();
    const result = await control.run(action, {
      label: target,
      task: { projectId, targetKind: kind, targetIds: kind === 'PROJECT' ? undefined : ids },
    });
    if (!result) return;
    setTasks((before) => [{ batchId: result.batchId, action, label: target }, ...before].slice(0, 20));
    setCurrent(result.batchId);
  };

  return (
    <div className="lx-page" data-testid={`${mode}-apply-page`}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          {mode === 'group' && (
            <Segmented<TaskTargetKind>
              value={kind}
              onChange={(value) => {
                setKind(value);
                pick([], []);
              }}
              options={GROUP_KINDS.map((value) => ({ value, label: t(`ltTask.kind.${value}`) }))}
              data-testid="apply-kind"
            />
          )}
          <Space wrap>
            <Typography.Text>{t('ltTask.target')}:</Typography.Text>
            {(kind === 'GROUP' || kind === 'TAG') && (
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 360 }}
                placeholder={t('ltTask.pickTarget')}
                value={ids}
                options={options}
                onChange={(value: number[]) =>
                  pick(
                    value,
                    value.map((v) => options.find((o) => o.value === v)?.label ?? String(v)),
                  )
                }
                data-testid="apply-target"
              />
            )}
            {mode === 'single' && (
              <DeviceSelect
                style={{ width: 360 }}
                value={ids[0] ?? null}
                onChange={(value) => (value ? setIds([value]) : pick([], []))}
                onPicked={(devices) => setNames(devices.map((d) => d.uid))}
                testId="apply-target"
              />
            )}
            {mode === 'group' && (kind === 'BOX' || kind === 'DEVICE') && (
              <DeviceSelect
                mode="multiple"
                style={{ minWidth: 360 }}
                types={kind === 'BOX' ? BOX_TYPES.filter((type) => type === 'BOX') : undefined}
                value={ids}
                onChange={(value) => setIds(value)}
                onPicked={(devices) => setNames(devices.map((d) => d.uid))}
                testId="apply-target"
              />
            )}
            {kind === 'PROJECT' && <Typography.Text strong>{t('ltTask.wholeProject')}</Typography.Text>}
          </Space>
          <ControlButtons
            actions={ALL_ACTIONS}
            resources={[screen]}
            onRun={(action) => void run(action)}
            testIdPrefix="apply"
          />
        </Space>
      </Card>
      {tasks.length > 1 && (
        <Table
          size="small"
          rowKey="batchId"
          pagination={false}
          style={{ marginBottom: 12 }}
          dataSource={tasks}
          onRow={(row) => ({ onClick: () => setCurrent(row.batchId), style: { cursor: 'pointer' } })}
          rowClassName={(row) => (row.batchId === current ? 'ant-table-row-selected' : '')}
          columns={[
            { key: 'action', dataIndex: 'action', title: t('ltTaskLog.action'), render: (v: string) => actionLabel(v) },
            { key: 'label', dataIndex: 'label', title: t('ltTask.target') },
            { key: 'batchId', dataIndex: 'batchId', title: t('ltTaskLog.batchId') },
          ]}
          data-testid="apply-tasks"
        />
      )}
      {current && <TaskPanel key={current} batchId={current} onRetried={(batchId) => setCurrent(batchId)} />}
      {control.holder}
    </div>
  );
}
