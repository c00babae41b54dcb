import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyOverdueLends, purgeReadNotifications } from '../services/notifications';

const HOUR = 3_600_000;

/**
 * Every hour (the first time a minute after start) each lender is told of its lends that
 * became overdue, and notifications read over 90 days ago go. Every app server runs it; a
 * lend is told of once whoever runs it first.
 */
export const notificationJobsPlugin = fp(
  async (app: FastifyInstance, opts: { timeZone: string }) => {
    const run = () =>
      Promise.all([
        notifyOverdueLends(app.db, opts.timeZone),
        purgeReadNotifications(app.db),
      ]).catch((err: unknown) => app.log.warn({ err }, 'overdue lend notifications failed'));
    const first = setTimeout(run, 60_000);
    const every = setInterval(run, HOUR);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
);
