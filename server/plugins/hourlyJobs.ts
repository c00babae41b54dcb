import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyOverdueLends, purgeReadNotifications } from '../services/notifications';
import { runDueRecurring } from '../services/recurring';
import { runDueRecurringPayments } from '../services/recurringPayments';
import { runDueLendReminders } from '../services/khata/schedule';
import type { DueRunOptions } from '../services/dueTemplates';
import { defaultToday } from '../services/schedules/engine';
import { notifyOverdueInvoices } from '../services/receivables/overdue';
import { ageReceivables } from '../services/receivables/ageing';
import { purgeEnded } from '../services/sessions';

const HOUR = 3_600_000;
/** One kind's recurring job: what it made, by kind (recorded; posted and skipped). */
type RecurringJob = (today: string, options: DueRunOptions) => Promise<Record<string, number>>;
/** How often due recurring expenses are recorded. */
const RECURRING_EVERY_MS = 5 * 60_000;

/**
 * The server's scheduled work. Hourly upkeep (the first run a minute after start): ended
 * sessions and spent links are deleted, each lender is told of its lends that became overdue
 * and each company of its invoices that did, receivables are aged as of the new day,
 * and notifications read over 90 days ago go. Every few minutes, the recurring expenses due
 * are recorded and the recurring payments due posted. Every app server runs it; each job does the same whoever runs it first (a
 * lend is told of once, a recurring expense recorded once).
 */
export const hourlyJobsPlugin = fp(async (app: FastifyInstance, opts: { timeZone: string }) => {
  const jobs: [string, () => Promise<unknown>][] = [
    ['purge of ended sessions and links', () => purgeEnded(app.db)],
    ['overdue lend notifications', () => notifyOverdueLends(app.db, opts.timeZone)],
    ['overdue invoice notifications', () => notifyOverdueInvoices(app.db, opts.timeZone)],
    ['ageing of receivables', () => ageReceivables(app.db, defaultToday(opts.timeZone))],
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

  // Recurring expenses and payments: a second after start (what fell due while the server was down),
  // then every few minutes. One run at a time on this server; several servers share the
  // work (each job claims its templates with SKIP LOCKED). A run is bounded, and
  // the next one goes on where it stopped.
  let recurringRun: Promise<unknown> | null = null;
  // Each kind of recurring entry: its job, and the log line of what a run made.
  const recurringJobs: [string, RecurringJob, string][] = [
    [
      'recurring expenses',
      async (today, options) => ({ created: await runDueRecurring(app.db, today, options) }),
      'recurring expenses recorded',
    ],
    [
      'recurring payments',
      (today, options) => runDueRecurringPayments(app.db, today, options),
      'recurring payments posted',
    ],
    [
      'lend reminders',
      (today, options) => runDueLendReminders(app.db, app.mailer, app.limits, today, options),
      'lend reminders sent',
    ],
  ];
  const runRecurring = () => {
    const today = defaultToday(opts.timeZone);
    // A template that fails is logged and left for the next run; the others go on.
    const warn = (details: object, message: string) => app.log.warn(details, message);
    recurringRun ??= Promise.all(
      recurringJobs.map(([name, job, made]) =>
        job(today, { warn })
          .then((tally) => {
            if (Object.values(tally).some((n) => n > 0)) app.log.info(tally, made);
          })
          .catch((err: unknown) => app.log.warn({ err }, `${name} failed`)),
      ),
    ).finally(() => (recurringRun = null));
  };
  let recurringFirst: ReturnType<typeof setTimeout> | undefined;
  const recurringEvery = setInterval(runRecurring, RECURRING_EVERY_MS);
  recurringEvery.unref();
  app.addHook('onReady', async () => {
    recurringFirst = setTimeout(runRecurring, 1000);
    recurringFirst.unref();
  });
  // Before the database closes: no new run, and the one under way finishes.
  app.addHook('preClose', async () => {
    clearTimeout(recurringFirst);
    clearInterval(recurringEvery);
    await recurringRun;
  });
});
