import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';

/**
 * The database the environment names (embedded in DATA_DIR, or DATABASE_URL), for a script
 * run by hand: one that cannot be opened ends it with its reason (exit code 1).
 */
export function openEnvDatabase() {
  const env = loadEnv();
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }).catch(
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
