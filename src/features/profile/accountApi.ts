import type { z } from 'zod';
import type {
  PasswordCheck,
  RecoveryCodes,
  SessionList,
  SignInList,
  TwoFactorConfirm,
  TwoFactorDisable,
  TwoFactorPolicy,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../contract/api/account';
import type { Message } from '../../../contract/api/fields';
import { apiSlice } from '../../api/apiSlice';
import { invalidates, withSyncedMutations, type Tag } from '../../api/tags';

export type SessionInfo = z.output<typeof SessionList>['data'][number];
export type SignIn = z.output<typeof SignInList>['data'][number];
type MessageAnswer = z.output<typeof Message>;

const ACCOUNT: Tag[] = ['account'];
/** Two-factor changes what the profile says (on, pending) and the account's sections. */
const ACCOUNT_AND_ME: Tag[] = ['account', { type: 'users', id: 'ME' }];

/** The signed-in user's sessions, sign-in history and second factor (Profile). */
export const accountApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getSessions: build.query<z.output<typeof SessionList>, void>({
        query: () => '/user/sessions',
        providesTags: ACCOUNT,
      }),
      endSession: build.mutation<MessageAnswer, string>({
        query: (id) => ({ url: `/user/sessions/${encodeURIComponent(id)}/end`, method: 'POST' }),
        invalidatesTags: invalidates(() => ACCOUNT),
      }),
      endOtherSessions: build.mutation<MessageAnswer, void>({
        query: () => ({ url: '/user/sessions/end-others', method: 'POST' }),
        invalidatesTags: invalidates(() => ACCOUNT),
      }),
      getSignIns: build.query<z.output<typeof SignInList>, void>({
        query: () => '/user/signins',
        providesTags: ACCOUNT,
      }),
      getTwoFactor: build.query<z.output<typeof TwoFactorStatus>, void>({
        query: () => '/user/two-factor',
        providesTags: ACCOUNT,
      }),
      startTwoFactor: build.mutation<
        z.output<typeof TwoFactorSetup>,
        z.input<typeof PasswordCheck>
      >({ query: (body) => ({ url: '/user/two-factor/setup', method: 'POST', body }) }),
      confirmTwoFactor: build.mutation<
        z.output<typeof RecoveryCodes>,
        z.input<typeof TwoFactorConfirm>
      >({
        query: (body) => ({ url: '/user/two-factor/confirm', method: 'POST', body }),
        invalidatesTags: invalidates(() => ACCOUNT_AND_ME),
      }),
      disableTwoFactor: build.mutation<MessageAnswer, z.input<typeof TwoFactorDisable>>({
        query: (body) => ({ url: '/user/two-factor/disable', method: 'POST', body }),
        invalidatesTags: invalidates(() => ACCOUNT_AND_ME),
      }),
      newRecoveryCodes: build.mutation<
        z.output<typeof RecoveryCodes>,
        z.input<typeof TwoFactorDisable>
      >({
        query: (body) => ({ url: '/user/two-factor/recovery-codes', method: 'POST', body }),
        invalidatesTags: invalidates(() => ACCOUNT),
      }),
      setTwoFactorPolicy: build.mutation<MessageAnswer, z.input<typeof TwoFactorPolicy>>({
        query: (body) => ({ url: '/company/two-factor-policy', method: 'POST', body }),
        invalidatesTags: invalidates(() => [{ type: 'users', id: 'ME' }]),
      }),
    }),
});

export const {
  useGetSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useGetSignInsQuery,
  useGetTwoFactorQuery,
  useStartTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useNewRecoveryCodesMutation,
  useSetTwoFactorPolicyMutation,
} = accountApi;
