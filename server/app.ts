import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client';
import { watchDatabase, type DatabaseHealth } from './db/health';
import { createMailer, type Mailer } from './mail/mailer';
import { loggerOptions, RequestLog } from './lib/logSafe';
import { answerSerializer } from './lib/serializer';
import { backgroundWork, type BackgroundWork } from './lib/background';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { bodyGuardPlugin, type BodyTimings } from './plugins/bodyGuard';
import { inputGuardPlugin } from './plugins/inputGuard';
import { rateLimitPlugin } from './plugins/rateLimit';
import { routeMethodsPlugin } from './plugins/routeMethods';
import { docsPlugin } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { SECURITY_HEADERS, securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { timeZonePlugin } from './plugins/timeZone';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { expenseRoutes } from './routes/expenses';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { healthRoutes } from './routes/health';
import { inviteRoutes } from './routes/invites';
import { metricsRoutes } from './routes/metrics';
import { accountRoutes } from './routes/account';
import { auditRoutes } from './routes/audit';
import { bankRoutes } from './routes/bank';
import { vendorRoutes } from './routes/vendors';
import { invoicingRoutes, publicInvoiceRoutes } from './routes/invoicing';
import { khataRoutes, publicKhataRoutes } from './routes/khata';
import { counterpartyRoutes } from './routes/counterparties';
import { loanRoutes } from './routes/loans';
import { peopleRoutes } from './routes/people';
import { projectRoutes } from './routes/projects';
import { receiptRoutes } from './routes/receipts';
import { recurringRoutes } from './routes/recurring';
import { budgetRoutes } from './routes/budgets';
import { recurringPaymentRoutes } from './routes/recurringPayments';
import { reconciliationRoutes } from './routes/reconciliation';
import { categoryRoutes } from './routes/categories';
import { reminderRoutes } from './routes/reminders';
import { eventRoutes } from './routes/events';
import { notificationRoutes } from './routes/notifications';
import { hourlyJobsPlugin } from './plugins/hourlyJobs';
import { ChangeFeed, type FeedOptions } from './services/changeFeed';
import type { Limits } from './services/rateLimits';
import { DEFAULT_TIME_ZONE } from '../contract/headers';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    mailer: Mailer;
    /** Where the SPA is reached, for links in e-mails. */
    publicUrl: string;
    dbHealth: DatabaseHealth;
    /** Work done after the answer has gone (mail); shutdown waits for it. */
    background: BackgroundWork;
    /** The open live streams and the database's changes they hear of. */
    changeFeed: ChangeFeed;
  }
}

export interface AppOptions {
  database: Database;
  logLevel?: string;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** The load balancers' addresses or CIDR ranges, whose X-Forwarded-For is believed. */
  trustProxy?: string[];
  /** The rate limits (tests loosen them); LIMITS by default. */
  limits?: Limits;
  /** Serve /api/metrics (event-loop delay, memory) for the benchmark. */
  metrics?: boolean;
  /** Folder of the built SPA; the API alone is served when it has no index.html. */
  spaRoot?: string;
  /** A ready mailer (tests); else one is made from smtpUrl, or the outbox in dataDir. */
  mailer?: Mailer;
  smtpUrl?: string;
  dataDir?: string;
  mailFrom?: string;
  publicUrl?: string;
  /** The time zone of callers that send no X-Time-Zone (or an unknown one); Asia/Kolkata. */
  timeZone?: string;
  /** The live streams' timings and cap per user (tests shorten them). */
  live?: Partial<FeedOptions> & { streamsPerUser?: number };
  /** How long a request body may stall or trickle (tests shorten it). */
  bodyTimings?: Partial<BodyTimings>;
  /**
   * Check every answer against its Zod schema before it is written, and the production
   * writer against that (lib/serializer.ts); by default everywhere but in production.
   */
  checkAnswers?: boolean;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/** Builds the whole app; main.ts listens on it, tests call it over HTTP. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: loggerOptions(opts.logLevel ?? 'info', opts.logStream),
    // One line per request, when it is answered (lib/logSafe.ts).
    logController: new RequestLog(),
    bodyLimit: 64 * 1024,
    // While stopping, a request that reaches an open connection is still served.
    return503OnClosing: false,
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Addresses the router refuses before any route runs answer like every other refusal,
    // and never echo the address: an id longer than any record's is simply not found.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // No onRequest hook ran: the headers every answer has are set here.
      void (reply as unknown as FastifyReply)
        .status(tooLong ? 404 : 400)
        .headers(SECURITY_HEADERS)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .send({ success: false, message: tooLong ? 'Not found' : 'This address is not valid' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    answerSerializer({ checked: opts.checkAnswers ?? process.env.NODE_ENV !== 'production' }),
  );
  app.decorate('db', opts.database.db);
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({
        smtpUrl: opts.smtpUrl,
        outboxDir: join(opts.dataDir ?? 'data', 'outbox'),
        from: opts.mailFrom ?? 'Expense Manager <no-reply@localhost>',
        log: app.log,
      }),
  );
  app.decorate('publicUrl', opts.publicUrl ?? 'http://localhost:3000');
  app.decorate('background', backgroundWork(app.log));
  // Once stopping, each answer closes its connection, so keep-alive clients go elsewhere
  // and the server can finish as soon as the calls in flight are answered.
  let closing = false;
  app.decorate('changeFeed', new ChangeFeed(opts.database, app.log, opts.live));
  app.addHook('preClose', async () => {
    closing = true;
    // Open streams would hold the server open for good: end them first.
    await app.changeFeed.stop();
  });
  // A callback, not an async hook: it runs for every answer. (The request id, no-store and
  // the security headers are set as a request arrives: plugins/security.ts.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.decorate('dbHealth', watchDatabase(opts.database.db, app.log));
  app.addHook('onClose', async () => {
    app.dbHealth.stop();
    await app.background.drain();
    await opts.database.close();
  });

  registerErrorHandling(app);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(bodyGuardPlugin, opts.bodyTimings ?? {});
  await app.register(inputGuardPlugin);
  await app.register(routeMethodsPlugin);
  await app.register(rateLimitPlugin, { limits: opts.limits });
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(timeZonePlugin, { defaultZone: opts.timeZone });
  await app.register(hourlyJobsPlugin, { timeZone: opts.timeZone ?? DEFAULT_TIME_ZONE });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(dashboardRoutes);
      await api.register(expenseRoutes);
      await api.register(recurringRoutes);
      await api.register(recurringPaymentRoutes);
      await api.register(categoryRoutes);
      await api.register(budgetRoutes);
      await api.register(exportRoutes);
      await api.register(importRoutes, { database: opts.database.kind });
      await api.register(loanRoutes('lend'));
      await api.register(loanRoutes('borrowed'));
      await api.register(reminderRoutes);
      await api.register(counterpartyRoutes);
      await api.register(khataRoutes);
      await api.register(publicKhataRoutes);
      await api.register(peopleRoutes);
      await api.register(inviteRoutes);
      await api.register(projectRoutes);
      await api.register(bankRoutes);
      await api.register(reconciliationRoutes);
      await api.register(vendorRoutes);
      await api.register(receiptRoutes);
      await api.register(invoicingRoutes);
      await api.register(publicInvoiceRoutes);
      await api.register(auditRoutes);
      await api.register(eventRoutes(app.changeFeed, opts.live?.streamsPerUser));
      await api.register(notificationRoutes);
      if (opts.metrics) await api.register(metricsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, { root: opts.spaRoot });
  return app;
}
