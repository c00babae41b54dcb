import { peopleEndpoints } from '../../contract/api/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
import * as people from '../services/people';

const { createUser, editUser, deleteUser, listCompanies } = peopleEndpoints;

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

  app.delete(
    deleteUser.path,
    {
      schema: {
        tags: ['people'],
        operationId: 'deleteUser',
        params: deleteUser.params,
        response: { 200: deleteUser.answer, ...errors },
      },
    },
    async (request) => {
      await people.deleteUser(app.db, callerOf(request), request.params.id);
      return { success: true, message: 'User deleted successfully' };
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
