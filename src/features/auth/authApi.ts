import type { LoginRole } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';
import type { Envelope, User } from '../../api/types';

export interface LoginRequest {
  email: string;
  password: string;
  userType: LoginRole;
  remember: boolean;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  cpassword: string;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Envelope<{ token: string; user: User }>, LoginRequest>({
      query: (body) => ({ url: '/user/loginuser', method: 'POST', body }),
    }),
    register: build.mutation<Envelope, RegisterRequest>({
      query: (body) => ({ url: '/user/registeruser', method: 'POST', body }),
    }),
    logout: build.mutation<Envelope, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<Envelope, { email: string }>({
      query: (body) => ({ url: '/user/forgotpassword', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Envelope, { token: string; password: string; cpassword: string }>(
      {
        query: (body) => ({ url: '/user/resetpassword', method: 'POST', body }),
      },
    ),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
