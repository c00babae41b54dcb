import { auditEndpoints } from '../../contract/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import * as audit from '../services/audit';

const { listAudit } = auditEndpoints;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    listAudit.path,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['audit'],
        operationId: 'listAudit',
        summary:
          "Who changed what, newest first: a company's own trail, or an admin's companies' (read only; nothing can change it)",
        querystring: listAudit.query,
        response: { 200: listAudit.answer, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...(await audit.listAudit(app.db, callerOf(request), {
        ...request.query,
        timeZone: request.timeZone,
      })),
    }),
  );
};
