import type { z } from 'zod';
import { projectEndpoints, type ProjectFields } from '../../contract/api/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';

import { BODY, answer, errors } from '../lib/schemas';
import * as projects from '../services/projects';

const {
  listProjects,
  createProject,
  updateProject,
  deleteProject,
  restoreProject,
  updateProjectStatusByPm,
} = projectEndpoints;

const toInput = ({ price, projectManager, ...rest }: z.output<typeof ProjectFields>) => ({
  ...rest,
  pricePaise: price,
  projectManagerId: projectManager ?? null,
});

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listProjects.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'listProjects',
        summary:
          "A company's projects, an admin's companies' (companyId narrows), or a PM's assigned ones; from/to filter on the project date",
        description: '`to` must be on or after `from` (400).',
        querystring: listProjects.query,
        response: {
          200: answer(
            'One page of the projects, with the total price of the filter',
            listProjects.answer,
          ),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await projects.listProjects(app.db, callerOf(request), request.query)),
    }),
  );

  app.post(
    createProject.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'createProject',
        summary: 'A company adds a project',
        description:
          "Companies only (403). `projectManager` must be one of the company's PMs (400). Without `date`, the project is dated today in the caller's time zone.",
        body: createProject.body,
        response: {
          [createProject.status]: answer('The new project', createProject.answer),
          ...errors(...BODY, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Without a date, the project is dated the company's today, not the database's.
      const data = await projects.createProject(app.db, callerOf(request), {
        ...toInput(request.body),
        date: request.body.date ?? todayOf(request),
      });
      return reply
        .status(createProject.status)
        .send({ success: true, message: 'Project created successfully', data });
    },
  );

  app.post(
    updateProject.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProject',
        summary: 'A company edits one of its projects',
        description:
          "Changes only the fields sent, of the project as read at `version` (409 when it changed since). Companies only (403); another company's project is not found (404). `projectManager` must be one of the company's PMs (400).",
        body: updateProject.body,
        response: {
          200: answer('The updated project', updateProject.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, version, price, projectManager, ...fields } = request.body;
      const data = await projects.updateProject(app.db, callerOf(request), _id, version, {
        ...fields,
        pricePaise: price,
        projectManagerId: projectManager,
      });
      return { success: true, message: 'Project updated successfully', data };
    },
  );

  app.post(
    deleteProject.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'deleteProject',
        summary: 'A company deletes one of its projects',
        description: "Companies only (403); another company's project is not found (404).",
        body: deleteProject.body,
        response: {
          200: answer('Deleted', deleteProject.answer),
          ...errors(...BODY, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await projects.deleteProject(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Project deleted successfully' };
    },
  );

  app.post(
    restoreProject.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'restoreProject',
        summary: 'A company undoes its delete of one of its projects, moments ago',
        description:
          "Companies only (403). The project comes back as it was, with its id and its audit trail (without its PM if the PM is gone). Only the company's own delete of the last minute (404 otherwise, the same answer as an unknown id: also for another's record, there or deleted); 409 when it is the caller's own and not deleted.",
        body: restoreProject.body,
        response: {
          200: answer('Restored', restoreProject.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await projects.restoreProject(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Project restored' };
    },
  );

  app.post(
    updateProjectStatusByPm.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProjectStatusByPm',
        summary: 'The assigned PM updates statusByPm',
        description:
          'PMs only (403), on a project assigned to them (404 otherwise), as read at `version` (409 when it changed since).',
        body: updateProjectStatusByPm.body,
        response: {
          200: answer('The updated project', updateProjectStatusByPm.answer),
          ...errors(...BODY, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const data = await projects.updateStatusByPm(
        app.db,
        callerOf(request),
        request.body._id,
        request.body.version,
        request.body.statusByPm,
      );
      return { success: true, message: 'Project status updated successfully', data };
    },
  );
};
