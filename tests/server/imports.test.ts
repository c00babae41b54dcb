import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { addUser, bankAccountBody, signUp, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    logStream: {
      write: (l: string) => {
        if (l.includes('"level":50')) console.log(l);
      },
    },
  });
});
afterAll(() => server.close());

type Query = Record<string, string | number | boolean | undefined>;

/** Sends a file as the body of an import call, as the SPA does. */
async function send(
  token: string,
  path: 'preview' | 'run',
  file: string | Buffer,
  query: Query,
  type = 'text/csv',
) {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await fetch(`${server.origin}/api/import/${path}?${params}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

async function preview(token: string, file: string | Buffer, query: Query, type?: string) {
  const res = await send(token, 'preview', file, query, type);
  return { ...res, body: JSON.parse(res.text) };
}

/** Runs an import: the refusal's body, or the progress lines and the last line. */
async function run(token: string, file: string | Buffer, query: Query, type?: string) {
  const res = await send(token, 'run', file, query, type);
  if (res.status !== 200) return { status: res.status, body: JSON.parse(res.text), lines: [] };
  const lines = res.text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { status: res.status, body: lines.at(-1), lines };
}

const BANK_CSV = [
  'State Bank of India',
  'Account Number,00000012345678901',
  'Statement from 01/04/2026 to 30/04/2026',
  '',
  'Txn Date,Description,Ref No,Withdrawal Amt.,Deposit Amt.,Balance',
  '01/04/2026,Salary credit,REF1,,"1,23,456.50","1,33,456.50"',
  '02/04/2026,Rent for April,REF2,"25,000.00",,"1,08,456.50"',
  '02/04/2026,ATM cash,REF3,"2,000",0.00,"1,06,456.50"',
  '15/04/2026,Electricity — BESCOM,REF4,"1,234.75",,"1,05,221.75"',
].join('\r\n');

async function company() {
  const admin = await signUp(server);
  const co = await addUser(server, admin.api, 'Acme Traders', 'company');
  const created = await co.api.post(
    '/company/createbank',
    bankAccountBody({ openingBalance: 10000 }),
  );
  expect(created.status).toBe(201);
  return { admin, co, accountId: created.body.data._id as string };
}

async function statementOf(token: string, accountId: string) {
  const res = await server
    .api(token)
    .get(`/company/statement?accountId=${accountId}&from=2026-04-01&to=2026-04-30&pageSize=100`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('import a bank download into an account', () => {
  it('guesses the header line and columns, imports, and the balance adds up', async () => {
    const { co, accountId } = await company();
    const p = await preview(co.token, BANK_CSV, { kind: 'payments', accountId });
    expect(p.status, p.text).toBe(200);
    expect(p.body.settingsFrom).toBe('guessed');
    expect(p.body.settings).toMatchObject({
      headerRow: 5,
      dateFormat: 'DD/MM/YYYY',
      amountStyle: 'debitCredit',
      dateColumn: 1,
      descriptionColumn: 2,
      debitColumn: 4,
      creditColumn: 5,
    });
    expect(p.body.above).toHaveLength(4);
    expect(p.body.counts).toEqual({ rows: 4, ready: 4, errors: 0, duplicates: 0, skipped: 0 });
    expect(p.body.rows.map((r: { status: string }) => r.status)).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
    ]);

    const r = await run(co.token, BANK_CSV, p.body.settings);
    expect(r.status).toBe(200);
    expect(r.lines[0]).toEqual({ progress: { done: 0, total: 4 } });
    // 10,000 + 1,23,456.50 - 25,000 - 2,000 - 1,234.75
    expect(r.body).toEqual({
      result: {
        imported: 4,
        duplicatesSkipped: 0,
        duplicatesKept: 0,
        skipped: 0,
        balance: 105221.75,
      },
    });
    const statement = await statementOf(co.token, accountId);
    expect(statement.data).toMatchObject({ openingBalance: 10000, closingBalance: 105221.75 });

    // The same file again: every row is already there, and nothing more is recorded.
    const again = await preview(co.token, BANK_CSV, { kind: 'payments', accountId });
    expect(again.body.settingsFrom).toBe('saved');
    expect(again.body.counts).toMatchObject({ rows: 4, ready: 0, duplicates: 4 });
    const second = await run(co.token, BANK_CSV, again.body.settings);
    expect(second.body.result).toMatchObject({
      imported: 0,
      duplicatesSkipped: 4,
      balance: 105221.75,
    });
  });

  it('refuses the whole file for one bad row, naming its cell, and saves nothing', async () => {
    const { co, accountId } = await company();
    const bad = BANK_CSV.replace('15/04/2026', '31/02/2026');
    const p = await preview(co.token, bad, { kind: 'payments', accountId });
    expect(p.body.counts).toMatchObject({ rows: 4, ready: 3, errors: 1 });
    expect(p.body.problems).toEqual([
      { row: 9, column: 1, message: '"31/02/2026" is not a real date (between 1900 and 2200)' },
    ]);
    const r = await run(co.token, bad, p.body.settings);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(
      /^1 row has errors, so nothing was imported; the first: row 9, column A/,
    );
    expect((await statementOf(co.token, accountId)).data.closingBalance).toBe(10000);
    const [count] = rowsOf<{ n: number }>(
      await server.db.execute(
        sql`select count(*)::int as n from payments where account_id = ${accountId}`,
      ),
    );
    expect(count!.n).toBe(0);
  });
});
