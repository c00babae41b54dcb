import { z } from 'zod';
import { CREATABLE_ROLES, ROLES, USER_STATUSES } from '../enums';
import type { Endpoint } from './endpoint';
import { Message, PageQuery, email, id, mobile, pageMeta, password, text } from './fields';

/** The columns a people list may be sorted by. */
export const PEOPLE_SORTS = ['date', 'name', 'email', 'registration_number'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

/** A company, PM, TL, employee… as the people lists show it. */
export const Person = z.object({
  _id: z.string(),
  /** When the user was created (ISO). */
  date: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  registration_number: z.string(),
  status: z.enum(USER_STATUSES),
  role: z.enum(ROLES),
  country: z.string(),
  /** Companies only. */
  employeeCount: z.number().optional(),
});

/** The details every user form sends. */
export const PersonDetails = z.object({
  name: text(100),
  email,
  mobile,
  registration_number: text(50),
});
export const NewUser = PersonDetails.extend({
  password,
  userType: z.enum(CREATABLE_ROLES, {
    error: 'must be one of company, employee, pm, tl, team, other',
  }),
});
export const EditUser = PersonDetails.extend({ _id: id, status: z.enum(USER_STATUSES).optional() });
export const UserIdParams = z.object({ id });

export const PeopleListQuery = PageQuery.extend({
  sort: z.enum(PEOPLE_SORTS).default('date'),
  companyId: id.optional(),
});
export const PersonList = z.object({ success: z.boolean(), data: z.array(Person), ...pageMeta });
export const PersonAnswer = z.object({ success: z.boolean(), message: z.string(), data: Person });

/** The four people lists take and answer the same. */
const list = <P extends string>(path: P) =>
  ({ method: 'GET', path, query: PeopleListQuery, answer: PersonList }) as const;

export const peopleEndpoints = {
  createUser: {
    method: 'POST',
    path: '/user/createUser',
    body: NewUser,
    status: 201,
    answer: PersonAnswer,
  },
  editUser: { method: 'POST', path: '/company/edituser', body: EditUser, answer: PersonAnswer },
  deleteUser: { method: 'DELETE', path: '/users/:id', params: UserIdParams, answer: Message },
  updateAdmin: {
    method: 'POST',
    path: '/admin/updateadmin',
    body: PersonDetails,
    answer: PersonAnswer,
  },
  updateCompany: {
    method: 'POST',
    path: '/company/updatecompany',
    body: PersonDetails,
    answer: PersonAnswer,
  },
  listCompanies: list('/user/getadminallcompany'),
  listPms: list('/company/getallpm'),
  listTls: list('/company/getalltl'),
  listEmployees: list('/company/getcompanyallemployee'),
} as const satisfies Record<string, Endpoint>;
