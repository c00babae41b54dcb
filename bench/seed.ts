import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { setAuditTriggers } from '../server/db/audited';
import { rowsOf, type Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { hashPassword } from '../server/lib/password';
import { gstinCheckChar } from '../contract/gst';

/**
 * The benchmark's data set, written through the server's own data layer (Drizzle, the same
 * schema and migrations) in batches: 1 admin; 50 companies, each with 20 people, 200
 * projects and 3 bank accounts of 20,000 payments; 200 users with 5,000 expenses, 1,000
 * lends and 1,000 borrowed each; one user with 1,000,000 expenses (the SPA's list
 * measurement); and company 1's invoicing (seedInvoicing): 100,000 issued invoices.
 * BENCH_SCALE shrinks the per-owner counts for a quick run; `counts` sets any of them.
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

const countsAt = (scale: number) => {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
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
    // BENCH_INVOICES sets company 1's invoices whatever the scale.
    invoices: Number(process.env.BENCH_INVOICES) || n(100_000),
    clients: n(500),
  };
};
export type SeedCounts = ReturnType<typeof countsAt>;

export async function seed(database: Database, scale = 1, only: Partial<SeedCounts> = {}) {
  const counts = { ...countsAt(scale), ...only };
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

  rows += (await seedInvoicing(database, companies[0]!.id, counts)).rows;

  await setAuditTriggers(db, true);
  // As autovacuum leaves a live database: statistics and the visibility map (index-only
  // scans) up to date.
  await db.execute(sql`vacuum analyze`);
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/**
 * A company's receivables, in bulk SQL (generate_series) while the audit, change-feed and
 * line-guard triggers are off (setAuditTriggers): its invoicing profile (prefix IN, for
 * five-digit serials), `clients` clients (a quarter in another state: IGST), and `invoices`
 * invoices inserted issued, one a day or so up to yesterday, numbered without gaps per
 * financial year, on its projects (one in twenty on none), each with two lines at 18 % whose
 * figures are the invoice's own (taxable value, CGST+SGST or IGST, round-off), as issuing
 * computes them; then a receipt allocated to each of three in ten (paid) and one in ten (half
 * paid), and the counters the next issue numbers from.
 */
export async function seedInvoicing(
  database: Database,
  companyId: string,
  counts: Pick<SeedCounts, 'invoices' | 'clients'>,
) {
  const { db } = database;
  const bar = progress('invoicing', counts.invoices);
  const pan = 'AAACB1234C';
  const gstin = `29${pan}1Z`;
  await db.execute(sql`
    insert into invoice_profiles (company_id, legal_name, address, state_code, gstin, pan,
        bank_account_id, upi_id, invoice_prefix, credit_note_prefix, terms_days)
    select ${companyId}, u.name || ' Private Limited', '1 MG Road, Bengaluru 560001', '29',
        ${gstin + gstinCheckChar(gstin)}, ${pan},
        (select b.id from bank_accounts b where b.company_id = u.id order by b.account_no limit 1),
        'company1@okaxis', 'IN', 'CN', 15
      from users u where u.id = ${companyId}`);
  await db.execute(sql`
    insert into clients (company_id, name, state_code, billing_address, email, mobile)
    select ${companyId}, 'Client ' || lpad(c::text, 4, '0'), case when c % 4 = 0 then '27' else '29' end,
        c || ' Residency Road', 'client' || c || '@bench.example', '+919876543210'
      from generate_series(1, ${counts.clients}) c`);
  // Issue dates run from two years before yesterday to yesterday, in the order of k.
  await db.execute(sql`
    with cl as (
      select c.*, (row_number() over (order by c.name_lower) - 1)::int as n
        from clients c where c.company_id = ${companyId}),
    pr as (select array_agg(p.id order by p.date, p.id) as ids
             from projects p where p.company_id = ${companyId}),
    seller as (
      select jsonb_build_object('name', p.legal_name, 'address', p.address,
          'stateCode', p.state_code, 'gstin', p.gstin, 'pan', p.pan, 'upiId', p.upi_id,
          'bank', case when b.id is null then null else jsonb_build_object('bankName', b.branch,
            'accountName', b.holder_name, 'accountNumber', b.account_no, 'ifsc', b.ifsc) end) as s
        from invoice_profiles p left join bank_accounts b on b.id = p.bank_account_id
       where p.company_id = ${companyId}),
    g as (
      select k, current_date - 729 + (k::bigint * 729 / ${counts.invoices})::int as d,
          100000 + (1000 + k % 500) * 100 as taxable
        from generate_series(0, ${counts.invoices} - 1) k),
    f as (select g.*, extract(year from d)::int
                        - case when extract(month from d) < 4 then 1 else 0 end as fy,
                 (taxable * 118 / 100 + 50) / 100 * 100 as total
            from g),
    s as (select f.*, row_number() over (partition by fy order by k)::int as serial from f)
    insert into invoices (company_id, client_id, project_id, status, number, fy_start, serial,
        issue_date, due_date, place_of_supply, seller, buyer, taxable_paise, cgst_paise,
        sgst_paise, igst_paise, tax_paise, round_off_paise, total_paise, received_paise,
        issued_at)
    select ${companyId}, cl.id,
        case when s.k % 20 = 19 then null else pr.ids[1 + s.k % cardinality(pr.ids)] end,
        case when s.k % 10 < 3 then 'paid' when s.k % 10 = 3 then 'part_paid' else 'issued' end,
        'IN/' || s.fy || '-' || lpad(((s.fy + 1) % 100)::text, 2, '0') || '/'
          || lpad(s.serial::text, greatest(4, length(s.serial::text)), '0'),
        s.fy, s.serial, s.d, s.d + 15, cl.state_code, seller.s,
        jsonb_build_object('name', cl.name, 'address', cl.billing_address,
          'stateCode', cl.state_code, 'gstin', cl.gstin, 'email', cl.email, 'mobile', cl.mobile),
        s.taxable,
        case when cl.state_code = '29' then s.taxable * 9 / 100 else 0 end,
        case when cl.state_code = '29' then s.taxable * 9 / 100 else 0 end,
        case when cl.state_code = '29' then 0 else s.taxable * 18 / 100 end,
        s.taxable * 18 / 100, s.total - s.taxable * 118 / 100, s.total,
        case when s.k % 10 < 3 then s.total when s.k % 10 = 3 then s.total / 200 * 100 else 0 end,
        now()
      from s join cl on cl.n = s.k % ${counts.clients} cross join pr cross join seller`);
  // Line 1 is the rest of the taxable value (a whole number of rupees), line 2 two units of ₹500.
  await db.execute(sql`
    insert into invoice_lines (invoice_id, position, description, sac_hsn, quantity_milli,
        rate_paise, gst_rate, taxable_paise)
    select i.id, l, case l when 1 then 'Consulting services' else 'Support hours' end, '998311',
        l * 1000, case l when 1 then i.taxable_paise - 100000 else 50000 end, 18,
        case l when 1 then i.taxable_paise - 100000 else 100000 end
      from invoices i cross join generate_series(1, 2) l where i.company_id = ${companyId}`);
  await db.execute(sql`
    with paid as materialized (
      select gen_random_uuid() as receipt_id, i.id as invoice_id, i.client_id, i.number,
          i.received_paise, least(i.issue_date + 10, current_date) as date
        from invoices i where i.company_id = ${companyId} and i.received_paise > 0),
    r as (
      insert into receipts (id, company_id, client_id, bank_account_id, date, amount_paise,
          mode, reference)
      select p.receipt_id, ${companyId}, p.client_id,
          (select b.id from bank_accounts b where b.company_id = ${companyId}
            order by b.account_no limit 1),
          p.date, p.received_paise, 'neft', 'NEFT for ' || p.number
        from paid p)
    insert into receipt_allocations (receipt_id, invoice_id, amount_paise)
    select p.receipt_id, p.invoice_id, p.received_paise from paid p`);
  await db.execute(sql`
    insert into document_counters (company_id, series, fy_start, last, last_date)
    select ${companyId}, 'invoice', fy_start, max(serial), max(issue_date)
      from invoices where company_id = ${companyId} group by fy_start`);
  bar.add(counts.invoices);
  const [receipts] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from receipts where company_id = ${companyId}`),
  );
  const { seconds } = bar.end();
  // The invoices, their lines, the receipts and their allocations, the clients and profile.
  return { rows: counts.invoices * 3 + receipts!.n * 2 + counts.clients + 1, seconds };
}
