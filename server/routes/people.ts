import {
  Message,
  PageQuery,
  email,
  id,
  mobile,
  pageMeta,
  password,
  text,
} from '../../contract/api/fields';
import { z } from 'zod';
import { CREATABLE_ROLES, ROLES, USER_STATUSES } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
import * as people from '../services/people';

export const Person = z.object({
  _id: z.string(),
  date: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  registration_number: z.string(),
  status: z.enum(USER_STATUSES),
  role: z.enum(ROLES),
  country: z.string(),
  employeeCount: z.number().optional(),
});
const Details = z.object({ name: text(100), email, mobile, registration_number: text(50) });
const ListQuery = PageQuery.extend({
  sort: z.enum(people.PEOPLE_SORTS).default('date'),
  companyId: id.optional(),
});
const ListResponse = z.object({ success: z.boolean(), data: z.array(Person), ...pageMeta });
const PersonResponse = z.object({ success: z.boolean(), message: z.string(), data: Person });

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/user/createUser',
    {
      schema: {
        tags: ['people'],
        operationId: 'createUser',
        summary: 'An admin creates a company; a company creates its PMs, TLs, employees',
        body: Details.extend({
          password,
          userType: z.enum(CREATABLE_ROLES, {
            error: 'must be one of company, employee, pm, tl, team, other',
          }),
        }),
        response: { 201: PersonResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await people.createUser(app.db, callerOf(request), request.body);
      return reply.status(201).send({ success: true, message: 'User created successfully', data });
    },
  );

  app.post(
    '/company/edituser',
    {
      schema: {
        tags: ['people'],
        operationId: 'editUser',
        body: Details.extend({ _id: id, status: z.enum(USER_STATUSES).optional() }),
        response: { 200: PersonResponse, ...errors },
      },
    },
    async (request) => {
      const { _id, ...input } = request.body;
      const data = await people.editUser(app.db, callerOf(request), _id, input);
      return { success: true, message: 'User edited successfully', data };
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        operationId: 'deleteUser',
        params: z.object({ id }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await people.deleteUser(app.db, callerOf(request), request.params.id);
      return { success: true, message: 'User deleted successfully' };
    },
  );

  for (const as of ['admin', 'company'] as const) {
    app.post(
      as === 'admin' ? '/admin/updateadmin' : '/company/updatecompany',
      {
        schema: {
          tags: ['people'],
          operationId: as === 'admin' ? 'updateAdmin' : 'updateCompany',
          summary: `The signed-in ${as} edits its own details`,
          body: Details,
          response: { 200: PersonResponse, ...errors },
        },
      },
      async (request) => {
        const data = await people.updateOwnDetails(app.db, callerOf(request), as, request.body);
        return { success: true, message: 'Details updated successfully', data };
      },
    );
  }

  app.get(
    '/user/getadminallcompany',
    {
      schema: {
        tags: ['people'],
        operationId: 'listCompanies',
        summary: "The admin's companies with their employee counts",
        querystring: ListQuery,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...(await people.listCompanies(app.db, callerOf(request), request.query)),
    }),
  );

  const lists = [
    ['/company/getallpm', 'pm', 'listPms'],
    ['/company/getalltl', 'tl', 'listTls'],
    ['/company/getcompanyallemployee', 'employee', 'listEmployees'],
  ] as const;
  for (const [path, role, operationId] of lists) {
    app.get(
      path,
      {
        schema: {
          tags: ['people'],
          operationId,
          summary: `The ${role} users of the caller's company (an admin may pass companyId)`,
          querystring: ListQuery,
          response: { 200: ListResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        ...(await people.listPeople(app.db, callerOf(request), role, request.query)),
      }),
    );
  }
};
