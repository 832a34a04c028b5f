import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobBody, type JobHandlerInfo, jobApi } from '../../../../features/monitor/job-api';
import { RequestError } from '../../../../shared/request';
import { CronInput } from './CronInput';
import { clearCronCache } from './cron';
import { JobDialog, toForm, toJob } from './JobDialog';

vi.mock('../../../../shared/dict', () => ({
  useDict: (type: string) =>
    ({
      sys_job_group: [{ dictLabel: '默认', dictValue: 'DEFAULT' }],
      sys_job_misfire_policy: [{ dictLabel: '放弃执行', dictValue: '3' }],
      sys_job_concurrent: [{ dictLabel: '禁止', dictValue: '1' }],
      sys_job_status: [{ dictLabel: '正常', dictValue: '0' }],
    })[type] ?? [],
}));

const HANDLERS: JobHandlerInfo[] = [
  {
    name: 'log.clean',
    description: '清理N天前的日志',
    example: 'log.clean {"days":90}',
    argsSchema: {
      type: 'object',
      properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 90 } },
      additionalProperties: false,
    },
  },
];

/** jsdom renders antd dialogs slowly on a busy machine */
const SLOW = { timeout: 15_000 };

const TIMES = ['2026-01-01 02:00:00', '2026-01-02 02:00:00'];

const JOB: JobBody = {
  jobId: 5,
  jobName: '清理日志',
  jobGroup: 'DEFAULT',
  invokeTarget: 'log.clean {"days":0}',
  cronExpression: '0 0 2 * * ?',
  misfirePolicy: '3',
  concurrent: '1',
  status: '0',
  remark: '',
};

beforeEach(() => {
  clearCronCache();
  vi.spyOn(jobApi, 'handlers').mockResolvedValue({ code: 200, data: HANDLERS });
  vi.spyOn(jobApi, 'nextFireTimes').mockImplementation(async (expression: string) => {
    if (expression.split(/\s+/).length < 6) throw new RequestError('Cron表达式须为6或7个字段', 500);
    return { code: 200, data: TIMES };
  });
});
afterEach(() => vi.restoreAllMocks());

describe('job form mapping', () => {
  it('edits the invoke target as a handler and JSON arguments, and saves it compact', () => {
    const form = toForm(JOB);
    expect(form.handler).toBe('log.clean');
    expect(JSON.parse(form.args)).toEqual({ days: 0 });
    const job = toJob({ ...form, args: '{\n  "days": 30\n}', jobName: '  清理日志 ' }, 5);
    expect(job.invokeTarget).toBe('log.clean {"days":30}');
    expect(job.jobName).toBe('清理日志');
    expect(job.jobId).toBe(5);
  });
});

function CronHarness() {
  const [value, setValue] = useState('');
  return <CronInput value={value} onChange={setValue} showError />;
}

describe('CronInput', { timeout: 30_000 }, () => {
  it('asks the server once, after the user stops typing, and lists the next fire times', async () => {
    render(<CronHarness />);
    const input = screen.getByTestId('cron-expression');
    for (const text of ['0', '0 0', '0 0 2 * * ?']) fireEvent.change(input, { target: { value: text } });
    expect(await screen.findByTestId('cron-next-times', {}, SLOW)).toBeTruthy();
    expect(jobApi.nextFireTimes).toHaveBeenCalledTimes(1);
    expect(jobApi.nextFireTimes).toHaveBeenCalledWith('0 0 2 * * ?', 5);
    expect(screen.getByText(TIMES[1]!)).toBeTruthy();
  });

  it("shows the server's reason for a bad expression", async () => {
    render(<CronHarness />);
    fireEvent.change(screen.getByTestId('cron-expression'), { target: { value: '0 0 2' } });
    expect(await screen.findByText('Cron表达式须为6或7个字段', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('cron-next-times')).toBeNull();
  });
});

describe('JobDialog', { timeout: 60_000 }, () => {
  it('refuses arguments the handler schema rejects, then saves the fixed job', async () => {
    const update = vi.spyOn(jobApi, 'update').mockResolvedValue({ code: 200 });
    const onSaved = vi.fn();
    render(
      <App>
        <JobDialog job={JOB} onClose={() => undefined} onSaved={onSaved} />
      </App>,
    );
    await waitFor(() => expect(jobApi.handlers).toHaveBeenCalled(), SLOW);
    await screen.findByTestId('cron-next-times', {}, SLOW);
    const ok = screen.getByRole('button', { name: /确\s*定/ });
    await act(async () => fireEvent.click(ok));
    expect(await screen.findByText('days 应在 1 到 3650 之间', {}, SLOW)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('job-args'), { target: { value: '{"days": 30}' } });
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), SLOW);
    expect(update.mock.calls[0]![0]).toMatchObject({
      jobId: 5,
      invokeTarget: 'log.clean {"days":30}',
      cronExpression: '0 0 2 * * ?',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
  });

  it('offers the handler example and shows the resulting invoke target', async () => {
    render(
      <App>
        <JobDialog job={{ ...JOB, invokeTarget: 'log.clean' }} onClose={() => undefined} onSaved={() => undefined} />
      </App>,
    );
    const example = await screen.findByRole('button', { name: /填入示例参数/ }, SLOW);
    await waitFor(() => expect((example as HTMLButtonElement).disabled).toBe(false), SLOW);
    fireEvent.click(example);
    await waitFor(
      () => expect(screen.getByTestId('job-invoke-target').textContent).toContain('log.clean {"days":90}'),
      SLOW,
    );
  });
});
