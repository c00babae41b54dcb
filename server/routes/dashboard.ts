import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { errors } from '../lib/schemas';
import { dashboardFigures } from '../services/dashboard';

const Figure = z.object({ count: z.number(), totalAmount: z.number() });
const Dashboard = z.object({ success: z.boolean(), data: z.object({ expenses: Figure }) });

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/getalldata',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        operationId: 'dashboard',
        summary: "The caller's dashboard counts and totals",
        response: { 200: Dashboard, ...errors },
      },
    },
    async (request) => ({
      success: true,
      data: await dashboardFigures(app.db, callerOf(request)),
    }),
  );
};
