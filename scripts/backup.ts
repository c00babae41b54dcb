// `npm run backup [FILE]`: the whole database (embedded in DATA_DIR, or DATABASE_URL) in one file.
import { openDatabase } from '../server/db/client';
import { backup } from '../server/db/backup';
import { loadEnv } from '../server/env';

const env = loadEnv();
const file = process.argv[2] ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ecm.gz`;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }).catch(
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
try {
  const counts = await backup(database.db, file);
  console.log(`Backed up ${database.kind} to ${file}:`, counts);
} finally {
  await database.close();
}
