import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv } from './env';

/** The only file that listens: reads the environment, opens the database, serves. */
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const app = await buildApp({
  database,
  logLevel: env.LOG_LEVEL,
  trustProxy: env.TRUST_PROXY,
  metrics: env.METRICS,
  smtpUrl: env.SMTP_URL,
  dataDir: env.dataDir,
  mailFrom: env.MAIL_FROM,
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  timeZone: env.DEFAULT_TIME_ZONE,
});

// Unlike a PostgreSQL server, an embedded database that has stopped does not come back:
// exit, so that whatever supervises the server starts it again.
database.onLost((err) => {
  app.log.fatal({ err }, 'the database stopped; exiting');
  process.exit(1);
});

// SIGTERM: stop accepting, let calls in flight finish, then close the database (onClose).
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('calls still running after 20 s; exiting anyway');
      process.exit(1);
    }, 20_000).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  { database: database.kind, dataDir: database.kind === 'pglite' ? env.dataDir : undefined },
  'ready',
);
