import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, errors } from '../lib/schemas';

/**
 * Event-loop delay and memory, for the benchmark (`npm run bench`). Served only when the
 * server starts with METRICS=1: it is an operator's tool, not part of the product's API.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        operationId: 'metrics',
        summary: 'Event-loop delay since the last reset and memory (METRICS=1 only)',
        security: [],
        querystring: z.object({ reset: z.enum(['0', '1']).optional() }),
        response: {
          200: answer(
            'The figures',
            z.object({
              eventLoopDelayP99Ms: z.number(),
              eventLoopDelayMaxMs: z.number(),
              rssMb: z.number(),
            }),
          ),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const answer = {
        eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
        eventLoopDelayMaxMs: delay.max / 1e6,
        rssMb: process.memoryUsage().rss / 2 ** 20,
      };
      if (request.query.reset === '1') delay.reset();
      return answer;
    },
  );
};
