import { peopleEndpoints } from '../../contract/api/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { BODY, answer, errors } from '../lib/schemas';
import { ownEditAnswer } from '../services/emailChange';
import * as invites from '../services/invites';
import { inviteMailOf } from './invites';
import * as people from '../services/people';

const { createUser, editUser, editCompany, setUserStatus, deleteUser, listCompanies } =
  peopleEndpoints;

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

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    createUser.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'createUser',
        summary: 'An admin creates a company; a company creates its PMs, TLs, employees',
        description:
          'An admin creates only companies (`userType` company) and a company only its people (pm, tl, employee, team, other): another `userType` is a 400, and a PM may not create anyone (403). The e-mail must not be used by another account (409). A company or PM (who sign in) created without `password` is e-mailed an invite link to choose one, valid once for 72 hours (`invitePending` until then; invite e-mails are limited per sender and per recipient, 429); with `password` they must change it at their first sign-in. A `password` for anyone else is ignored: they never sign in.',
        body: createUser.body,
        response: {
          [createUser.status]: answer('The new user', createUser.answer),
          ...errors(...BODY, 401, 403, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { data, message } = await invites.createUser(
        inviteMailOf(app, request),
        callerOf(request),
        request.body,
      );
      return reply.status(createUser.status).send({ success: true, message, data });
    },
  );

  app.post(
    editUser.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'editUser',
        summary: 'A company edits one of its people',
        description:
          "Changes only the fields sent, of the person as read at `version` (409 when it changed since, or when the e-mail is used by another account). Companies only (403); another company's person is not found (404). Setting `status` inactive ends their sessions. The e-mail of a PM (who signs in) is theirs alone to change, on their Profile: another one is a 400; a TL's, employee's, team member's or other's is their contact e-mail and may change. No password is ever set here.",
        body: editUser.body,
        response: {
          200: answer('The updated person', editUser.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, ...input } = request.body;
      const data = await people.editUser(app.db, callerOf(request), _id, input);
      return { success: true, message: 'User edited successfully', data };
    },
  );

  app.post(
    editCompany.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'editCompany',
        summary: 'An admin edits the details of one of its companies',
        description:
          "Changes only the fields sent, of the company as read at `version` (409 when it changed since). Admins only (403); another admin's company is not found (404). The company signs in with its e-mail, which only it changes, on its Profile: another one is a 400. No password is ever set here.",
        body: editCompany.body,
        response: {
          200: answer('The updated company', editCompany.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, ...input } = request.body;
      const data = await people.editCompany(app.db, callerOf(request), _id, input);
      return { success: true, message: 'Company updated successfully', data };
    },
  );

  app.post(
    setUserStatus.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'setUserStatus',
        summary:
          'Deactivate or reactivate: an admin its companies (and with them their people), a company its people',
        description:
          "Deactivating ends the user's sessions (a company's, its people's too). A PM may not (403), nor an admin for a company's people (403); anyone else is not found (404).",
        params: setUserStatus.params,
        body: setUserStatus.body,
        response: {
          200: answer('The user with its new status', setUserStatus.answer),
          ...errors(...BODY, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { status } = request.body;
      const data = await people.setUserStatus(app.db, callerOf(request), request.params.id, status);
      const message = STATUS_MESSAGES[data.role === 'company' ? 'company' : 'person'][status];
      return { success: true, message, data };
    },
  );

  app.delete(
    deleteUser.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'deleteUser',
        summary:
          'A company deactivates one of its people; with hard=true deletes them, refused while they own money records',
        description:
          'Companies only (403). Without `hard=true` the person is deactivated. With it the account is deleted, which is refused (409) while they own expenses or lend/borrowed entries or manage projects.',
        params: deleteUser.params,
        querystring: deleteUser.query,
        response: {
          200: answer('Deactivated or deleted', deleteUser.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const done = await people.deleteUser(
        app.db,
        callerOf(request),
        request.params.id,
        request.query.hard === 'true',
      );
      return {
        success: true,
        message: done === 'deleted' ? 'User deleted successfully' : STATUS_MESSAGES.person.inactive,
      };
    },
  );

  for (const [as, operationId] of [
    ['admin', 'updateAdmin'],
    ['company', 'updateCompany'],
  ] as const) {
    const entry = peopleEndpoints[operationId];
    app.post(
      entry.path,
      {
        schema: {
          tags: ['people'],
          operationId,
          summary: `The signed-in ${as} edits its own details`,
          description:
            `Changes only the fields sent, as read at \`version\` (409 when they changed since, or when the e-mail is used by another account). The ${as} only (403). ` +
            'A new e-mail is the rule of `updateProfile`: it needs `currentPassword` (400 when missing or wrong; checks are counted per account, 429) and applies only when the link mailed to the new address is opened (`pendingEmail` until then); the old address is then sent a link that puts it back.',
          body: entry.body,
          response: {
            200: answer('The updated details', entry.answer),
            ...errors(...BODY, 401, 403, 409, 429, 503),
          },
        },
      },
      async (request) => {
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
    );
  }

  app.get(
    listCompanies.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'listCompanies',
        summary: "The admin's companies with their employee counts",
        description: 'Admins only (403).',
        querystring: listCompanies.query,
        response: {
          200: answer('One page of the companies', listCompanies.answer),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await people.listCompanies(app.db, callerOf(request), request.query)),
    }),
  );

  // Who may read each list: a PM reads its company's TLs and employees (services/people.ts).
  const lists = [
    ['pm', 'listPms', 'Admins and companies only (403).'],
    ['tl', 'listTls', undefined],
    ['employee', 'listEmployees', undefined],
    ['team', 'listTeam', 'Admins and companies only (403).'],
    ['other', 'listOthers', 'Admins and companies only (403).'],
  ] as const;
  for (const [role, operationId, only] of lists) {
    const entry = peopleEndpoints[operationId];
    app.get(
      entry.path,
      {
        schema: {
          tags: ['people'],
          operationId,
          summary: `The ${role} users of the caller's company (an admin may pass companyId)`,
          ...(only ? { description: only } : {}),
          querystring: entry.query,
          response: {
            200: answer('One page of the people', entry.answer),
            ...(only ? errors(400, 401, 403) : errors(400, 401)),
          },
        },
      },
      async (request) => ({
        success: true,
        ...(await people.listPeople(app.db, callerOf(request), role, request.query)),
      }),
    );
  }
};
