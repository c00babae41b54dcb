import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { setAuditTriggers } from '../server/db/audited';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { hashPassword } from '../server/lib/password';

/**
 * The benchmark's data set, written through the server's own data layer (Drizzle, the same
 * schema and migrations) in batches: 1 admin; 50 companies, each with 20 people, 200
 * projects and 3 bank accounts of 20,000 payments; 200 users with 5,000 expenses, 1,000
 * lends and 1,000 borrowed each; one user with 1,000,000 expenses (the SPA's list
 * measurement). BENCH_SCALE shrinks the per-owner counts for a quick run.
 */
export const PASSWORD = 'bench password 1';
export const ACCOUNTS = {
  admin: 'admin@bench.example',
  company: 'company1@bench.example',
  user: 'user1@bench.example',
  /** One user with a million expenses (at BENCH_SCALE=1), for the SPA's list measurement. */
  big: 'big@bench.example',
  pm: 'pm1.1@bench.example',
};

const BATCH = 4000;

function progress(label: string, total: number) {
  const started = performance.now();
  let done = 0;
  const draw = (final = false) => {
    const seconds = (performance.now() - started) / 1000;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const rate = Math.round(done / Math.max(seconds, 0.001));
    process.stdout.write(
      `\r  ${label.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')} rows, ${rate.toLocaleString('en-IN')} rows/s${final ? '\n' : ''}`,
    );
  };
  return {
    add(n: number) {
      done += n;
      draw();
    },
    end() {
      draw(true);
      return { rows: done, seconds: (performance.now() - started) / 1000 };
    },
  };
}

async function insertAll<T extends Record<string, unknown>>(
  database: Database,
  table: PgTable,
  label: string,
  total: number,
  make: (i: number) => T,
) {
  const bar = progress(label, total);
  for (let start = 0; start < total; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) rows.push(make(i));
    await database.db.insert(table).values(rows as never);
    bar.add(rows.length);
  }
  return bar.end();
}

const day = (base: string, offset: number) => {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

export async function seed(database: Database, scale = 1) {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const counts = {
    companies: 50,
    people: 20,
    projects: n(200),
    accounts: 3,
    payments: n(20_000),
    users: 200,
    expenses: n(5_000),
    loans: n(1_000),
    // BENCH_BIG keeps the million-row user whole in a scaled-down run (BENCH_BIG=1000000).
    bigExpenses: Number(process.env.BENCH_BIG) || n(1_000_000),
  };
  const passwordHash = await hashPassword(PASSWORD);
  const { db } = database;
  await setAuditTriggers(db, false);
  const started = performance.now();
  let rows = 0;

  const [admin] = await db
    .insert(schema.users)
    .values({ name: 'Bench Admin', email: ACCOUNTS.admin, passwordHash, role: 'admin' })
    .returning({ id: schema.users.id });
  const companies = await db
    .insert(schema.users)
    .values(
      Array.from({ length: counts.companies }, (_, c) => ({
        name: `Company ${c + 1}`,
        email: `company${c + 1}@bench.example`,
        passwordHash,
        role: 'company' as const,
        mobile: '9876543210',
        registrationNumber: `REG${c + 1}`,
        createdBy: admin!.id,
      })),
    )
    .returning({ id: schema.users.id });
  rows += 1 + companies.length;

  const roles = ['pm', 'tl', 'employee'] as const;
  const people = await db
    .insert(schema.users)
    .values(
      companies.flatMap((company, c) =>
        Array.from({ length: counts.people }, (_, p) => ({
          name: `Person ${c + 1}.${p + 1}`,
          email: `${roles[p % 3]}${c + 1}.${Math.floor(p / 3) + 1}@bench.example`,
          passwordHash,
          role: roles[p % 3]!,
          mobile: '9876543210',
          registrationNumber: `P${c + 1}-${p + 1}`,
          createdBy: company.id,
          companyId: company.id,
        })),
      ),
    )
    .returning({ id: schema.users.id, role: schema.users.role, companyId: schema.users.companyId });
  rows += people.length;
  const pmsOf = new Map<string, string[]>();
  for (const p of people)
    if (p.role === 'pm') pmsOf.set(p.companyId!, [...(pmsOf.get(p.companyId!) ?? []), p.id]);

  rows += (
    await insertAll(
      database,
      schema.projects,
      'projects',
      companies.length * counts.projects,
      (i) => {
        const company = companies[Math.floor(i / counts.projects)]!.id;
        const pms = pmsOf.get(company)!;
        return {
          companyId: company,
          date: day('2024-01-01', i % 1000),
          projectName: `Project ${i + 1}`,
          clientName: `Client ${i % 97}`,
          clientNumber: '9876543210',
          duration: `${1 + (i % 12)} months`,
          pricePaise: 1_000_00 + (i % 5000) * 100,
          paymentStatus: i % 3 ? 'paid' : 'pending',
          status: i % 4 ? 'active' : '',
          risk: 'low',
          statusByPm: '',
          projectManagerId: pms[i % pms.length]!,
        };
      },
    )
  ).rows;

  // Payments alternate credits and smaller debits, so balances never go below zero.
  const accounts = await db
    .insert(schema.bankAccounts)
    .values(
      companies.flatMap((company, c) =>
        Array.from({ length: counts.accounts }, (_, a) => ({
          companyId: company.id,
          holderName: `Company ${c + 1}`,
          accountNo: `${100000000 + c * 10 + a}`,
          branch: 'MG Road',
          ifsc: 'SBIN0001234',
          mobile: '9876543210',
          address: 'Bengaluru',
          defaultStatus: a === 0 ? ('active' as const) : ('deActive' as const),
          openingBalancePaise: 10_000_00,
          balancePaise: 10_000_00,
        })),
      ),
    )
    .returning({ id: schema.bankAccounts.id, companyId: schema.bankAccounts.companyId });
  rows += accounts.length;
  const perPayment = (i: number) =>
    i % 2 === 0
      ? { type: 'credit' as const, amountPaise: 500_00 }
      : { type: 'debit' as const, amountPaise: 300_00 };
  rows += (
    await insertAll(
      database,
      schema.payments,
      'payments',
      accounts.length * counts.payments,
      (i) => {
        const account = accounts[Math.floor(i / counts.payments)]!;
        const k = i % counts.payments;
        const p = perPayment(k);
        return {
          accountId: account.id,
          companyId: account.companyId,
          date: day('2024-01-01', Math.floor((k * 1000) / counts.payments)),
          remark: `Payment ${k + 1}`,
          type: p.type,
          amountPaise: p.amountPaise,
        };
      },
    )
  ).rows;
  // Each balance is its opening plus its payments, summed by the database itself.
  await db.execute(sql`
    update bank_accounts b set balance_paise = b.opening_balance_paise + coalesce((
      select sum(case when p.type = 'credit' then p.amount_paise else -p.amount_paise end)
        from payments p where p.account_id = b.id), 0)`);

  const users = await db
    .insert(schema.users)
    .values(
      Array.from({ length: counts.users }, (_, u) => ({
        name: `User ${u + 1}`,
        email: `user${u + 1}@bench.example`,
        passwordHash,
        role: 'admin' as const,
      })),
    )
    .returning({ id: schema.users.id });
  rows += users.length;
  const categories = ['shopping', 'movie', 'other'] as const;
  rows += (
    await insertAll(database, schema.expenses, 'expenses', users.length * counts.expenses, (i) => ({
      userId: users[Math.floor(i / counts.expenses)]!.id,
      date: day('2024-01-01', i % 1000),
      description: `Expense ${i % counts.expenses} ${categories[i % 3]} item`,
      amountPaise: 100 + ((i * 7919) % 500_000),
      category: categories[i % 3]!,
    }))
  ).rows;
  rows += (
    await insertAll(database, schema.loans, 'loans', users.length * counts.loans * 2, (i) => {
      const k = i % (counts.loans * 2);
      const issue = day('2024-01-01', k % 1000);
      return {
        userId: users[Math.floor(i / (counts.loans * 2))]!.id,
        direction: k % 2 ? ('borrowed' as const) : ('lend' as const),
        name: `Person ${k % 150}`,
        email: `person${k % 150}@example.com`,
        amountPaise: 1000_00 + (k % 1000) * 100,
        repaidPaise: k % 3 === 0 ? 500_00 : 0,
        issueDate: issue,
        repaymentDate: day(issue, 90),
      };
    })
  ).rows;

  const [big] = await db
    .insert(schema.users)
    .values({ name: 'Big Spender', email: ACCOUNTS.big, passwordHash, role: 'admin' })
    .returning({ id: schema.users.id });
  rows += 1;
  rows += (
    await insertAll(database, schema.expenses, 'big user', counts.bigExpenses, (i) => ({
      userId: big!.id,
      date: day('2016-01-01', i % 3650),
      description: `Big ${i} ${categories[i % 3]} item`,
      amountPaise: 100 + ((i * 7919) % 500_000),
      category: categories[i % 3]!,
    }))
  ).rows;

  await setAuditTriggers(db, true);
  // As autovacuum leaves a live database: statistics and the visibility map (index-only
  // scans) up to date.
  await db.execute(sql`vacuum analyze`);
  return { rows, seconds: (performance.now() - started) / 1000 };
}
