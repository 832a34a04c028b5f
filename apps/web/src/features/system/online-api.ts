import { http } from '../../shared/request';

export interface OnlineSession {
  tokenId: string;
  userName: string;
  deptName?: string;
  ipaddr?: string;
  loginLocation?: string;
  browser?: string;
  os?: string;
  loginTime?: string | number;
}

export const onlineApi = {
  listUrl: '/monitor/online/list',
  forceLogout: (tokenId: string) => http.del(`/monitor/online/${encodeURIComponent(tokenId)}`),
};
