import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { startTestServer, type Api, type TestServer } from './helpers';

/**
 * What the tests of every recurring entry (recurring expenses, recurring payments) set up the
 * same way: a server whose templates' table is emptied after each test (the job runs over
 * every owner's templates: each test starts with none due but its own), adding a template,
 * counting rows, and the days a schedule makes.
 */

/** Starts a test server for the file, handed to `use`, and empties `table` after each test. */
export function templatesServer(
  table: 'recurring_expenses' | 'recurring_payments',
  use: (server: TestServer) => void,
) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    use(server);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await server.db.execute(sql`delete from ${sql.identifier(table)}`);
  });
}

/** Adds a template through `path` (a 201, or the test stops here saying why). */
export async function addTemplate(api: Api, path: string, body: object) {
  const res = await api.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; version: number; nextDate: string | null };
}

/** Every row of `table` (of every owner). */
export async function rowCount(server: TestServer, table: 'expenses' | 'payments') {
  const [row] = rowsOf<{ n: number }>(
    await server.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
  );
  return Number(row!.n);
}

/** YYYY-MM-DD of a UTC date, and the days `from`..`to` (inclusive) on weekday `weekday`. */
const iso = (d: Date) => d.toISOString().slice(0, 10);
export function weekdaysBetween(from: string, to: string, weekday: number) {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); iso(d) <= to; d.setUTCDate(d.getUTCDate() + 1))
    if (d.getUTCDay() === weekday) out.push(iso(d));
  return out;
}

/**
 * Twelve templates of `year`'s first half for two runners to race over: odd ones weekly (on
 * weekday i % 7), even ones monthly (on day 1 + i), each with its own amount, and the days
 * each must make, once.
 */
export const racedTemplates = (year: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    fields: {
      amount: 10 + i,
      schedule: i % 2 ? 'weekly' : 'monthly',
      day: i % 2 ? i % 7 : 1 + i,
      startDate: `${year}-01-01`,
      endDate: `${year}-06-30`,
    },
    days:
      i % 2
        ? weekdaysBetween(`${year}-01-01`, `${year}-06-30`, i % 7)
        : ['01', '02', '03', '04', '05', '06'].map(
            (m) => `${year}-${m}-${String(1 + i).padStart(2, '0')}`,
          ),
  }));
