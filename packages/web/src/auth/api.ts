import type {
  CompanyDisplay,
  ExpiredPasswordBody,
  LoginBody,
  LoginResult,
  MenuNode,
  UserInfo,
  WechatLoginResult,
} from '@headway/server/contract';
import { http } from '../api/client';

export type { CompanyDisplay };

export const authApi = {
  companyDisplay: () => http.get<CompanyDisplay>('/company/display', undefined, { silent: true }),
  login: (body: LoginBody) => http.post<LoginResult>('/login', body, { silent: true }),
  logout: () => http.get<null>('/logout', undefined, { silent: true, timeout: 1000 }),
  changeExpiredPassword: (body: ExpiredPasswordBody) => http.post<null>('/login/password', body),
  wechat: (code: string) => http.get<WechatLoginResult>('/login/wechat', { code }, { silent: true }),
  userInfo: () => http.get<UserInfo>('/owner/user/info', undefined, { silent: true }),
  menu: () => http.get<MenuNode[]>('/vue/routes', undefined, { silent: true }),
};
