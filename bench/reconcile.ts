// `npm run bench -- --only=reconcile`: a reconciliation of a 10,000-line bank statement
// against an account of 100,000 entries, timed through the service as the call runs it:
// the file read and checked, the lines saved, an entry suggested for each (bench/reconcile
// writes the statement: 8,000 lines of entries in the books, dated up to 3 days apart and
// worded otherwise, and 2,000 the books do not have), then every suggestion confirmed.
// PGlite by default; PostgreSQL when DATABASE_URL is set. Prints the times and the target.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/db/client';
import type { Caller } from '../server/lib/caller';
import { receiveUpload, startReading } from '../server/services/importFile';
import {
  confirmMatches,
  createReconciliation,
} from '../server/services/reconciliation/reconciliations';
import { suggestMatches, type MatchEntry } from '../server/services/reconciliation/matching';
import { freshDatabase } from './load';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const MATCHED = Math.round(LINES * 0.8);
/** The target on PostgreSQL: the whole reconciliation, file to suggestions, within 10 s. */
const TARGET_SECONDS = 10;

const WORDS = ['acme', 'globex', 'initech', 'umbrella', 'stark', 'wayne', 'wonka', 'tyrell'];
const PURPOSES = ['rent', 'salary', 'invoice', 'supplies', 'freight', 'power', 'fees', 'repairs'];

/** A pseudo-random sequence of its own, so that every run has the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const day = (start: string, offset: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const rupees = (paise: number) =>
  `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

export async function runReconcileAlone() {
  const baseUrl = process.env.DATABASE_URL;
  const kind = baseUrl ? 'postgres' : 'pglite';
  const dataDir = join('bench', 'data');
  const { databaseUrl, drop } = await freshDatabase(baseUrl, dataDir);
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  const work = await mkdtemp(join(tmpdir(), 'ecm-reconcile-'));
  try {
    console.log(`Seeding ${kind}: one account of ${ENTRIES.toLocaleString('en-IN')} entries…`);
    const [company] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (name, email, role)
                           values ('Bench Traders', ${`bench.${Date.now()}@example.com`}, 'company')
                           returning id`),
    );
    const [account] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into bank_accounts (company_id, holder_name, account_no, branch,
                             ifsc, mobile, address, opening_balance_paise, balance_paise)
                           values (${company!.id}, 'Bench Traders', '123456789012', 'MG Road',
                                   'SBIN0001234', '9876543210', 'Bengaluru', 0, 0)
                           returning id`),
    );
    // The books: ENTRIES payments over 400 days, in batches (each a statement of its own).
    const next = random(7);
    const entries: MatchEntry[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const type = next() < 0.5 ? 'credit' : 'debit';
      entries.push({
        id: '',
        date: day('2025-01-01', Math.floor((i * 400) / ENTRIES)),
        type,
        amountPaise: 100 + Math.floor(next() * 5_000_000),
        remark: `${WORDS[i % WORDS.length]} ${PURPOSES[(i >> 3) % PURPOSES.length]} ${i}`,
        reference: null,
      });
    }
    const seeding = performance.now();
    for (let start = 0; start < entries.length; start += 5_000) {
      const batch = entries.slice(start, start + 5_000).map((e) => ({
        date: e.date,
        type: e.type,
        amount: e.amountPaise,
        remark: e.remark,
      }));
      await db.execute(sql`
        insert into payments (account_id, company_id, date, remark, type, amount_paise)
        select ${account!.id}, ${company!.id}, v.date, v.remark, v.type, v.amount
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
               as v(date date, remark text, type payment_type, amount bigint)`);
    }
    console.log(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    // The statement: MATCHED lines of entries in March and April 2025, the rest new.
    const inPeriod = entries
      .map((e, i) => ({ ...e, i }))
      .filter((e) => e.date >= '2025-03-01' && e.date <= '2025-04-30');
    const step = inPeriod.length / MATCHED;
    const chosen = Array.from({ length: MATCHED }, (_, k) => inPeriod[Math.floor(k * step)]!);
    const lines = chosen.map((e) => ({
      date: day(e.date, Math.floor(next() * 4)),
      type: e.type,
      amountPaise: e.amountPaise,
      description: `NEFT-${(WORDS[e.i % WORDS.length] ?? '').toUpperCase()} ${(PURPOSES[(e.i >> 3) % PURPOSES.length] ?? '').toUpperCase()}-REF${e.i}`,
    }));
    while (lines.length < LINES)
      lines.push({
        date: day('2025-03-01', Math.floor(next() * 60)),
        type: next() < 0.5 ? 'credit' : 'debit',
        amountPaise: 100 + Math.floor(next() * 5_000_000) * 7 + 3,
        description: `UPI-NEW PAYEE ${lines.length}`,
      });
    lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let balance = 1_000_000_000;
    const csv = ['Txn Date,Description,Ref No./Cheque No.,Debit,Credit,Balance'];
    for (const l of lines) {
      balance += l.type === 'credit' ? l.amountPaise : -l.amountPaise;
      const amount = rupees(l.amountPaise);
      csv.push(
        `${dmy(l.date)},${l.description},,${l.type === 'debit' ? amount : ''},${l.type === 'credit' ? amount : ''},${rupees(balance)}`,
      );
    }
    const file = join(work, 'statement.csv');
    await writeFile(file, `${csv.join('\n')}\n`);

    // The matching alone, in memory.
    const alone = performance.now();
    const suggested = suggestMatches(
      lines.map((l, i) => ({ ...l, id: String(i), reference: '' })),
      entries.map((e, i) => ({ ...e, id: String(i) })),
    );
    const matchingMs = performance.now() - alone;

    const caller: Caller = {
      userId: company!.id,
      role: 'company',
      sessionId: 'bench',
      companyId: null,
      pending: null,
    };
    const started = performance.now();
    const upload = await startReading(await receiveUpload(createReadStream(file)));
    const reconciliation = await createReconciliation(db, caller, account!.id, 'bench', upload);
    const createMs = performance.now() - started;
    await upload.discard();
    const confirming = performance.now();
    const confirmed = await confirmMatches(db, caller, reconciliation._id, 'all');
    const confirmMs = performance.now() - confirming;

    const seconds = createMs / 1000;
    console.log(
      `\n${kind}, ${LINES.toLocaleString('en-IN')} lines against ${ENTRIES.toLocaleString('en-IN')} entries, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(
      `matching alone (in memory): ${matchingMs.toFixed(0)} ms, ${suggested.size.toLocaleString('en-IN')} suggested`,
    );
    console.log(
      `file → saved lines → suggestions: ${createMs.toFixed(0)} ms (${reconciliation.counts.suggested.toLocaleString('en-IN')} suggested, ${reconciliation.counts.unmatched.toLocaleString('en-IN')} unmatched)`,
    );
    console.log(`confirm all: ${confirmMs.toFixed(0)} ms (${confirmed.toLocaleString('en-IN')})`);
    if (kind === 'postgres')
      console.log(
        `target: under ${TARGET_SECONDS} s on PostgreSQL — ${seconds < TARGET_SECONDS ? 'holds' : 'MISSED'}`,
      );
    if (kind === 'postgres' && seconds >= TARGET_SECONDS) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
    await database.close();
    await drop();
  }
}
