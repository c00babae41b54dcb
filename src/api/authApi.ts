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
import { request } from './endpoint';
import { apiSlice, READ_TIMEOUT_MS } from './apiSlice';

/** How long Logout waits for the server before the tab signs out anyway. */
const LOGOUT_TIMEOUT_MS = 10_000;

type MessageAnswer = z.output<typeof Message>;

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // A sign-in waits as long as a read: someone is at the form, and trying again is safe.
    login: build.mutation<z.output<typeof LoginAnswer>, z.input<typeof Login>>({
      query: (body) => ({ ...request('login', { body }), timeout: READ_TIMEOUT_MS }),
    }),
    loginWithCode: build.mutation<z.output<typeof SessionAnswer>, z.input<typeof LoginCode>>({
      query: (body) => ({ ...request('loginWithCode', { body }), timeout: READ_TIMEOUT_MS }),
    }),
    confirmEmail: build.mutation<MessageAnswer, z.input<typeof ConfirmEmail>>({
      query: (body) => request('confirmEmail', { body }),
      // Whoever is signed in here may be the one whose e-mail it now is.
      invalidatesTags: [{ type: 'users', id: 'ME' }],
    }),
    revertEmail: build.mutation<MessageAnswer, z.input<typeof RevertEmail>>({
      query: (body) => request('revertEmail', { body }),
    }),
    register: build.mutation<MessageAnswer, z.input<typeof Register>>({
      query: (body) => request('registerAdmin', { body }),
    }),
    // The tab signs out once this ends, whatever its answer (useLogout): a stalled line must
    // not hold Logout for long.
    logout: build.mutation<MessageAnswer, void>({
      query: () => ({ ...request('logout'), timeout: LOGOUT_TIMEOUT_MS }),
    }),
    forgotPassword: build.mutation<MessageAnswer, z.input<typeof ForgotPassword>>({
      query: (body) => request('forgotPassword', { body }),
    }),
    resetPassword: build.mutation<MessageAnswer, z.input<typeof ResetPassword>>({
      query: (body) => request('resetPassword', { body }),
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
