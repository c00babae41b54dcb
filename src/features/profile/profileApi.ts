import { apiSlice } from '../../api/apiSlice';
import { invalidates } from '../../api/tags';
import type { Envelope, User } from '../../api/types';
import { userUpdated } from '../../session/sessionSlice';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Keeps the stored user in step with what the server says about the signed-in user. */
async function storeUser({
  dispatch,
  queryFulfilled,
}: {
  dispatch: (a: unknown) => unknown;
  queryFulfilled: Promise<{ data: Envelope<User> }>;
}) {
  try {
    const { data } = await queryFulfilled;
    if (data.data) dispatch(userUpdated(data.data));
  } catch {
    // The screen shows the failure.
  }
}

export const profileApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Envelope<User>, void>({
      query: () => '/user/profile',
      providesTags: [{ type: 'users', id: 'ME' }],
      onQueryStarted: (_arg, api) => storeUser(api),
    }),
    updateProfile: build.mutation<Envelope<User>, { name: string; email: string }>({
      query: (body) => ({ url: '/user/updateprofile', method: 'POST', body }),
      invalidatesTags: invalidates(() => [{ type: 'users', id: 'ME' }]),
      onQueryStarted: (_arg, api) => storeUser(api),
    }),
    updatePassword: build.mutation<Envelope, PasswordChange>({
      query: (body) => ({ url: '/user/updatepassword', method: 'POST', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useUpdatePasswordMutation } =
  profileApi;
