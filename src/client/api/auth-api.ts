import { fetchJson } from './fetch-json';

/** Every successful account call answers with a message to show. */
export interface MessageResponse {
  message: string;
}

export interface LoginResponse extends MessageResponse {
  username: string;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface ResetPasswordBody extends Credentials {
  confirm_password: string;
  id: string;
}

const post = <T = MessageResponse>(path: string, body: unknown) =>
  fetchJson<T>(path, { method: 'POST', body });

/** The public account endpoints of SPEC §7, plus logout. */
export const authApi = {
  signUp: (body: Credentials) => post('/public/signup', body),
  confirm: (body: { username: string; code: string }) => post('/public/confirm', body),
  resendConfirm: (body: { username: string }) => post('/public/resend-confirm', body),
  logIn: (body: Credentials) => post<LoginResponse>('/public/login', body),
  forgotPassword: (body: { username: string }) => post('/public/forgot-password', body),
  resetPassword: (body: ResetPasswordBody) => post('/public/reset-password', body),
  logOut: () => fetchJson<MessageResponse>('/api/logout'),
};
