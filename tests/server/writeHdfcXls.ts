import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hdfcStatementRows, writeXls } from './biffWriter';

/** Writes tests/fixtures/banks/hdfc.xls: `npx tsx tests/server/writeHdfcXls.ts`. */
writeFileSync(
  join(import.meta.dirname, '../fixtures/banks/hdfc.xls'),
  writeXls(hdfcStatementRows(), {}, 'Statement'),
);
