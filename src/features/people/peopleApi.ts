import type { CreatableRole, Role, UserStatus } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags } from '../../api/tags';
import type { Envelope, ListParams, Page } from '../../api/types';

/** Whom a people list shows: an admin's companies, or a company's PMs, TLs, employees. */
export type PeopleKind = Exclude<CreatableRole, 'team' | 'other'>;
export type PeopleSort = 'date' | 'name' | 'email' | 'registration_number';

export interface Person {
  _id: string;
  /** ISO createdAt. */
  date: string;
  name: string;
  email: string;
  mobile: string;
  registration_number: string;
  status: UserStatus;
  role: Role;
  country: string;
  /** Companies only. */
  employeeCount?: number;
}

export interface PeopleArgs extends ListParams<PeopleSort> {
  kind: PeopleKind;
  /** An admin narrowing to one of its companies. */
  companyId?: string;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  mobile: string;
  registration_number: string;
  userType: CreatableRole;
}

export interface EditUser {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  registration_number: string;
  status: UserStatus;
}

const LIST_URL: Record<PeopleKind, string> = {
  company: '/user/getadminallcompany',
  pm: '/company/getallpm',
  tl: '/company/getalltl',
  employee: '/company/getcompanyallemployee',
};

export const peopleApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getPeople: build.query<Page<Person>, PeopleArgs>({
      query: ({ kind, companyId, ...params }) => ({
        url: LIST_URL[kind],
        params: { ...params, companyId: companyId || undefined },
      }),
      providesTags: listTags('users'),
    }),
    createUser: build.mutation<Envelope<Person>, NewUser>({
      query: (body) => ({ url: '/user/createUser', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('users')),
    }),
    editUser: build.mutation<Envelope<Person>, EditUser>({
      query: (body) => ({ url: '/company/edituser', method: 'POST', body }),
      // A PM's new name shows in the project list too.
      invalidatesTags: invalidates((_r, arg) => [
        ...changedTags('users', arg._id),
        { type: 'project', id: 'LIST' },
      ]),
    }),
    deleteUser: build.mutation<Envelope, string>({
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
