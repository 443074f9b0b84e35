import type {
  ConfirmBody,
  Credentials,
  LoginResponse,
  ResetPasswordBody,
  UsernameBody,
} from '../../contract/identity';
import type { MessageResponse } from '../../contract/wire';
import { fetchJson } from './fetch-json';

const post = <T = MessageResponse>(path: string, body: unknown) =>
  fetchJson<T>(path, { method: 'POST', body });

/** The public account endpoints of SPEC §7, plus logout. */
export const authApi = {
  signUp: (body: Credentials) => post('/public/signup', body),
  confirm: (body: ConfirmBody) => post('/public/confirm', body),
  resendConfirm: (body: UsernameBody) => post('/public/resend-confirm', body),
  logIn: (body: Credentials) => post<LoginResponse>('/public/login', body),
  forgotPassword: (body: UsernameBody) => post('/public/forgot-password', body),
  resetPassword: (body: ResetPasswordBody) => post('/public/reset-password', body),
  logOut: () => fetchJson<MessageResponse>('/api/logout'),
};
