// `npm run restore FILE`: brings a backup back into an empty data folder or database.
import { existsSync } from 'node:fs';
import { restore } from '../server/db/backup';
import { openEnvDatabase } from './database';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore FILE');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`No backup file at ${file}`);
  process.exit(2);
}
const database = await openEnvDatabase();
try {
  const counts = await restore(database.db, file);
  console.log(`Restored ${file} into ${database.kind}:`, counts);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
