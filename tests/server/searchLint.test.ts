import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Every list searches one way: containsAnyCase on a lowercase copy (server/db/search.ts). */
describe('search in server code', () => {
  it('refuses ILIKE, in drizzle or in SQL text, and takes containsAnyCase', async () => {
    const eslint = new ESLint();
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: 'server/services/example.ts' });
      return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
    };
    expect(
      await lint(
        "import { ilike } from 'drizzle-orm';\nimport { users } from '../db/schema';\nexport const f = (s: string) => ilike(users.name, s);\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await lint(
        "import { sql } from 'drizzle-orm';\nexport const f = (s: string) => sql`name ILIKE ${s}`;\n",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await lint(
        "import { containsAnyCase } from '../db/search';\nimport { users } from '../db/schema';\nexport const f = (s: string) => containsAnyCase(users.nameLower, s);\n",
      ),
    ).toEqual([]);
  });
});
