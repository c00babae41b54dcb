import type { z } from 'zod';
import type {
  ForgotPassword,
  Login,
  LoginAnswer,
  LoginCode,
  Register,
  ResetPassword,
  SessionAnswer,
} from '../../contract/api/auth';
import type { ConfirmEmail, RevertEmail } from '../../contract/api/account';
import type { Message } from '../../contract/api/fields';
import { apiSlice } from './apiSlice';

type MessageAnswer = z.output<typeof Message>;

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<z.output<typeof LoginAnswer>, z.input<typeof Login>>({
      query: (body) => ({ url: '/user/loginuser', method: 'POST', body }),
    }),
    loginWithCode: build.mutation<z.output<typeof SessionAnswer>, z.input<typeof LoginCode>>({
      query: (body) => ({ url: '/user/loginuser/code', method: 'POST', body }),
    }),
    confirmEmail: build.mutation<MessageAnswer, z.input<typeof ConfirmEmail>>({
      query: (body) => ({ url: '/user/email/confirm', method: 'POST', body }),
      // Whoever is signed in here may be the one whose e-mail it now is.
      invalidatesTags: [{ type: 'users', id: 'ME' }],
    }),
    revertEmail: build.mutation<MessageAnswer, z.input<typeof RevertEmail>>({
      query: (body) => ({ url: '/user/email/revert', method: 'POST', body }),
    }),
    register: build.mutation<MessageAnswer, z.input<typeof Register>>({
      query: (body) => ({ url: '/user/registeruser', method: 'POST', body }),
    }),
    logout: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<MessageAnswer, z.input<typeof ForgotPassword>>({
      query: (body) => ({ url: '/user/forgotpassword', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, z.input<typeof ResetPassword>>({
      query: (body) => ({ url: '/user/resetpassword', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginWithCodeMutation,
  useConfirmEmailMutation,
  useRevertEmailMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
