import type { JobLogRow, JobRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** The add/edit body: a job row whose server-filled fields (next fire time, running) are not known yet. */
export type JobBody = Partial<JobRow> &
  Pick<JobRow, 'jobName' | 'jobGroup' | 'invokeTarget' | 'cronExpression' | 'misfirePolicy' | 'concurrent' | 'status'>;

/** A JSON schema as zod renders a handler's arguments (the subset our handlers use). */
export interface ArgsSchema {
  type?: string | string[];
  properties?: Record<string, ArgsSchema>;
  required?: string[];
  additionalProperties?: boolean | ArgsSchema;
  items?: ArgsSchema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
}

export interface JobHandlerInfo {
  name: string;
  description: string;
  descriptionZh?: string;
  descriptionEn?: string;
  /** a complete invoke target with example arguments */
  example: string;
  argsSchema: ArgsSchema;
}

/** A run of a job as /monitor/jobLog answers it. */
export type SysJobLog = JobLogRow;

export const jobApi = {
  listUrl: '/monitor/job/list',
  exportUrl: '/monitor/job/export',
  get: (jobId: number) => http.get<DataEnvelope<JobRow>>(`/monitor/job/${jobId}`),
  add: (job: JobBody) => http.post<DataEnvelope<{ jobId: number }>>('/monitor/job', job),
  update: (job: JobBody) => http.put('/monitor/job', job),
  remove: (ids: readonly (number | string)[]) => http.del(`/monitor/job/${ids.join(',')}`),
  changeStatus: (jobId: number, status: string) => http.put('/monitor/job/changeStatus', { jobId, status }),
  run: (jobId: number, jobGroup?: string) => http.put('/monitor/job/run', { jobId, jobGroup }),
  handlers: () => http.get<DataEnvelope<JobHandlerInfo[]>>('/monitor/job/handlers'),
  /** Validates the expression on the server; silent: the caller shows the reason beside the input. */
  nextFireTimes: (cronExpression: string, count = 5, signal?: AbortSignal) =>
    http.get<DataEnvelope<string[]>>('/monitor/job/cron/next', { cronExpression, count }, { silent: true, signal }),
};

export const jobLogApi = {
  listUrl: '/monitor/jobLog/list',
  exportUrl: '/monitor/jobLog/export',
  get: (jobLogId: number) => http.get<DataEnvelope<SysJobLog>>(`/monitor/jobLog/${jobLogId}`),
  remove: (ids: readonly (number | string)[]) => http.del(`/monitor/jobLog/${ids.join(',')}`),
  /** Without a job: every log row goes. */
  clean: (jobId?: number) =>
    http.del<DataEnvelope<{ removed: number }>>(
      jobId ? `/monitor/jobLog/clean?jobId=${jobId}` : '/monitor/jobLog/clean',
    ),
};
