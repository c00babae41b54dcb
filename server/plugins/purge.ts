import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeEnded } from '../services/sessions';

const HOUR = 3_600_000;

/**
 * Deletes ended sessions and spent links every hour (the first time a minute after start).
 * Every app server runs it; the deletes are the same whoever runs them first.
 */
export const purgePlugin = fp(async (app: FastifyInstance) => {
  const run = () =>
    purgeEnded(app.db).catch((err: unknown) =>
      app.log.warn({ err }, 'purge of ended sessions failed'),
    );
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, HOUR);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
});
