// `npx tsx scripts/pglite-template.ts`: remakes server/db/pgliteTemplate.tar.br, the new data
// folder the embedded database starts from (see server/db/pgliteTemplate.ts), with the PGlite
// in node_modules: its own initdb makes the folder, closed cleanly, then packed. Run it after
// an upgrade of PGlite that changes PostgreSQL's major version (the server test of the
// template fails then, and a first start falls back to initdb).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pack, TEMPLATE, unpack } from '../server/db/pgliteTemplate';

const work = mkdtempSync(join(tmpdir(), 'pglite-template-'));
try {
  const made = join(work, 'pg');
  const pg = await PGlite.create(made, { extensions: { pg_trgm } });
  await pg.close();
  const archive = fileURLToPath(TEMPLATE);
  await pack(made, archive);

  // What a first start will do with it: unpack, open, query.
  const check = join(work, 'check');
  await unpack(archive, check);
  const opened = await PGlite.create(check, { extensions: { pg_trgm } });
  const { rows } = await opened.query<{ version: string }>('select version()');
  await opened.close();
  console.log(
    `${archive}: ${(statSync(archive).size / 2 ** 20).toFixed(2)} MB, ${rows[0]!.version}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
