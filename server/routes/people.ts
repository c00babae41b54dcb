import { peopleEndpoints } from '../../contract/api/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
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
        body: createUser.body,
        response: { [createUser.status]: createUser.answer, ...errors },
      },
    },
    async (request, reply) => {
      const data = await people.createUser(app.db, callerOf(request), request.body);
      return reply
        .status(createUser.status)
        .send({ success: true, message: 'User created successfully', data });
    },
  );

  app.post(
    editUser.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'editUser',
        body: editUser.body,
        response: { 200: editUser.answer, ...errors },
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
        body: editCompany.body,
        response: { 200: editCompany.answer, ...errors },
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
        params: setUserStatus.params,
        body: setUserStatus.body,
        response: { 200: setUserStatus.answer, ...errors },
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
        params: deleteUser.params,
        querystring: deleteUser.query,
        response: { 200: deleteUser.answer, ...errors },
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
          body: entry.body,
          response: { 200: entry.answer, ...errors },
        },
      },
      async (request) => {
        const data = await people.updateOwnDetails(app.db, callerOf(request), as, request.body);
        return { success: true, message: 'Details updated successfully', data };
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
        querystring: listCompanies.query,
        response: { 200: listCompanies.answer, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...(await people.listCompanies(app.db, callerOf(request), request.query)),
    }),
  );

  const lists = [
    ['pm', 'listPms'],
    ['tl', 'listTls'],
    ['employee', 'listEmployees'],
    ['team', 'listTeam'],
    ['other', 'listOthers'],
  ] as const;
  for (const [role, operationId] of lists) {
    const entry = peopleEndpoints[operationId];
    app.get(
      entry.path,
      {
        schema: {
          tags: ['people'],
          operationId,
          summary: `The ${role} users of the caller's company (an admin may pass companyId)`,
          querystring: entry.query,
          response: { 200: entry.answer, ...errors },
        },
      },
      async (request) => ({
        success: true,
        ...(await people.listPeople(app.db, callerOf(request), role, request.query)),
      }),
    );
  }
};
