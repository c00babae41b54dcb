import type { z } from 'zod';
import type { Message } from '../../contract/api/fields';
import type { AcceptInvite } from '../../contract/api/invites';
import type {
  EditCompany,
  EditUser,
  NewUser,
  PeopleListQuery,
  PeopleSort,
  Person as PersonSchema,
  PersonAnswer,
  PersonList,
  UserStatusBody,
} from '../../contract/api/people';
import type { CreatableRole } from '../../contract/enums';
import type { RouteId } from '../../contract/routes';
import { request } from './endpoint';
import { apiSlice, injectEndpoints } from './apiSlice';
import { changedTags, createdTags, invalidates, listTags } from './tags';
import type { ListParams } from './types';
import { pickedTags, pickerEndpoint, type PickerSearch } from './picker';

export type { PeopleSort };

/** Whom a people list shows: an admin's companies, or a company's PMs, TLs, employees… */
export type PeopleKind = CreatableRole;

/** A company, PM, TL, employee… as the lists show it (contract/api/people.ts). */
export type Person = z.output<typeof PersonSchema>;

/** A list's query; `companyId` is an admin narrowing to one of its companies. */
export interface PeopleArgs
  extends ListParams<PeopleSort>, Pick<z.output<typeof PeopleListQuery>, 'companyId'> {
  kind: PeopleKind;
}

/** The call that lists each kind. */
const LIST_CALL = {
  company: 'listCompanies',
  pm: 'listPms',
  tl: 'listTls',
  employee: 'listEmployees',
  team: 'listTeam',
  other: 'listOthers',
} as const satisfies Record<PeopleKind, RouteId>;

export const peopleApi = injectEndpoints((build) => ({
  getPeople: build.query<z.output<typeof PersonList>, PeopleArgs>({
    query: ({ kind, companyId, ...params }) =>
      request(LIST_CALL[kind], { query: { ...params, companyId: companyId || undefined } }),
    providesTags: listTags('users'),
  }),
  /** One person as their list shows them now, for an edit form's Reload: never cached. */
  getPerson: build.query<Person | null, { kind: PeopleKind; id: string }>({
    query: ({ kind, id }) => request(LIST_CALL[kind], { query: { id } }),
    transformResponse: (page: z.output<typeof PersonList>) => page.data[0] ?? null,
    keepUnusedDataFor: 0,
  }),
  createUser: build.mutation<z.output<typeof PersonAnswer>, z.input<typeof NewUser>>({
    query: (body) => request('createUser', { body }),
    invalidatesTags: invalidates(() => createdTags('users')),
  }),
  editUser: build.mutation<z.output<typeof PersonAnswer>, z.input<typeof EditUser>>({
    query: (body) => request('editUser', { body }),
    // A PM's new name shows in the project list too.
    invalidatesTags: invalidates((_r, arg) => [
      ...changedTags('users', arg._id),
      { type: 'project', id: 'LIST' },
    ]),
  }),
  editCompany: build.mutation<z.output<typeof PersonAnswer>, z.input<typeof EditCompany>>({
    query: (body) => request('editCompany', { body }),
    invalidatesTags: invalidates((_r, arg) => changedTags('users', arg._id)),
  }),
  /** Deactivates or reactivates: an admin its company, a company one of its people. */
  setUserStatus: build.mutation<
    z.output<typeof PersonAnswer>,
    { id: string } & z.input<typeof UserStatusBody>
  >({
    query: ({ id, status }) => request('setUserStatus', { params: { id }, body: { status } }),
    invalidatesTags: invalidates((_r, arg) => changedTags('users', arg.id)),
  }),
  /** Deactivates one of the company's people; `hard` deletes them for good. */
  deleteUser: build.mutation<z.output<typeof Message>, { id: string; hard?: boolean }>({
    query: ({ id, hard }) =>
      request('deleteUser', { params: { id }, query: hard ? { hard: 'true' } : undefined }),
    invalidatesTags: invalidates((_r, { id }) => [
      ...changedTags('users', id),
      { type: 'project', id: 'LIST' },
    ]),
  }),
  /** E-mails a fresh invite to a company or PM who has not set a password yet. */
  resendInvite: build.mutation<z.output<typeof Message>, { id: string }>({
    query: ({ id }) => request('resendInvite', { params: { id } }),
    // Their row reloads: it shows whether the invite is still pending.
    invalidatesTags: invalidates((_r, { id }) => [{ type: 'users', id }]),
  }),
  /** The invited person sets their own password (no session): their row is no longer pending. */
  acceptInvite: build.mutation<z.output<typeof Message>, z.input<typeof AcceptInvite>>({
    query: (body) => request('acceptInvite', { body }),
    invalidatesTags: invalidates(() => [{ type: 'users', id: 'LIST' }]),
  }),
}));

export const {
  useGetPeopleQuery,
  useLazyGetPersonQuery,
  useCreateUserMutation,
  useEditUserMutation,
  useEditCompanyMutation,
  useSetUserStatusMutation,
  useDeleteUserMutation,
  useResendInviteMutation,
  useAcceptInviteMutation,
} = peopleApi;

/** A picker's search: people of a kind whose name, e-mail… contains `search`. */
export type PeopleSearch = PickerSearch & Pick<PeopleArgs, 'kind'>;

/** Pickers page through a people list by name, as the user types and asks for more. */
export const peoplePickerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    searchPeople: build.infiniteQuery<z.output<typeof PersonList>, PeopleSearch, number>(
      pickerEndpoint(
        ({ kind }: PeopleSearch) => LIST_CALL[kind],
        pickedTags('users'),
        () => ({ sort: 'name', order: 'asc' }),
      ),
    ),
  }),
});

export const { useSearchPeopleInfiniteQuery } = peoplePickerApi;
