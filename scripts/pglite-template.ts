// `npx tsx scripts/pglite-template.ts [out]`: makes the template a new embedded database is
// unpacked from (see server/db/pgliteTemplate.ts) with the PGlite in node_modules, by default
// beside that module for a server run from the sources. `npm start` makes its own in build/
// (scripts/ensure-build.mjs). It is made, not kept in git: it is PGlite's initdb's output.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeTemplate, TEMPLATE } from '../server/db/pgliteTemplate';

const out = process.argv[2] ?? fileURLToPath(TEMPLATE);
const version = await makeTemplate(out);
console.log(`${out}: ${(statSync(out).size / 2 ** 20).toFixed(2)} MB, ${version}`);
