import type { ChangePasswordBody, ProfileBody, UserInfo } from '@headway/server/contract';
import { http } from '../../api/client';

export type ProfileUpdate = ProfileBody;

export const profileApi = {
  update: (body: ProfileBody) => http.put<UserInfo>('/owner/user/info', body),
  changePassword: (body: ChangePasswordBody) => http.put<null>('/owner/user/pwd', body),
};
