import { expect } from 'vitest';
import type { Caller } from '../../server/lib/caller';
import { companyWithAccount, type Api, type TestServer } from './helpers';
import { member, type Person } from './fixtures/cast';
import { lateBound, useServer } from './fixtures/server';

/**
 * Clients, projects and issued invoices written straight into the database, as issuing
 * leaves them (a draft with its lines, then numbered with its figures), so that the
 * receivables tests depend on the kept totals only.
 */

/**
 * A new admin's company (`name`) with an active bank account receipts go into: the admin's
 * API, the company (its API and id) and the account's id.
 */
export async function receivingCompany(server: TestServer, name: string) {
  const made = await companyWithAccount(server, name, { defaultStatus: 'active' });
  return { admin: made.admin.api, company: made.company, accountId: made.accountId };
}

/**
 * The file's server with a receiving company `name` (see receivingCompany), made before the
 * file's tests; `ready` does the rest of the set-up. Its admin and company (a person and its
 * API client) and its account (`account.id`) stand for them in the file's tests and hooks;
 * `caller()` is the company calling a service directly.
 */
export function useReceivingCompany(
  name: string,
  ready: (server: TestServer, made: { company: Person; accountId: string }) => unknown,
) {
  let made: { admin: Api; company: Person; accountId: string } | undefined;
  const server = useServer(async (started) => {
    const company = await receivingCompany(started, name);
    made = { ...company, company: member(company.company) };
    await ready(started, made);
  });
  const company = lateBound(() => made?.company, name);
  return {
    server,
    admin: lateBound(() => made?.admin, `${name}'s admin`),
    company,
    account: lateBound(() => made && { id: made.accountId }, `${name}'s account`),
    caller: () => companyCaller(company.id),
  };
}

/** The company `userId` calling a service directly, as its session would. */
export const companyCaller = (userId: string): Caller => ({
  userId,
  role: 'company',
  sessionId: '',
  companyId: null,
  pending: null,
});

/** A receipt `api`'s company records (201 checked): the receipt as the answer gives it. */
export async function recordReceipt(api: Api, receipt: Record<string, unknown>) {
  const res = await api.post('/receipts', receipt);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; version: number; advance: number };
}

export async function addClient(
  server: TestServer,
  companyId: string,
  name: string,
  opts: { gstin?: string; stateCode?: string } = {},
) {
  const { rows } = await server.database.query<{ id: string }>(
    `insert into clients (company_id, name, gstin, state_code, billing_address)
     values ($1, $2, $3, $4, '1 Main Road') returning id`,
    [companyId, name, opts.gstin ?? null, opts.stateCode ?? '29'],
  );
  return rows[0]!.id;
}

export async function addProject(
  server: TestServer,
  companyId: string,
  name: string,
  pmId: string | null,
) {
  const { rows } = await server.database.query<{ id: string }>(
    `insert into projects (company_id, project_name, client_name, client_number, duration,
       price_paise, payment_status, project_manager_id)
     values ($1, $2, 'Client', '9876543210', '3 months', 100000, 'pending', $3) returning id`,
    [companyId, name, pmId],
  );
  return rows[0]!.id;
}

let serial = 0;

/** An issued invoice (or credit note) with one line per rate: taxable paise by GST rate. */
export async function issueInvoice(
  server: TestServer,
  companyId: string,
  clientId: string,
  opts: {
    issueDate: string;
    dueDate?: string;
    placeOfSupply?: string;
    /** [gst rate, taxable paise] */
    lines: [number, number][];
    inter?: boolean;
    projectId?: string;
    creditNoteOf?: string;
    gstin?: string | null;
  },
) {
  const kind = opts.creditNoteOf ? 'credit_note' : 'invoice';
  const { rows } = await server.database.query<{ id: string }>(
    `insert into invoices (company_id, client_id, project_id, kind, credit_note_of, issue_date,
       place_of_supply) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      companyId,
      clientId,
      opts.projectId ?? null,
      kind,
      opts.creditNoteOf ?? null,
      opts.issueDate,
      opts.placeOfSupply ?? '29',
    ],
  );
  const id = rows[0]!.id;
  let taxable = 0;
  let tax = 0;
  for (const [i, [rate, amount]] of opts.lines.entries()) {
    await server.database.query(
      `insert into invoice_lines (invoice_id, position, description, sac_hsn, quantity_milli,
         rate_paise, gst_rate, taxable_paise) values ($1, $2, 'Work', '998314', 1000, $3, $4, $3)`,
      [id, i + 1, amount, rate],
    );
    taxable += amount;
    tax += Math.round((amount * rate) / 100);
  }
  const half = Math.floor(tax / 2);
  const n = ++serial;
  const prefix = kind === 'invoice' ? 'INV' : 'CN';
  await server.database.query(
    `update invoices set status = 'issued', number = $2, fy_start = 2026, serial = $3,
       due_date = $4, taxable_paise = $5, cgst_paise = $6, sgst_paise = $7, igst_paise = $8,
       tax_paise = $9, total_paise = $10, issued_at = now(),
       buyer = jsonb_build_object('name', (select name from clients where id = client_id),
                                  'gstin', $11::text)
     where id = $1`,
    [
      id,
      `${prefix}/26-27/${n}`,
      n,
      opts.dueDate ?? null,
      taxable,
      opts.inter ? 0 : half,
      opts.inter ? 0 : tax - half,
      opts.inter ? tax : 0,
      tax,
      taxable + tax,
      opts.gstin ?? null,
    ],
  );
  if (opts.creditNoteOf) {
    await server.database.query(
      `update invoices set credited_paise = credited_paise + $2 where id = $1`,
      [opts.creditNoteOf, taxable + tax],
    );
  }
  return { id, number: `${prefix}/26-27/${n}`, totalPaise: taxable + tax };
}

export async function invoiceRow(server: TestServer, id: string) {
  const { rows } = await server.database.query<{
    status: string;
    received_paise: string;
    tds_paise: string;
    credited_paise: string;
    total_paise: string;
  }>(
    `select status, received_paise::text, tds_paise::text, credited_paise::text, total_paise::text
       from invoices where id = $1`,
    [id],
  );
  const r = rows[0]!;
  return {
    status: r.status,
    received: Number(r.received_paise),
    tds: Number(r.tds_paise),
    credited: Number(r.credited_paise),
    total: Number(r.total_paise),
  };
}
