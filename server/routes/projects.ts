import {
  Message,
  PageQuery,
  calendarDate,
  id,
  pageMeta,
  rupeesInput,
  text,
} from '../../contract/api/fields';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import * as projects from '../services/projects';

const Project = z.object({
  _id: z.string(),
  date: z.string(),
  projectName: z.string(),
  clientName: z.string(),
  clientNumber: z.string(),
  duration: z.string(),
  price: z.number(),
  paymentStatus: z.string(),
  status: z.string(),
  risk: z.string(),
  statusByPm: z.string(),
  projectManager: z.string(),
  projectManagerId: z.string().nullable(),
  createdAt: z.string(),
});
/** Free text a project may leave empty; left out on update, it keeps its value. */
const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional();
const ProjectFields = z.object({
  projectName: text(200),
  clientName: text(200),
  clientNumber: text(50),
  duration: text(50),
  price: rupeesInput,
  paymentStatus: text(50),
  status: optionalText(50),
  risk: optionalText(50),
  statusByPm: optionalText(200),
  /** The id of one of the company's PMs. */
  projectManager: id.nullable().optional(),
  date: calendarDate.optional(),
});
const ProjectResponse = z.object({ success: z.boolean(), message: z.string(), data: Project });

const toInput = ({ price, projectManager, ...rest }: z.infer<typeof ProjectFields>) => ({
  ...rest,
  pricePaise: price,
  projectManagerId: projectManager ?? null,
});

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/company/getcompanyallproject',
    {
      schema: {
        tags: ['projects'],
        operationId: 'listProjects',
        summary:
          "A company's projects, an admin's companies' (companyId narrows), or a PM's assigned ones; from/to filter on the project date",
        querystring: PageQuery.extend({
          sort: z.enum(projects.PROJECT_SORTS).default('createdAt'),
          companyId: id.optional(),
          projectManagerId: id.optional(),
          from: calendarDate.optional(),
          to: calendarDate.optional(),
        }),
        response: {
          200: z.object({
            success: z.boolean(),
            data: z.array(Project),
            totalAmount: z.number(),
            ...pageMeta,
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await projects.listProjects(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    '/company/createproject',
    {
      schema: {
        tags: ['projects'],
        operationId: 'createProject',
        body: ProjectFields,
        response: { 201: ProjectResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await projects.createProject(app.db, callerOf(request), toInput(request.body));
      return reply
        .status(201)
        .send({ success: true, message: 'Project created successfully', data });
    },
  );

  app.post(
    '/company/updateproject',
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProject',
        body: ProjectFields.extend({ _id: id }),
        response: { 200: ProjectResponse, ...errors },
      },
    },
    async (request) => {
      const { _id, ...fields } = request.body;
      const data = await projects.updateProject(app.db, callerOf(request), _id, toInput(fields));
      return { success: true, message: 'Project updated successfully', data };
    },
  );

  app.post(
    '/company/deleteproject',
    {
      schema: {
        tags: ['projects'],
        operationId: 'deleteProject',
        body: z.object({ id }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await projects.deleteProject(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Project deleted successfully' };
    },
  );

  app.post(
    '/company/updateprojectstatus',
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProjectStatusByPm',
        summary: 'The assigned PM updates statusByPm',
        body: z.object({ _id: id, statusByPm: text(200) }),
        response: { 200: ProjectResponse, ...errors },
      },
    },
    async (request) => {
      const data = await projects.updateStatusByPm(
        app.db,
        callerOf(request),
        request.body._id,
        request.body.statusByPm,
      );
      return { success: true, message: 'Project status updated successfully', data };
    },
  );
};
