import type { DeviceLogRow, LoginLogRow, OperLogRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** A sign-in as /monitor/logininfor answers it. */
export type LoginLog = LoginLogRow;

/** An operation as /monitor/operlog answers it. */
export type OperLog = OperLogRow;

/** A device call as /monitor/devicelog answers it. */
export type DeviceLog = DeviceLogRow;

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
