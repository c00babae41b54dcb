import type { z } from 'zod';
import { projectEndpoints, type ProjectFields } from '../../contract/api/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';

import { errors } from '../lib/schemas';
import * as projects from '../services/projects';

const { listProjects, createProject, updateProject, deleteProject, updateProjectStatusByPm } =
  projectEndpoints;

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
        querystring: listProjects.query,
        response: { 200: listProjects.answer, ...errors },
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
        body: createProject.body,
        response: { [createProject.status]: createProject.answer, ...errors },
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
        body: updateProject.body,
        response: { 200: updateProject.answer, ...errors },
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
        body: deleteProject.body,
        response: { 200: deleteProject.answer, ...errors },
      },
    },
    async (request) => {
      await projects.deleteProject(app.db, callerOf(request), request.body.id);
      return { success: true, message: 'Project deleted successfully' };
    },
  );

  app.post(
    updateProjectStatusByPm.path,
    {
      schema: {
        tags: ['projects'],
        operationId: 'updateProjectStatusByPm',
        summary: 'The assigned PM updates statusByPm',
        body: updateProjectStatusByPm.body,
        response: { 200: updateProjectStatusByPm.answer, ...errors },
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
