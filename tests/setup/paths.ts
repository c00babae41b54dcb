import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Where the global set-ups leave what every test file of the run starts from, named by the run's
// process. Apart from the set-ups, so that vite.config.ts loads without their imports.

/** The server tests' migrated database, as PGlite's data folder in a tar (database.ts). */
export const TEST_PGLITE_IMAGE = join(tmpdir(), `ecm-test-database-${process.pid}.tar`);

/** The browser tests' data folder, with the first start's work done (browserServer.ts). */
export const BROWSER_DATA_TEMPLATE = join(tmpdir(), `ecm-browser-data-${process.pid}`);
