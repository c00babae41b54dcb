import type { z } from 'zod';
import type { Message } from '../../contract/api/fields';
import type {
  EditUser,
  NewUser,
  PeopleListQuery,
  PeopleSort,
  Person as PersonSchema,
  PersonAnswer,
  PersonList,
} from '../../contract/api/people';
import type { CreatableRole } from '../../contract/enums';
import { apiSlice } from './apiSlice';
import { changedTags, createdTags, invalidates, listTags } from './tags';
import type { ListParams } from './types';

export type { PeopleSort };

/** Whom a people list shows: an admin's companies, or a company's PMs, TLs, employees. */
export type PeopleKind = Exclude<CreatableRole, 'team' | 'other'>;

/** A company, PM, TL, employee… as the lists show it (contract/api/people.ts). */
export type Person = z.output<typeof PersonSchema>;

/** A list's query; `companyId` is an admin narrowing to one of its companies. */
export interface PeopleArgs
  extends ListParams<PeopleSort>, Pick<z.output<typeof PeopleListQuery>, 'companyId'> {
  kind: PeopleKind;
}

const LIST_URL: Record<PeopleKind, string> = {
  company: '/user/getadminallcompany',
  pm: '/company/getallpm',
  tl: '/company/getalltl',
  employee: '/company/getcompanyallemployee',
};

export const peopleApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getPeople: build.query<z.output<typeof PersonList>, PeopleArgs>({
      query: ({ kind, companyId, ...params }) => ({
        url: LIST_URL[kind],
        params: { ...params, companyId: companyId || undefined },
      }),
      providesTags: listTags('users'),
    }),
    createUser: build.mutation<z.output<typeof PersonAnswer>, z.input<typeof NewUser>>({
      query: (body) => ({ url: '/user/createUser', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('users')),
    }),
    editUser: build.mutation<z.output<typeof PersonAnswer>, z.input<typeof EditUser>>({
      query: (body) => ({ url: '/company/edituser', method: 'POST', body }),
      // A PM's new name shows in the project list too.
      invalidatesTags: invalidates((_r, arg) => [
        ...changedTags('users', arg._id),
        { type: 'project', id: 'LIST' },
      ]),
    }),
    deleteUser: build.mutation<z.output<typeof Message>, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidates((_r, id) => [
        ...changedTags('users', id),
        { type: 'project', id: 'LIST' },
      ]),
    }),
  }),
});

export const {
  useGetPeopleQuery,
  useCreateUserMutation,
  useEditUserMutation,
  useDeleteUserMutation,
} = peopleApi;

/** A picker's list: every row at once (the server's largest page), sorted by `sort`. */
export const allRows = <S extends string>(sort: S): ListParams<S> => ({
  search: '',
  page: 1,
  pageSize: 100,
  sort,
  order: 'asc',
});

/** Everything of a kind at once (pickers). */
export const ALL_OF_KIND = allRows<PeopleSort>('name');
