import { z } from 'zod';
import { CREATABLE_ROLES, ROLES, USER_STATUSES } from '../enums';
import { currentPasswordForEmail, pendingEmail } from './auth';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  email,
  id,
  mobile,
  pageOf,
  password,
  savedAnswer,
  text,
  version,
} from './fields';

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
  /** Signs in, but has not set a password yet: an invite is out (Resend invite). */
  invitePending: z.boolean(),
  version: z.number(),
});

/** The details every user form sends. */
export const PersonDetails = z.object({
  name: text(100),
  email,
  mobile,
  registration_number: text(50),
});
/**
 * Without `password`, a company or PM (who sign in) is e-mailed an invite to choose one;
 * with it, they must change it at their first sign-in. Others never sign in: no password.
 */
export const NewUser = PersonDetails.extend({
  password: password.optional(),
  userType: z.enum(CREATABLE_ROLES, {
    error: 'must be one of company, employee, pm, tl, team, other',
  }),
});
/** Edits change only the fields sent, of the version they were read at. */
const DetailsUpdate = PersonDetails.partial().extend({ version });
/**
 * A manager's edit: the e-mail of someone who signs in (a company, a PM) is theirs alone to
 * change, on their Profile; only the one they have may be sent (any other is a 400).
 */
const ManagedDetails = DetailsUpdate.extend({
  email: email.optional().meta({
    description:
      'The contact e-mail. For someone who signs in (a company, a PM) it is their sign-in e-mail, which only they change (on their Profile): sending another one is a 400, the same one changes nothing',
  }),
});
export const EditUser = ManagedDetails.extend({
  _id: id,
  status: z.enum(USER_STATUSES, { error: 'must be active or inactive' }).optional(),
});
/** An admin edits one of its companies' contact details; its status has a call of its own. */
export const EditCompany = ManagedDetails.extend({ _id: id });
/**
 * An admin or a company edits its own details. A new e-mail needs the current password and
 * waits for the link mailed to it, as on Profile.
 */
export const OwnDetails = DetailsUpdate.extend({
  currentPassword: currentPasswordForEmail.optional(),
});

export const UserIdParams = z.object({ id });
export const UserStatusBody = z.object({
  status: z.enum(USER_STATUSES, { error: 'must be active or inactive' }),
});
/**
 * A delete deactivates unless `hard` is "true": then the account goes for good, which is
 * refused while the person still owns money records.
 */
export const DeleteUserQuery = z.object({
  hard: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const PeopleListQuery = PageQuery.extend({
  sort: z.enum(PEOPLE_SORTS).default('date'),
  companyId: id.optional(),
  /** Only this person (a form reloading it), when the list would show them. */
  id: id.optional(),
});
export const PersonList = pageOf(Person);
export const PersonAnswer = savedAnswer(Person);
/** The saved details; a new e-mail is still waiting for its link (`pendingEmail`). */
export const OwnDetailsAnswer = PersonAnswer.extend({ pendingEmail });

/** The people lists take and answer the same. */
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
  deleteUser: {
    method: 'DELETE',
    path: '/users/:id',
    params: UserIdParams,
    query: DeleteUserQuery,
    answer: Message,
  },
  setUserStatus: {
    method: 'POST',
    path: '/users/:id/status',
    params: UserIdParams,
    body: UserStatusBody,
    answer: PersonAnswer,
  },
  editCompany: {
    method: 'POST',
    path: '/admin/editcompany',
    body: EditCompany,
    answer: PersonAnswer,
  },
  updateAdmin: {
    method: 'POST',
    path: '/admin/updateadmin',
    body: OwnDetails,
    answer: OwnDetailsAnswer,
  },
  updateCompany: {
    method: 'POST',
    path: '/company/updatecompany',
    body: OwnDetails,
    answer: OwnDetailsAnswer,
  },
  listCompanies: list('/user/getadminallcompany'),
  listPms: list('/company/getallpm'),
  listTls: list('/company/getalltl'),
  listEmployees: list('/company/getcompanyallemployee'),
  listTeam: list('/company/getallteam'),
  listOthers: list('/company/getallother'),
} as const satisfies Record<string, Endpoint>;
