import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/db/backup';
import { openDatabase, type Database } from '../../server/db/client';
import { AUDITED_TABLES } from '../../contract/enums';
import {
  auditedTables,
  functionFiles,
  withAuditTriggers,
  withStatementTriggers,
} from '../../server/db/functions';
import { createFromTemplate } from '../../server/db/pgliteTemplate';
import { builtTemplate } from '../setup/builtTemplate';
import { createScratchDatabase } from './helpers';
import { withNewDatabase } from './fixtures/databases';
import { migrationsBeforeFunctions } from './migrationsBeforeFunctions';

/**
 * The database's functions and triggers are defined once, in server/db/functions, and applied
 * after the migrations at every start: a new database and one migrated by the migrations of
 * before (which defined them themselves) end with exactly those, and the older one keeps its
 * data.
 */
const dbFolder = join(import.meta.dirname, '../../server/db');
const work = mkdtempSync(join(tmpdir(), 'ecm-functions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Rows = Record<string, unknown>[];
type Query = (text: string) => Promise<Rows>;

/** What server/db/functions defines: `name` of each function, `table.name` of each trigger. */
function definedByFolder() {
  const functions = new Set<string>();
  const triggers = new Set<string>();
  for (const file of functionFiles(join(dbFolder, 'functions'))) {
    for (const [, name] of file.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g))
      functions.add(name!);
    for (const [, name, table] of file.matchAll(
      /CREATE OR REPLACE TRIGGER (\w+)\s[\s\S]*?\sON (\w+)\s/g,
    ))
      triggers.add(`${table}.${name}`);
    // Each table's change feed: a function and three triggers, made by change_feed_install.
    for (const [, table] of file.matchAll(/SELECT change_feed_install\('(\w+)'/g)) {
      functions.add(`${table}_changes`);
      for (const op of ['insert', 'update', 'delete'])
        triggers.add(`${table}.${table}_changes_${op}`);
    }
  }
  return { functions: [...functions].sort(), triggers: [...triggers].sort() };
}

/** The functions (those of extensions aside) and triggers of the database, with their SQL. */
async function catalog(query: Query) {
  const functions = await query(`
    select p.proname as name, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1, 2`);
  const triggers = await query(`
    select c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def,
           t.tgenabled::text as enabled
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal
     order by 1`);
  return { functions, triggers };
}

const names = (rows: Rows) => rows.map((r) => r.name);

/** Functions and triggers of the tables added since the functions folder (receivables). */
const ADDED_SINCE =
  /^(invoice|invoices|invoice_lines|invoice_links|invoice_profiles|clients|receipts|receipt_allocations)[._]|^projects\.projects_client$|^(project_client|client_projects)$|^(reconciliations|reconciliation_lines)[._]|^(reconciled_entry|payments\.payments_reconciled_reversal)$|^vendors[._]|^(loan_counterparty|loans\.loans_counterparty)$|^(project_status_history_row|projects\.projects_status_history)$|^(ageing_bucket|receivable_ageing_of|receivables_age)$/;
const old = (name: unknown) => !ADDED_SINCE.test(String(name));

const COMPANY = '00000000-0000-4000-8000-000000000001';
const PM = '00000000-0000-4000-8000-000000000002';
const ACCOUNT = '00000000-0000-4000-8000-000000000003';
const post = (date: string, type: string, amount: number) =>
  `select ledger_post('${COMPANY}', '${COMPANY}', '${COMPANY}', '${date}', '${type}',
     '[{"account": "${ACCOUNT}", "type": "${type}", "amount": ${amount}}]');`;

/** A company with a bank account and payments, a PM with an expense, and their audit trail. */
const DATA = `
  insert into users (id, name, email, role) values ('${COMPANY}', 'Co', 'co@example.com', 'company');
  insert into users (id, name, email, role, company_id)
    values ('${PM}', 'Pm', 'pm@example.com', 'pm', '${COMPANY}');
  select set_config('app.actor', '${COMPANY}', false), set_config('app.tenant', '${COMPANY}', false);
  insert into bank_accounts (id, company_id, holder_name, account_no, branch, ifsc, mobile, address)
    values ('${ACCOUNT}', '${COMPANY}', 'Main', '1234', 'Branch', 'IFSC0000001', '9999999999', 'Addr');
  ${post('2026-11-01', 'credit', 10_000)}
  ${post('2026-11-03', 'debit', 2_500)}
  ${post('2026-11-02', 'debit', 1_000)}
  insert into expenses (user_id, date, description, amount_paise, category)
    values ('${PM}', '2026-11-01', 'Lunch', 150, 'other');
`;

/** The records and the figures kept from them. */
const data = async (query: Query) =>
  (
    await query(`select
      (select count(*)::int from users) as users,
      (select balance_paise::text from bank_accounts) as balance,
      (select json_agg(json_build_object('date', date, 'type', type, 'amount', amount_paise::text)
                       order by seq) from payments) as payments,
      (select json_agg(json_build_object('date', date, 'credits', credits_paise::text,
                       'debits', debits_paise::text, 'low', low_paise::text) order by date)
         from account_days) as days,
      (select json_agg(json_build_object('month', month, 'amount', amount_paise::text))
         from expense_months) as months,
      (select json_agg(json_build_object('kind', kind, 'action', action) order by id)
         from audit_log) as audit`)
  )[0]!;

/**
 * A database as an install made it with the migrations of before (those before `before`, or
 * all), holding DATA; `open` opens it with today's code, as the server does.
 */
async function olderInstall(before?: string) {
  const migrationsFolder = migrationsBeforeFunctions(
    mkdtempSync(join(work, 'migrations-')),
    before,
  );
  const scratch = await createScratchDatabase();
  if (scratch.url) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
      await client.query(DATA);
      const query: Query = async (text) => (await client.query(text)).rows as Rows;
      return {
        data: await data(query),
        catalog: await catalog(query),
        open: () => openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' }),
        drop: scratch.drop,
      };
    } finally {
      await client.end();
    }
  }
  const dataDir = mkdtempSync(join(work, 'data-'));
  // A new cluster: unpacked from the built template when there is one (initdb's own output,
  // ~3 s of CPU less), else made by initdb.
  const built = builtTemplate();
  if (built) await createFromTemplate(join(dataDir, 'pg'), built);
  const older = await PGlite.create(join(dataDir, 'pg'), { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client: older }), { migrationsFolder });
    await older.exec(DATA);
    const query: Query = async (text) => (await older.query<Rows[number]>(text)).rows;
    return {
      data: await data(query),
      catalog: await catalog(query),
      open: () => openDatabase({ dataDir }),
      drop: async () => {},
    };
  } finally {
    await older.close();
  }
}

const queryOf =
  (database: Database): Query =>
  async (text) =>
    (await database.query<Rows[number]>(text)).rows;

/** Every file below `dir`. */
const filesBelow = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });

describe('the database functions and triggers', () => {
  it('are each defined once, in server/db/functions', () => {
    const definitions = new Map<string, string[]>();
    for (const file of filesBelow(dbFolder).filter((f) => /\.(sql|ts)$/.test(f)))
      // A function file's statement_triggers(…) and audit_triggers(…) lines count as the
      // triggers they stand for.
      for (const [, kind, name] of withAuditTriggers(
        withStatementTriggers(readFileSync(file, 'utf8')),
      ).matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\s+(\w+)/gi)) {
        const key = `${kind!.toLowerCase()} ${name}`;
        definitions.set(key, [...(definitions.get(key) ?? []), file.slice(dbFolder.length + 1)]);
      }
    const repeated = [...definitions].filter(([, files]) => files.length !== 1);
    expect(repeated).toEqual([]);
    const outside = [...definitions].filter(([, [file]]) => !file!.startsWith('functions/'));
    expect(outside).toEqual([]);
    expect(definitions.size).toBeGreaterThan(30);
    // Each audited table's trigger is seen, and as the statement that runs audit_row() on
    // every change of a row.
    expect(definitions.get('trigger users_audit')).toEqual(['functions/audit_trail.sql']);
    // Every kind of entry the contract names (AUDITED_TABLES) is a table with the trigger.
    const audited = [...definitions.keys()].flatMap(
      (key) => /^trigger (\w+)_audit$/.exec(key)?.[1] ?? [],
    );
    expect(audited).toEqual(expect.arrayContaining([...AUDITED_TABLES]));
    expect(withAuditTriggers('audit_triggers(users);')).toContain(
      "'CREATE OR REPLACE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users " +
        "FOR EACH ROW EXECUTE FUNCTION audit_row(%s)'",
    );
  });

  it("give each audited table's trigger its name and generated columns, and refuse another", async () => {
    const { triggers, generated, refused } = await withNewDatabase(async (database) => {
      const query = queryOf(database);
      const triggers = await query(`
        select c.relname as "table", t.tgname as name, t.tgnargs as count,
               array_remove(string_to_array(encode(t.tgargs, 'escape'), '\\000'), '') as args
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
         where t.tgfoid = 'audit_row'::regproc
         order by 1`);
      const generated = await query(`
        select c.relname as "table", array_agg(a.attname::text order by a.attnum) as columns
          from pg_attribute a join pg_class c on c.oid = a.attrelid
         where a.attgenerated <> '' and c.relkind = 'r'
         group by 1`);
      // A trigger made by hand, without the arguments or with another table's, is refused.
      await query(`create table audit_probe (id uuid primary key default gen_random_uuid())`);
      const refused: string[] = [];
      for (const args of ['', "'users'"]) {
        await query(`create or replace trigger audit_probe_audit after insert on audit_probe
                       for each row execute function audit_row(${args})`);
        refused.push(
          await query(`insert into audit_probe default values`).then(
            () => 'written',
            (error: Error) => error.message,
          ),
        );
      }
      return { triggers, generated, refused };
    });
    const generatedOf = new Map(generated.map((g) => [g.table, g.columns as string[]]));
    const tables = auditedTables(join(dbFolder, 'functions'));
    expect(triggers.map((t) => t.table)).toEqual([...tables].sort());
    expect(tables).toEqual(expect.arrayContaining([...AUDITED_TABLES]));
    for (const { table, name, count, args } of triggers) {
      const expected = [table as string, ...(generatedOf.get(table as string) ?? [])];
      expect({ name, args, count }).toEqual({
        name: `${table}_audit`,
        args: expected,
        count: expected.length,
      });
    }
    // The search copies, where the trail would otherwise repeat a name.
    expect(triggers.find((t) => t.table === 'users')!.args).toContain('email_lower');
    expect(refused).toEqual([
      'audit trigger audit_probe_audit on audit_probe was not made by audit_triggers(audit_probe)',
      'audit trigger audit_probe_audit on audit_probe was not made by audit_triggers(audit_probe)',
    ]);
  });

  it('are exactly those of the folder in a new database', async () => {
    const defined = definedByFolder();
    const { functions, triggers } = await withNewDatabase((database) => catalog(queryOf(database)));
    expect(names(functions)).toEqual(defined.functions);
    expect(names(triggers)).toEqual(defined.triggers);
    expect(triggers.filter((t) => t.enabled !== 'O')).toEqual([]);
  });

  it.each([
    ['an install of the last migrations before the functions folder', undefined],
    ['an install from before the per-table change feed', '0021'],
  ])(
    '%s keeps its data, and its backup, and ends with the same functions as a new one',
    async (_, before) => {
      const older = await olderInstall(before);
      try {
        const fresh = await withNewDatabase((database) => catalog(queryOf(database)));
        const database = await older.open();
        try {
          const query = queryOf(database);
          expect(await catalog(query)).toEqual(fresh);
          // The migrations of before made the same functions and triggers (bodies aside).
          if (!before) {
            expect(names(older.catalog.functions)).toEqual(names(fresh.functions).filter(old));
            expect(names(older.catalog.triggers)).toEqual(names(fresh.triggers).filter(old));
          }
          const after = await data(query);
          expect(after).toEqual(older.data);
          expect(after.balance).toBe('6500');
          expect(after.payments).toHaveLength(3);
          // Today's ledger_post and triggers at work on the older records.
          await query(`select set_config('app.actor', '${COMPANY}', false)`);
          await query(post('2026-11-02', 'debit', 500));
          const posted = await data(query);
          expect(posted.balance).toBe('6000');
          expect((posted.days as { date: string; debits: string }[])[1]).toMatchObject({
            date: '2026-11-02',
            debits: '1500',
          });
          expect((posted.audit as unknown[]).length).toBeGreaterThan(
            (after.audit as unknown[]).length,
          );
          // Its backup restores into a new database, records, figures and trail alike.
          const file = join(mkdtempSync(join(work, 'backup-')), 'older.ecm.gz');
          await backup(database.db, file);
          const restored = await withNewDatabase(async (copy) => {
            await restore(copy.db, file);
            return data(queryOf(copy));
          });
          expect(restored).toEqual(posted);
        } finally {
          await database.close();
        }
      } finally {
        await older.drop();
      }
    },
  );
});
