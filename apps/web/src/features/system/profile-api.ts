import { type DataEnvelope, http } from '../../shared/request';
import type { UserInfo } from '../auth/types';

export interface ProfileResponse extends DataEnvelope<UserInfo> {
  roleGroup?: string;
  postGroup?: string;
}

export const profileApi = {
  get: () => http.get<ProfileResponse>('/system/user/profile'),
  update: (values: Pick<UserInfo, 'nickName' | 'phonenumber' | 'email' | 'sex'>) =>
    http.put('/system/user/profile', values),
  updatePwd: (oldPassword: string, newPassword: string) =>
    http.put('/system/user/profile/updatePwd', { oldPassword, newPassword }),
  avatarUrl: '/system/user/profile/avatar',
};
