import { dashboardEndpoints } from '../../contract/api/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';

import { answer, errors } from '../lib/schemas';
import { dashboardFigures } from '../services/dashboard';

const { dashboard } = dashboardEndpoints;

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    dashboard.path,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        operationId: 'dashboard',
        summary:
          "The caller's dashboard figures; `today` is the user's local date (for overdue and the 12 months), by default today in the caller's time zone (X-Time-Zone)",
        querystring: dashboard.query,
        response: { 200: answer('The figures', dashboard.answer), ...errors(400, 401) },
      },
    },
    async (request) => ({
      success: true,
      data: await dashboardFigures(
        app.db,
        callerOf(request),
        request.query.today ?? todayOf(request),
      ),
    }),
  );
};
