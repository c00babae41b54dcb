import { copyFileSync, existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE } from '../../server/db/pgliteTemplate';

const root = resolve(import.meta.dirname, '../..');

/**
 * The template of a new embedded database that ensure-build made for `npm start`
 * (build/pglite-template-<PGlite version>.tar.br), if it was made after makeTemplate's module
 * last changed (scripts/pglite-template.ts only calls it). `npm test` runs ensure-build before any file (the browser tests'
 * set-up), so on a fresh clone it is this run's. Making another costs ~25 s of CPU (PGlite's
 * initdb, then brotli at its best ratio).
 */
export function builtTemplate(): string | undefined {
  const { version } = JSON.parse(
    readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const built = join(root, `build/pglite-template-${version}.tar.br`);
  try {
    const maker = join(root, 'server/db/pgliteTemplate.ts');
    return statSync(maker).mtimeMs < statSync(built).mtimeMs ? built : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A server run from the sources (support/serverProcess without `built`) unpacks a new data
 * folder from server/db/pgliteTemplate.tar.br, which is made, not kept in git; without it each
 * start on a new folder runs PGlite's initdb (~3 s of CPU and ~750 MB). The built one is put
 * there when it is missing, as scripts/pglite-template.ts would make it; without either, the
 * servers make their folders with initdb, as before.
 */
export function provideSourcesTemplate() {
  const target = fileURLToPath(TEMPLATE);
  const built = builtTemplate();
  if (existsSync(target) || !built) return;
  const next = `${target}.${process.pid}`;
  copyFileSync(built, next);
  renameSync(next, target); // in one step: another file's server may be starting meanwhile
}
