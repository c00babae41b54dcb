import type { z } from 'zod';
import type {
  ProfileAnswer as UpdateAnswer,
  UpdatePassword,
  UpdateProfile,
  UserAnswer,
} from '../../../contract/api/auth';
import type { Message } from '../../../contract/api/fields';
import type {
  UpiSettingsAnswer,
  UpiSettingsFields,
  UpiSettingsSaved,
} from '../../../contract/api/khata';
import { request } from '../../api/endpoint';
import { sendBody } from '../../api/recordMutations';
import { injectEndpoints } from '../../api/apiSlice';
import type { Tag } from '../../api/tags';
import { userUpdated } from '../../session/sessionSlice';

type ProfileAnswer = z.output<typeof UserAnswer>;
/** The signed-in user's cache tag. */
const ME: Tag = { type: 'users', id: 'ME' };

/** Keeps the stored user in step with what the server says about the signed-in user. */
async function storeUser({
  dispatch,
  queryFulfilled,
}: {
  dispatch: (a: unknown) => unknown;
  queryFulfilled: Promise<{ data: ProfileAnswer }>;
}) {
  try {
    const { data } = await queryFulfilled;
    dispatch(userUpdated(data.data));
  } catch {
    // The screen shows the failure.
  }
}

export const profileApi = injectEndpoints((build) => ({
  getProfile: build.query<ProfileAnswer, void>({
    query: () => request('getProfile'),
    providesTags: [ME],
    onQueryStarted: (_arg, api) => storeUser(api),
  }),
  updateProfile: build.mutation<z.output<typeof UpdateAnswer>, z.input<typeof UpdateProfile>>({
    ...sendBody('updateProfile', [ME]),
    onQueryStarted: (_arg, api) => storeUser(api),
  }),
  updatePassword: build.mutation<z.output<typeof Message>, z.input<typeof UpdatePassword>>(
    // A changed password ends the other sessions and may lift what was pending.
    sendBody('updatePassword', ['account', ME]),
  ),
  /** The UPI ID reminders ask to be paid to. */
  getUpiSettings: build.query<z.output<typeof UpiSettingsAnswer>, void>({
    query: () => request('getUpiSettings'),
    providesTags: ['account'],
  }),
  saveUpiSettings: build.mutation<
    z.output<typeof UpiSettingsSaved>,
    z.input<typeof UpiSettingsFields>
  >(sendBody('saveUpiSettings', ['account'])),
}));

export const {
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useUpdateProfileMutation,
  useUpdatePasswordMutation,
  useGetUpiSettingsQuery,
  useSaveUpiSettingsMutation,
} = profileApi;
