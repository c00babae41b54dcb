import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last commit whose migrations defined the database's functions and triggers themselves,
 * before server/db/functions: the migrations every install made until then has run.
 */
const BEFORE_FUNCTIONS = '48589bcdf92dc45cff8897205840c73cddcd747b';

/**
 * Writes that commit's migrations folder into `into` (from git) and answers its path; with
 * `before`, only the migrations whose tag sorts before it, as an install made back then.
 */
export function migrationsBeforeFunctions(into: string, before?: string): string {
  const root = join(import.meta.dirname, '../..');
  const tar = execFileSync(
    'git',
    ['-C', root, 'archive', BEFORE_FUNCTIONS, 'server/db/migrations'],
    {
      maxBuffer: 256 * 2 ** 20,
    },
  );
  execFileSync('tar', ['-x', '-C', into], { input: tar });
  const folder = join(into, 'server/db/migrations');
  if (before) {
    const journalFile = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < before);
    writeFileSync(journalFile, JSON.stringify(journal));
  }
  return folder;
}
