import { dashboardEndpoints } from '../../contract/api/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';

import { errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { dashboardFigures } from '../services/dashboard';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, dashboardEndpoints, {
    dashboard: {
      tags: ['dashboard'],
      summary:
        "The caller's dashboard figures; `today` is the user's local date (for overdue and the 12 months), by default today in the caller's time zone (X-Time-Zone); `from` and `to` together add a range's figures (`period`)",
      answers: 'The figures',
      refusals: errors(400, 401),
      options: { onRequest: app.authenticate },
      handler: async (request) => ({
        success: true,
        data: await dashboardFigures(
          app.db,
          callerOf(request),
          request.query.today ?? todayOf(request),
          request.query.from && request.query.to
            ? { from: request.query.from, to: request.query.to }
            : undefined,
        ),
      }),
    },
  });
};
