import { BulbOutlined, FormatPainterOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Input, Radio, Row, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ArgsIssue,
  checkArgs,
  describeArgs,
  exampleArgs,
  INVOKE_TARGET_MAX,
  joinInvokeTarget,
  prettyJson,
  splitInvokeTarget,
} from '../../../../features/monitor/invoke-target';
import { type JobBody, type JobHandlerInfo, jobApi } from '../../../../features/monitor/job-api';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { RequestError } from '../../../../shared/request';
import { CronInput } from './CronInput';
import { checkCron } from './cron';

/** The form's own shape: the invoke target is edited as a handler and its JSON arguments. */
export interface JobForm {
  jobName: string;
  jobGroup: string;
  handler: string;
  args: string;
  cronExpression: string;
  misfirePolicy: JobBody['misfirePolicy'];
  concurrent: JobBody['concurrent'];
  status: JobBody['status'];
  remark?: string;
}

export const EMPTY_JOB: JobForm = {
  jobName: '',
  jobGroup: 'DEFAULT',
  handler: '',
  args: '',
  cronExpression: '',
  misfirePolicy: '3',
  concurrent: '1',
  status: '0',
  remark: '',
};

export function toForm(job: JobBody): JobForm {
  const { handler, args } = splitInvokeTarget(job.invokeTarget);
  return {
    jobName: job.jobName,
    jobGroup: job.jobGroup,
    handler,
    args,
    cronExpression: job.cronExpression,
    misfirePolicy: job.misfirePolicy,
    concurrent: job.concurrent,
    status: job.status,
    remark: job.remark ?? '',
  };
}

export function toJob(form: JobForm, jobId?: number): JobBody {
  return {
    jobId,
    jobName: form.jobName.trim(),
    jobGroup: form.jobGroup,
    invokeTarget: joinInvokeTarget(form.handler, form.args ?? ''),
    cronExpression: form.cronExpression.trim(),
    misfirePolicy: form.misfirePolicy,
    concurrent: form.concurrent,
    status: form.status,
    remark: form.remark ?? '',
  };
}

export function issueText(issue: ArgsIssue, t: (key: string, options?: Record<string, unknown>) => string): string {
  return t(`job.argsIssue.${issue.kind}`, issue);
}

/** Registered handlers, asked once per dialog opening. */
export function useJobHandlers(open: boolean): { handlers: JobHandlerInfo[]; loading: boolean } {
  const [handlers, setHandlers] = useState<JobHandlerInfo[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    jobApi
      .handlers()
      .then((res) => alive && setHandlers(res.data ?? []))
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [open]);
  return { handlers, loading };
}

interface JobDialogProps {
  /** null: closed; a job without id: add */
  job: JobBody | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a scheduled job: handler from the registry, JSON arguments, a live-checked cron. */
export function JobDialog({ job, onClose, onSaved }: JobDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<JobForm>();
  const [saving, setSaving] = useState(false);
  const open = !!job;
  const { handlers, loading } = useJobHandlers(open);
  const groups = useDict('sys_job_group');
  const misfire = useDict('sys_job_misfire_policy');
  const concurrent = useDict('sys_job_concurrent');
  const status = useDict('sys_job_status');
  const handlerName = Form.useWatch('handler', form);
  const args = Form.useWatch('args', form);
  const current = useMemo(() => handlers.find((h) => h.name === handlerName), [handlers, handlerName]);
  const argDocs = useMemo(() => describeArgs(current?.argsSchema), [current]);
  const target = handlerName ? joinInvokeTarget(handlerName, args ?? '') : '';

  useEffect(() => {
    if (job) form.setFieldsValue(job.jobId ? toForm(job) : EMPTY_JOB);
  }, [job, form]);

  const pickHandler = (name: string) => {
    const previous = handlers.find((h) => h.name === form.getFieldValue('handler'));
    const next = handlers.find((h) => h.name === name);
    const text = (form.getFieldValue('args') as string | undefined)?.trim() ?? '';
    // the example of the handler replaces the arguments only when the user has not written their own
    if (!text || text === exampleArgs(previous?.example).trim()) form.setFieldValue('args', exampleArgs(next?.example));
    if (!form.getFieldValue('jobName') && next) form.setFieldValue('jobName', next.description.slice(0, 64));
  };

  const formatArgs = () => {
    const text = (form.getFieldValue('args') as string | undefined) ?? '';
    try {
      if (text.trim()) form.setFieldValue('args', prettyJson(JSON.parse(text)));
    } catch {
      void form.validateFields(['args']);
    }
  };

  const submit = async () => {
    let values: JobForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toJob(values, job?.jobId);
      if (job?.jobId) await jobApi.update(body);
      else await jobApi.add(body);
      message.success(job?.jobId ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={open}
      title={job?.jobId ? t('job.editTitle') : t('job.addTitle')}
      width={880}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="job-dialog"
    >
      <Form<JobForm> form={form} labelCol={{ flex: '120px' }} initialValues={EMPTY_JOB} onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="jobName"
              label={t('job.jobName')}
              rules={[
                { required: true, whitespace: true, message: t('job.jobNameRequired') },
                { max: 64, message: t('job.maxLength', { max: 64 }) },
              ]}
            >
              <Input maxLength={64} placeholder={t('common.inputPlaceholder', { label: t('job.jobName') })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="jobGroup" label={t('job.jobGroup')}>
              <Select options={groups.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="handler"
              label={t('job.handler')}
              rules={[{ required: true, message: t('job.handlerRequired') }]}
            >
              <Select
                showSearch={{
                  optionFilterProp: 'search',
                }}
                loading={loading}
                placeholder={t('job.handlerPlaceholder')}
                onChange={pickHandler}
                notFoundContent={loading ? undefined : t('job.noHandlers')}
                data-testid="job-handler"
                options={handlers.map((handler) => ({
                  value: handler.name,
                  search: `${handler.name} ${handler.description}`,
                  label: (
                    <span>
                      <Typography.Text code>{handler.name}</Typography.Text>{' '}
                      <Typography.Text type="secondary">{handler.description}</Typography.Text>
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="args"
              label={t('job.args')}
              dependencies={['handler']}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const issues = checkArgs(value ?? '', current?.argsSchema);
                    if (issues.length) throw new Error(issues.map((issue) => issueText(issue, t)).join('; '));
                    const joined = joinInvokeTarget(form.getFieldValue('handler') ?? '', value ?? '');
                    if (joined.length > INVOKE_TARGET_MAX)
                      throw new Error(t('job.targetTooLong', { max: INVOKE_TARGET_MAX }));
                  },
                },
              ]}
              extra={
                <Space size={4} wrap>
                  <Button
                    size="small"
                    type="link"
                    icon={<BulbOutlined />}
                    disabled={!current}
                    onClick={() => form.setFieldValue('args', exampleArgs(current?.example))}
                  >
                    {t('job.useExample')}
                  </Button>
                  <Button size="small" type="link" icon={<FormatPainterOutlined />} onClick={formatArgs}>
                    {t('job.formatJson')}
                  </Button>
                  {target && (
                    <Typography.Text type="secondary" data-testid="job-invoke-target">
                      {t('job.invokeTarget')}: <Typography.Text code>{target}</Typography.Text>
                    </Typography.Text>
                  )}
                </Space>
              }
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 10 }}
                placeholder={current && argDocs.length === 0 ? t('job.noArgs') : '{ }'}
                style={{ fontFamily: 'monospace' }}
                spellCheck={false}
                data-testid="job-args"
              />
            </Form.Item>
          </Col>
          {argDocs.length > 0 && (
            <Col span={24}>
              <Form.Item label={t('job.argsHelp')}>
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={argDocs}
                  columns={[
                    {
                      key: 'name',
                      dataIndex: 'name',
                      title: t('job.argName'),
                      render: (v: string) => <code>{v}</code>,
                    },
                    { key: 'type', dataIndex: 'type', title: t('job.argType') },
                    {
                      key: 'range',
                      title: t('job.argRange'),
                      render: (_: unknown, doc) =>
                        doc.allowed ?? (doc.min || doc.max ? `${doc.min ?? ''} – ${doc.max ?? ''}` : '-'),
                    },
                    {
                      key: 'default',
                      dataIndex: 'defaultValue',
                      title: t('job.argDefault'),
                      render: (v?: string) => v ?? '-',
                    },
                    {
                      key: 'required',
                      dataIndex: 'required',
                      title: t('job.argRequired'),
                      render: (v: boolean) => (v ? t('job.yes') : t('job.no')),
                    },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item
              name="cronExpression"
              label={t('job.cronExpression')}
              hasFeedback
              validateDebounce={300}
              rules={[
                { required: true, whitespace: true, message: t('job.cronRequired') },
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value?.trim()) return;
                    try {
                      await checkCron(value);
                    } catch (error) {
                      if (error instanceof RequestError) throw new Error(error.message);
                      throw new Error(t('job.cronUnchecked'));
                    }
                  },
                },
              ]}
            >
              <CronInput />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="misfirePolicy" label={t('job.misfirePolicy')} tooltip={t('job.misfireHelp')}>
              <Radio.Group
                optionType="button"
                options={misfire.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="concurrent" label={t('job.concurrent')} tooltip={t('job.concurrentHelp')}>
              <Radio.Group
                optionType="button"
                options={concurrent.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('job.status')}>
              <Radio.Group options={status.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="remark"
              label={t('common.remark')}
              rules={[{ max: 500, message: t('job.maxLength', { max: 500 }) }]}
            >
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
