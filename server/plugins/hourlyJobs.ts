import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyOverdueLends, purgeReadNotifications } from '../services/notifications';
import { purgeEnded } from '../services/sessions';

const HOUR = 3_600_000;

/**
 * The server's hourly upkeep (the first run a minute after start): ended sessions and spent
 * links are deleted, each lender is told of its lends that became overdue, and notifications
 * read over 90 days ago go. Every app server runs it; each job does the same whoever runs it
 * first (a lend is told of once).
 */
export const hourlyJobsPlugin = fp(async (app: FastifyInstance, opts: { timeZone: string }) => {
  const jobs: [string, () => Promise<unknown>][] = [
    ['purge of ended sessions and links', () => purgeEnded(app.db)],
    ['overdue lend notifications', () => notifyOverdueLends(app.db, opts.timeZone)],
    ['purge of read notifications', () => purgeReadNotifications(app.db)],
  ];
  const run = () =>
    Promise.all(
      jobs.map(([name, job]) =>
        job().catch((err: unknown) => app.log.warn({ err }, `${name} failed`)),
      ),
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
