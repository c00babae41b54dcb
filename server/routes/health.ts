import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, errors } from '../lib/schemas';

const Health = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'health',
        summary:
          'Is the server up, and was the database reachable at the last check (no query per call)',
        security: [],
        response: {
          200: answer('The server and its database are up', Health),
          ...errors(400),
          503: answer('The database was unreachable at the last check', Health),
        },
      },
    },
    async (_request, reply) => {
      const up = app.dbHealth.up;
      return reply.status(up ? 200 : 503).send({
        success: up,
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
      });
    },
  );
};
