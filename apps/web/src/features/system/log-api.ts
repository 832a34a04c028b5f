import { type DataEnvelope, http } from '../../shared/request';

export interface LoginLog {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  /** '0' success, '1' fail */
  status: '0' | '1';
  msg: string;
  loginTime: string;
}

export interface OperLog {
  operId: number;
  title: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operatorType?: number;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operLocation: string;
  operParam: string;
  jsonResult: string;
  /** 0 success, 1 fail */
  status: number;
  errorMsg: string;
  operTime: string;
  costTime: number;
}

export interface DeviceLog {
  logId: number;
  deviceId?: number | null;
  deviceUid: string;
  deviceName: string;
  action: string;
  operName: string;
  requestIp: string;
  method: string;
  headers: string;
  request: string;
  response: string;
  /** 0 success, 1 fail, 2 pending */
  status: number;
  consumeTime: number | null;
  batchId: string;
  batchCount: number;
  createTime: string;
  finishTime: string | null;
}

export const loginLogApi = {
  listUrl: '/monitor/logininfor/list',
  exportUrl: '/monitor/logininfor/export',
  remove: (ids: readonly (number | string)[]) => http.del(`/monitor/logininfor/${ids.join(',')}`),
  clean: () => http.del('/monitor/logininfor/clean'),
  unlock: (userName: string) => http.get(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`),
};

/** The operation log and the user operation log (operations of customer users) share one shape. */
export function operLogApi(kind: 'operlog' | 'userlog') {
  return {
    listUrl: `/monitor/${kind}/list`,
    exportUrl: `/monitor/${kind}/export`,
    get: (operId: number) => http.get<DataEnvelope<OperLog>>(`/monitor/${kind}/${operId}`),
    remove: (ids: readonly (number | string)[]) => http.del(`/monitor/operlog/${ids.join(',')}`),
    clean: () => http.del('/monitor/operlog/clean'),
  };
}

export const deviceLogApi = {
  listUrl: '/monitor/devicelog/list',
  exportUrl: '/monitor/devicelog/export',
  get: (logId: number) => http.get<DataEnvelope<DeviceLog>>(`/monitor/devicelog/${logId}`),
};
