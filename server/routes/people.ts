import { peopleEndpoints } from '../../contract/api/people';
import type { StaffRole } from '../../contract/enums';
import { callerOf } from '../plugins/auth';
import { BODY, errors } from '../lib/schemas';
import type { Route } from '../lib/registerRoutes';
import { signedInRoutes } from './handlers';
import { ownEditAnswer } from '../services/emailChange';
import * as invites from '../services/invites';
import { inviteMailOf } from './invites';
import * as people from '../services/people';

const ADMINS_AND_COMPANIES = 'Admins and companies only (403).';

/** What a status change did, for the one who made it. */
const STATUS_MESSAGES = {
  company: {
    active: 'Company reactivated. It and its people can sign in again.',
    inactive: 'Company deactivated. It and its people can no longer sign in.',
  },
  person: {
    active: 'User reactivated. They can sign in again.',
    inactive: 'User deactivated. They can no longer sign in.',
  },
} as const;

export const peopleRoutes = signedInRoutes(peopleEndpoints)((app, { page, done }) => {
  const ownDetails = (as: 'admin' | 'company'): Route<(typeof peopleEndpoints)['updateAdmin']> => ({
    tags: ['people'],
    summary: `The signed-in ${as} edits its own details`,
    description:
      `Changes only the fields sent, as read at \`version\` (409 when they changed since, or when the e-mail is used by another account). The ${as} only (403). ` +
      'A new e-mail is the rule of `updateProfile`: it needs `currentPassword` (400 when missing or wrong; checks are counted per account, 429) and applies only when the link mailed to the new address is opened (`pendingEmail` until then); the old address is then sent a link that puts it back.',
    answers: 'The updated details',
    refusals: errors(...BODY, 401, 403, 409, 429, 503),
    handler: async (request) => {
      const { person, pendingEmail, mail } = await people.updateOwnDetails(
        app.db,
        callerOf(request),
        as,
        request.body,
        { limits: app.limits, publicUrl: app.publicUrl },
      );
      if (mail) app.background.run('e-mail confirmation', () => app.mailer.send(mail));
      return ownEditAnswer('Details', person, pendingEmail);
    },
  });

  // Who may read each list: a PM reads its company's TLs and employees (services/people.ts).
  const peopleList = (
    role: StaffRole,
    only?: string,
  ): Route<(typeof peopleEndpoints)['listPms']> => ({
    tags: ['people'],
    summary: `The ${role} users of the caller's company (an admin may pass companyId)`,
    ...(only ? { description: only } : {}),
    answers: 'One page of the people',
    refusals: only ? errors(400, 401, 403) : errors(400, 401),
    handler: async (request) => ({
      success: true,
      ...(await people.listPeople(app.db, callerOf(request), role, request.query)),
    }),
  });

  return {
    createUser: {
      tags: ['people'],
      summary: 'An admin creates a company; a company creates its PMs, TLs, employees',
      description:
        'An admin creates only companies (`userType` company) and a company only its people (pm, tl, employee, team, other): another `userType` is a 400, and a PM may not create anyone (403). The e-mail must not be used by another account (409). A company or PM (who sign in) created without `password` is e-mailed an invite link to choose one, valid once for 72 hours (`invitePending` until then; invite e-mails are limited per sender and per recipient, 429); with `password` they must change it at their first sign-in. A `password` for anyone else is ignored: they never sign in.',
      answers: 'The new user',
      refusals: errors(...BODY, 401, 403, 409, 429, 503),
      handler: async (request) => {
        const { data, message } = await invites.createUser(
          inviteMailOf(app, request),
          callerOf(request),
          request.body,
        );
        return { success: true, message, data };
      },
    },

    editUser: {
      tags: ['people'],
      summary: 'A company edits one of its people',
      description:
        "Changes only the fields sent, of the person as read at `version` (409 when it changed since, or when the e-mail is used by another account). Companies only (403); another company's person is not found (404). Setting `status` inactive ends their sessions. The e-mail of a PM (who signs in) is theirs alone to change, on their Profile: another one is a 400; a TL's, employee's, team member's or other's is their contact e-mail and may change. No password is ever set here.",
      answers: 'The updated person',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('User edited successfully', (db, caller, { body: { _id, ...input } }) =>
        people.editUser(db, caller, _id, input),
      ),
    },

    editCompany: {
      tags: ['people'],
      summary: 'An admin edits the details of one of its companies',
      description:
        "Changes only the fields sent, of the company as read at `version` (409 when it changed since). Admins only (403); another admin's company is not found (404). The company signs in with its e-mail, which only it changes, on its Profile: another one is a 400. No password is ever set here.",
      answers: 'The updated company',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('Company updated successfully', (db, caller, { body: { _id, ...input } }) =>
        people.editCompany(db, caller, _id, input),
      ),
    },

    setUserStatus: {
      tags: ['people'],
      summary:
        'Deactivate or reactivate: an admin its companies (and with them their people), a company its people',
      description:
        "Deactivating ends the user's sessions (a company's, its people's too). A PM may not (403), nor an admin for a company's people (403); anyone else is not found (404).",
      answers: 'The user with its new status',
      refusals: errors(...BODY, 401, 403, 404),
      handler: async (request) => {
        const { status } = request.body;
        const data = await people.setUserStatus(
          app.db,
          callerOf(request),
          request.params.id,
          status,
        );
        const message = STATUS_MESSAGES[data.role === 'company' ? 'company' : 'person'][status];
        return { success: true, message, data };
      },
    },

    deleteUser: {
      tags: ['people'],
      summary:
        'A company deactivates one of its people; with hard=true deletes them, refused while they own money records',
      description:
        'Companies only (403). Without `hard=true` the person is deactivated. With it the account is deleted, which is refused (409) while they own expenses or lend/borrowed entries or manage projects.',
      answers: 'Deactivated or deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => {
        const outcome = await people.deleteUser(
          app.db,
          callerOf(request),
          request.params.id,
          request.query.hard === 'true',
        );
        return {
          success: true,
          message:
            outcome === 'deleted' ? 'User deleted successfully' : STATUS_MESSAGES.person.inactive,
        };
      },
    },

    listCompanies: {
      tags: ['people'],
      summary: "The admin's companies with their employee counts",
      description: 'Admins only (403).',
      answers: 'One page of the companies',
      refusals: errors(400, 401, 403),
      handler: page(people.listCompanies),
    },

    updateAdmin: ownDetails('admin'),
    updateCompany: ownDetails('company'),
    listPms: peopleList('pm', ADMINS_AND_COMPANIES),
    listTls: peopleList('tl'),
    listEmployees: peopleList('employee'),
    listTeam: peopleList('team', ADMINS_AND_COMPANIES),
    listOthers: peopleList('other', ADMINS_AND_COMPANIES),
  };
});
