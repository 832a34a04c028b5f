import type { DeviceModelRow, GroupRow, LocationRow, ServerRow, TagRow } from '@luxgrid/contracts/answers';
import {
  type DataEnvelope,
  type Envelope,
  http,
  type Params,
  type RequestOptions,
  type TableEnvelope,
} from '../../shared/request';
import type {
  CommandRow,
  ControlRequest,
  ControlResult,
  CreatedDevice,
  Credential,
  DeviceDetail,
  DeviceForm,
  DeviceModelForm,
  DeviceRow,
  GroupForm,
  ImportRecordRow,
  LocationForm,
  ServerForm,
  TagForm,
  TaskApplyRequest,
  TaskDetail,
  TelemetryPoint,
  TreePage,
} from './types';

const ids = (list: readonly (number | string)[]) => list.join(',');

/** Devices: list, lazy tree, detail, registry, credentials, control. */
export const deviceApi = {
  listUrl: '/lighting/device/list',
  exportUrl: '/lighting/device/export',
  list: (params: Params) =>
    http.get<TableEnvelope<DeviceRow> & { totalExact?: boolean }>('/lighting/device/list', params),
  tree: (params: { projectId?: number; parentId?: number; afterId?: number; limit?: number }) =>
    http.get<DataEnvelope<TreePage>>('/lighting/device/tree', params),
  get: (deviceId: number) => http.get<DataEnvelope<DeviceDetail>>(`/lighting/device/${deviceId}`),
  add: (body: DeviceForm) => http.post<DataEnvelope<CreatedDevice>>('/lighting/device', body),
  /** Code 601 (answered as is) means the model change must be confirmed. */
  update: (body: DeviceForm) => http.put<DataEnvelope<{ secret: string | null }>>('/lighting/device', body),
  remove: (deviceIds: readonly number[]) => http.del(`/lighting/device/${ids(deviceIds)}`),
  setTags: (deviceId: number, tagIds: number[]) => http.put('/lighting/device/tags', { deviceId, tagIds }),
  resetSecret: (deviceId: number) =>
    http.post<DataEnvelope<{ mqttUserName: string; secret: string }>>(`/lighting/device/${deviceId}/secret`),
  credentials: (deviceIds: number[]) =>
    http.post<DataEnvelope<Credential[]>>('/lighting/device/credentials', { deviceIds }),
  control: (body: ControlRequest) => http.post<DataEnvelope<ControlResult>>('/lighting/device/control', body),
};

/** Lists answer rows; add and edit send the form (a row before the server fills it in). */
function crud<Row, Form>(base: string, key: keyof Row & keyof Form) {
  return {
    listUrl: `${base}/list`,
    list: (params: Params, extra?: Partial<RequestOptions>) =>
      http.get<TableEnvelope<Row>>(`${base}/list`, params, extra),
    add: (body: Form) => http.post<DataEnvelope<Row>>(base, body),
    update: (body: Form) => http.put<Envelope>(base, body),
    remove: (list: readonly (number | string)[]) => http.del(`${base}/${ids(list)}`),
    key,
  };
}

export const modelApi = {
  ...crud<DeviceModelRow, DeviceModelForm>('/lighting/model', 'modelId'),
  exportUrl: '/lighting/model/export',
  get: (id: number) => http.get<DataEnvelope<DeviceModelRow>>(`/lighting/model/${id}`),
};
export const tagApi = crud<TagRow, TagForm>('/lighting/tag', 'tagId');
export const groupApi = {
  ...crud<GroupRow, GroupForm>('/lighting/group', 'groupId'),
  exportUrl: '/lighting/group/export',
  addMembers: (groupId: number, deviceIds: number[]) => http.post(`/lighting/group/${groupId}/members`, { deviceIds }),
  removeMembers: (groupId: number, deviceIds: readonly number[]) =>
    http.del(`/lighting/group/${groupId}/members/${ids(deviceIds)}`),
};
export const locationApi = {
  ...crud<LocationRow, LocationForm>('/lighting/location', 'locationId'),
  exportUrl: '/lighting/location/export',
};
export const serverApi = crud<ServerRow, ServerForm>('/lighting/server', 'serverId');

/** Runtime data and logs, commands, terminal configuration, batch queries. */
export const runtimeApi = {
  data: (params: { deviceId: number; beginTime: string; endTime: string; bucketSeconds?: number }) =>
    http.get<DataEnvelope<{ deviceId: number; bucketSeconds: number; points: TelemetryPoint[] }>>(
      '/lighting/runtime/data',
      params,
    ),
  logUrl: '/lighting/runtime/log/list',
  commandUrl: '/lighting/command/list',
  commandExportUrl: '/lighting/command/export',
  commands: (params: Params) => http.get<TableEnvelope<CommandRow>>('/lighting/command/list', params),
  cancel: (commandIds: readonly string[]) => http.put(`/lighting/command/cancel/${ids(commandIds)}`),
  terminalConfigUrl: '/lighting/terminalConfig/list',
  issueConfig: (body: { deviceIds: number[]; channel?: number; panid?: number }) =>
    http.post<DataEnvelope<ControlResult>>('/lighting/terminalConfig/issue', body),
  batchQueryUrl: '/lighting/batchQuery/list',
  batchQuery: (body: {
    projectId: number;
    name?: string;
    deviceIds?: number[];
    groupId?: number;
    deviceType?: string;
  }) => http.post<DataEnvelope<ControlResult>>('/lighting/batchQuery', body),
  gatewayStats: () => http.get<DataEnvelope<Record<string, unknown> | null>>('/lighting/gateway/stats'),
};

/** Batch import: per-type templates, tracked jobs, records and their row details. */
export const importApi = {
  templateUrl: '/lighting/import/template',
  uploadUrl: (deviceType: string, projectId: number) => `/lighting/import/${deviceType}?projectId=${projectId}`,
  progress: (recordId: number) =>
    http.get<DataEnvelope<ImportRecordRow>>(`/lighting/import/progress/${recordId}`, undefined, { silent: true }),
  recordUrl: '/lighting/import/importRecord',
  detailUrl: '/lighting/import/importRecordDetail/page',
  detailExportUrl: '/lighting/import/importRecordDetail/export',
};

/** Control tasks: apply to devices, groups, tags, boxes or a project; progress, cancel, retry the failed. */
export const taskApi = {
  listUrl: '/lighting/task/list',
  apply: (body: TaskApplyRequest) => http.post<DataEnvelope<ControlResult>>('/lighting/task', body),
  get: (batchId: string) =>
    http.get<DataEnvelope<TaskDetail>>(`/lighting/task/${batchId}`, undefined, { silent: true }),
  cancel: (batchId: string) => http.put<DataEnvelope<{ canceled: number }>>(`/lighting/task/${batchId}/cancel`),
  retry: (batchId: string, operatePwd?: string) =>
    http.post<DataEnvelope<ControlResult>>(`/lighting/task/${batchId}/retry`, { operatePwd }),
};
