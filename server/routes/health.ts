import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'health',
        summary: 'The server is up (touches no database)',
        security: [],
        response: { 200: z.object({ success: z.boolean(), status: z.literal('ok') }) },
      },
    },
    async () => ({ success: true, status: 'ok' as const }),
  );
};
