import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_PGLITE_IMAGE } from './paths';

/**
 * The server tests' in-memory databases start from one migrated copy, made here once per run:
 * PGlite's initdb and the migrations take ~4 s of CPU, loading the copy ~0.5 s, and each test
 * file opens one or more fresh databases. The copy is made by the migrations themselves, as
 * every new database is, so a broken migration still fails the run. Each database opened
 * from it is its own (server/db/client.ts passes the file to the PGlite thread, which loads
 * it and then runs the migrations and functions as at any start: nothing left to migrate).
 * paths.ts names the copy.
 */
export default async function makeDatabaseImage() {
  // On PostgreSQL (DATABASE_URL) every test file creates its own database instead.
  if (process.env.DATABASE_URL) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { functionFiles } = await import('../../server/db/functions');
  const dbFolder = join(import.meta.dirname, '../../server/db');

  const pg = await PGlite.create('memory://', { extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client: pg }), { migrationsFolder: join(dbFolder, 'migrations') });
    await pg.transaction(async (tx) => {
      for (const file of functionFiles(join(dbFolder, 'functions'))) await tx.exec(file);
    });
    // Written to the data files, so that a copy starts without replaying the log.
    await pg.exec('checkpoint');
    const tar = await pg.dumpDataDir('none');
    writeFileSync(TEST_PGLITE_IMAGE, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await pg.close();
  }
  return () => rmSync(TEST_PGLITE_IMAGE, { force: true });
}
