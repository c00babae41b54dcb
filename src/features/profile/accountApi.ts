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
import { request } from '../../api/endpoint';
import { onRecordId, sendBody } from '../../api/recordMutations';
import { injectEndpoints } from '../../api/apiSlice';
import { invalidates, type Tag } from '../../api/tags';

export type SessionInfo = z.output<typeof SessionList>['data'][number];
export type SignIn = z.output<typeof SignInList>['data'][number];
type MessageAnswer = z.output<typeof Message>;
type Codes = z.output<typeof RecoveryCodes>;

const ACCOUNT: Tag[] = ['account'];
/** Two-factor changes what the profile says (on, pending) and the account's sections. */
const ACCOUNT_AND_ME: Tag[] = ['account', { type: 'users', id: 'ME' }];

/** The signed-in user's sessions, sign-in history and second factor (Profile). */
export const accountApi = injectEndpoints((build) => ({
  getSessions: build.query<z.output<typeof SessionList>, void>({
    query: () => request('listSessions'),
    providesTags: ACCOUNT,
  }),
  endSession: build.mutation<MessageAnswer, string>(onRecordId('endSession', () => ACCOUNT)),
  endOtherSessions: build.mutation<MessageAnswer, void>({
    query: () => request('endOtherSessions'),
    invalidatesTags: invalidates(() => ACCOUNT),
  }),
  getSignIns: build.query<z.output<typeof SignInList>, void>({
    query: () => request('listSignIns'),
    providesTags: ACCOUNT,
  }),
  getTwoFactor: build.query<z.output<typeof TwoFactorStatus>, void>({
    query: () => request('getTwoFactor'),
    providesTags: ACCOUNT,
  }),
  startTwoFactor: build.mutation<z.output<typeof TwoFactorSetup>, z.input<typeof PasswordCheck>>({
    query: (body) => request('startTwoFactor', { body }),
  }),
  confirmTwoFactor: build.mutation<Codes, z.input<typeof TwoFactorConfirm>>(
    sendBody('confirmTwoFactor', ACCOUNT_AND_ME),
  ),
  disableTwoFactor: build.mutation<MessageAnswer, z.input<typeof TwoFactorDisable>>(
    sendBody('disableTwoFactor', ACCOUNT_AND_ME),
  ),
  newRecoveryCodes: build.mutation<Codes, z.input<typeof TwoFactorDisable>>(
    sendBody('newRecoveryCodes', ACCOUNT),
  ),
  setTwoFactorPolicy: build.mutation<MessageAnswer, z.input<typeof TwoFactorPolicy>>(
    sendBody('setTwoFactorPolicy', [{ type: 'users', id: 'ME' }]),
  ),
}));

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
