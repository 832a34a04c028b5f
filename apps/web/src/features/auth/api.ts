import { CAPTCHA_TIMEOUT_MS, SYSTEM_ID } from '../../shared/constants';
import { type DataEnvelope, type Envelope, http, type TableEnvelope } from '../../shared/request';
import type { Customer, LinkedSystem, PlatformSettings, Project, Role, ServerRoute, UserInfo } from './types';

export interface CaptchaResponse extends Envelope {
  captchaEnabled?: boolean;
  uuid?: string;
  img?: string;
}

export interface LoginForm {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface InfoResponse extends Envelope {
  user: UserInfo & { roles?: Role[] };
  roles: string[];
  permissions: string[];
  /** the user still holds an initial password and must replace it before anything else */
  isDefaultModifyPwd?: boolean;
  isPasswordExpired?: boolean;
}

export const authApi = {
  captcha: () =>
    http.get<CaptchaResponse>('/captchaImage', undefined, { withToken: false, timeout: CAPTCHA_TIMEOUT_MS }),
  login: (form: LoginForm) =>
    http.post<Envelope & { token: string }>('/adminlogin', form, { withToken: false, repeatSubmit: false }),
  register: (form: Record<string, unknown>) => http.post('/register', form, { withToken: false }),
  getInfo: () => http.get<InfoResponse>('/getInfo', { systemId: SYSTEM_ID }),
  userInfo: () => http.get<DataEnvelope<UserInfo>>('/info/user'),
  clientsWithExpire: () => http.get<DataEnvelope<Customer[]>>('/info/getClientsWithExpire'),
  enterSystem: () => http.get<DataEnvelope<LinkedSystem | null>>('/info/enterSystem'),
  customerSystems: (clientId: number) => http.get<DataEnvelope<LinkedSystem[]>>(`/info/${clientId}/systems`),
  customerProjects: (clientId: number) => http.get<DataEnvelope<Project[]>>(`/info/${clientId}/projects`),
  enabledSystems: () => http.get<TableEnvelope<LinkedSystem>>('/sysclient/system/list', { status: '0' }),
  logout: () => http.post<DataEnvelope<string | null>>('/logout', undefined, { repeatSubmit: false }),
  /** the menus of every subsystem the user may enter, each subsystem's catalogues at the top */
  routers: () => http.get<DataEnvelope<ServerRoute[]>>('/routers'),
  /** Read by the login page before anyone signs in: failures fall back to built-in branding. */
  platform: () =>
    http.get<DataEnvelope<PlatformSettings | null>>('/sysclient/sysPlatform', undefined, { silent: true }),
};
