// `npm run lint:api [FILE]`: the OpenAPI document, built in-process exactly as the server serves
// it at /api/docs/json (no database, nothing listening), checked with Redocly's recommended rules
// (redocly.yaml). FILE keeps a copy of the document.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/client';

const refuse = async (): Promise<never> => {
  throw new Error('building the API document needs no database');
};
// Building the app runs no query; the database's health ping would, after 2 s, and is stopped
// by close() long before.
const database: Database = {
  db: {} as Database['db'],
  kind: 'postgres',
  onLost() {},
  query: refuse,
  listen: refuse,
  close: async () => {},
};
const app = await buildApp({
  database,
  logLevel: 'silent',
  spaRoot: '/nonexistent',
  mailer: { kind: 'outbox', send: refuse },
});
await app.ready();
const document = JSON.stringify(app.swagger(), null, 2);
await app.close();

const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
const file = resolve(process.argv[2] ?? join(dir, 'openapi.json'));
try {
  writeFileSync(file, document);
  const lint = spawnSync(
    join('node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', resolve('redocly.yaml'), '--format', 'codeframe'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
