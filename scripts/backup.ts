// `npm run backup [FILE]`: the whole database (embedded in DATA_DIR, or DATABASE_URL) in one file.
import { backup } from '../server/db/backup';
import { openEnvDatabase } from './database';

const file = process.argv[2] ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ecm.gz`;
const database = await openEnvDatabase();
try {
  const counts = await backup(database.db, file);
  console.log(`Backed up ${database.kind} to ${file}:`, counts);
} finally {
  await database.close();
}
