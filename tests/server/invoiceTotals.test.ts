import { describe, expect, it } from 'vitest';
import { addUser, bankAccountBody, signUp, type Api, type TestServer } from './helpers';
import { useServer } from './fixtures/server';
import { ageReceivables } from '../../server/services/receivables/ageing';
import { addProject, recordReceipt } from './receiptsFixtures';

/**
 * The invoice list's totals and the receivables read kept tables that triggers on invoices
 * maintain: after every kind of change a user can make, each must hold what summing the
 * invoices afresh gives.
 */
let server: TestServer;
let company: Api;
let companyId: string;
const ids: Record<string, string> = {};

const line = (rate: number) => ({
  description: 'Consulting',
  sacHsn: '998311',
  quantity: 1,
  rate,
  gstRate: 18,
});
const put = (api: Api, path: string, body: unknown) => api.raw('PUT', path, body);

async function issued(clientId: string, rate: number, projectId?: string) {
  const made = await company.post('/invoices', {
    clientId,
    projectId,
    issueDate: '2026-11-20',
    lines: [line(rate)],
  });
  expect(made.status).toBe(201);
  const res = await company.post(`/invoices/${made.body.data._id}/issue`, {
    version: made.body.data.version,
  });
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; version: number; total: number };
}

const OWED = `kind = 'invoice' and status in ('issued', 'part_paid', 'paid')`;
const MONEY = `count(*)::int as invoices, sum(total_paise)::text as total,
  sum(received_paise)::text as received, sum(tds_paise)::text as tds,
  sum(credited_paise)::text as credited`;
const KEPT_MONEY = `invoices, total_paise::text as total, received_paise::text as received,
  tds_paise::text as tds, credited_paise::text as credited`;
const NOT_EMPTY = `(invoices <> 0 or total_paise <> 0 or received_paise <> 0 or tds_paise <> 0
  or credited_paise <> 0)`;

/** Pending of still-pending invoices `i` aged as of the kept row `k`'s day, as the kept buckets. */
const AGEING = (column: string) => `${column}, k.aged_on::text as aged_on,
  ${[
    'i.due_date is null or i.due_date >= k.aged_on',
    'k.aged_on - i.due_date between 1 and 30',
    'k.aged_on - i.due_date between 31 and 60',
    'k.aged_on - i.due_date between 61 and 90',
  ]
    .map(
      (
        bucket,
        n,
      ) => `coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
        filter (where ${bucket}), 0)::text as b${n}`,
    )
    .join(', ')}`;
const KEPT_AGEING = (column: string) => `${column}, aged_on::text as aged_on,
  not_due_paise::text as b0, days1to30_paise::text as b1, days31to60_paise::text as b2,
  days61to90_paise::text as b3`;
const STILL_PENDING = `i.kind = 'invoice' and i.status in ('issued', 'part_paid')`;

/** Each kept table beside the same figures summed from the invoices now. */
async function keptAndFresh() {
  const q = async (text: string) =>
    (await server.database.query<Record<string, unknown>>(text, [companyId])).rows;
  return {
    kept: {
      byStatus: await q(`select kind, status, ${KEPT_MONEY} from invoice_totals
        where company_id = $1 and ${NOT_EMPTY} order by kind, status`),
      byClient: await q(`select client_id, ${KEPT_MONEY} from client_receivables
        where company_id = $1 and ${NOT_EMPTY} order by client_id`),
      byProject: await q(`select project_id, ${KEPT_MONEY} from project_receivables
        where company_id = $1 and ${NOT_EMPTY} order by project_id nulls first`),
      byDue: await q(`select due_date::text as due, pending_paise::text as pending
        from receivable_dues where company_id = $1 and pending_paise <> 0 order by due_date nulls first`),
      clientAgeing: await q(`select ${KEPT_AGEING('client_id')} from client_receivables
        where company_id = $1 order by client_id`),
      projectAgeing: await q(`select ${KEPT_AGEING('project_id')} from project_receivables
        where company_id = $1 order by project_id nulls first`),
    },
    fresh: {
      byStatus: await q(`select kind, status, ${MONEY} from invoices
        where company_id = $1 group by kind, status order by kind, status`),
      byClient: await q(`select client_id, ${MONEY} from invoices
        where company_id = $1 and ${OWED} group by client_id order by client_id`),
      byProject: await q(`select project_id, ${MONEY} from invoices
        where company_id = $1 and ${OWED} group by project_id order by project_id nulls first`),
      byDue: await q(`select due_date::text as due,
          sum(total_paise - received_paise - tds_paise - credited_paise)::text as pending
        from invoices where company_id = $1 and ${OWED} group by due_date
        having sum(total_paise - received_paise - tds_paise - credited_paise) <> 0
        order by due_date nulls first`),
      clientAgeing: await q(`select ${AGEING('k.client_id')} from client_receivables k
        left join invoices i on i.company_id = k.company_id and i.client_id = k.client_id
         and ${STILL_PENDING}
        where k.company_id = $1 group by k.client_id, k.aged_on order by k.client_id`),
      projectAgeing: await q(`select ${AGEING('k.project_id')} from project_receivables k
        left join invoices i on i.company_id = k.company_id
         and i.project_id is not distinct from k.project_id and ${STILL_PENDING}
        where k.company_id = $1 group by k.project_id, k.aged_on order by k.project_id nulls first`),
    },
  };
}

useServer(async (started) => {
  server = started;
  const admin = (await signUp(server)).api;
  const acme = await addUser(server, admin, 'Acme', 'company');
  company = acme.api;
  companyId = acme.id;
  const pm = await addUser(server, company, 'Priya', 'pm');
  ids.account = (await company.post('/company/createbank', bankAccountBody())).body.data._id;
  expect(
    (
      await put(company, '/invoicing/profile', {
        legalName: 'Acme Traders Private Limited',
        address: '1 MG Road, Mumbai',
        stateCode: '27',
        gstin: '27AAPFU0939F1ZV',
        bankAccountId: ids.account,
      })
    ).status,
  ).toBe(200);
  for (const [key, name, stateCode] of [
    ['pune', 'Pune Buyer', '27'],
    ['delhi', 'Delhi Buyer', '07'],
  ] as const) {
    const made = await company.post('/invoicing/clients', {
      name,
      stateCode,
      billingAddress: name,
    });
    ids[key] = made.body.data._id;
  }
  ids.tower = await addProject(server, companyId, 'Tower', pm.id);
  ids.bridge = await addProject(server, companyId, 'Bridge', pm.id);
});

describe('kept invoice totals', () => {
  it('equal a fresh sum after issues, cancels, credit notes, receipts, advances and reversals', async () => {
    const check = async (step: string) => {
      const { kept, fresh } = await keptAndFresh();
      expect(kept, step).toEqual(fresh);
    };
    // Drafts count in the list's totals; saving, editing and deleting one moves them.
    const draft = await company.post('/invoices', {
      clientId: ids.pune,
      issueDate: '2026-11-20',
      lines: [line(500)],
    });
    const edited = await put(company, `/invoices/${draft.body.data._id}`, {
      clientId: ids.delhi,
      projectId: ids.tower,
      issueDate: '2026-11-20',
      lines: [line(700)],
      version: draft.body.data.version,
    });
    expect(edited.status).toBe(200);
    await check('a draft saved and edited');

    const a = await issued(ids.pune!, 1000, ids.tower);
    const b = await issued(ids.delhi!, 2000, ids.bridge);
    const c = await issued(ids.pune!, 3000);
    const d = await issued(ids.delhi!, 4000, ids.tower);
    expect((await company.raw('DELETE', `/invoices/${draft.body.data._id}`)).status).toBe(200);
    await check('issued, and a draft deleted');

    const cancel = await company.post(`/invoices/${a._id}/cancel`, {
      version: a.version,
      issueDate: '2026-11-21',
      reason: 'Raised in error',
    });
    expect(cancel.status).toBe(201);
    const part = await company.post('/credit-notes', {
      invoiceId: b._id,
      issueDate: '2026-11-22',
      reason: 'Discount',
      lines: [line(100)],
    });
    expect(part.status).toBe(201);
    await check('a cancellation and a credit note');

    const receipt = await recordReceipt(company, {
      clientId: ids.pune,
      accountId: ids.account,
      date: '2026-11-23',
      mode: 'neft',
      reference: 'UTR1',
      amount: 5000,
      allocations: [{ invoiceId: c._id, amount: 3340, tds: 200 }],
    });
    expect(receipt.advance).toBe(1660);
    await recordReceipt(company, {
      clientId: ids.delhi,
      accountId: ids.account,
      date: '2026-11-23',
      mode: 'upi',
      amount: 1000,
      allocations: [
        { invoiceId: b._id, amount: 500 },
        { invoiceId: d._id, amount: 500 },
      ],
    });
    await check('receipts paying, part paying and leaving an advance');

    // A later day: the kept ageing moves, and later changes are aged as of it.
    expect(await ageReceivables(server.db, '2027-02-15')).toBeGreaterThan(0);
    await check('aged on a later day');

    const later = await issued(ids.pune!, 1000, ids.bridge);
    const applied = await company.post(`/receipts/${receipt._id}/apply`, {
      invoiceId: later._id,
      amount: 1180,
      version: receipt.version,
    });
    expect(applied.status).toBe(200);
    await check('an advance applied');

    const reversed = await company.post(`/receipts/${receipt._id}/reverse`, {
      version: applied.body.data.version,
    });
    expect(reversed.status).toBe(200);
    await check('a receipt reversed');

    // A deleted project's invoices move to no project.
    await server.database.query('delete from projects where id = $1', [ids.tower]);
    await check('a project deleted');
    const { kept } = await keptAndFresh();
    // No key is kept at nothing: the tables hold what a restore's triggers would rebuild.
    for (const table of ['invoice_totals', 'client_receivables', 'project_receivables']) {
      const { rows } = await server.database.query(
        `select 1 from ${table} where company_id = $1 and not ${NOT_EMPTY}`,
        [companyId],
      );
      expect(rows, table).toEqual([]);
    }
    expect(kept.byStatus.length).toBeGreaterThan(2);
    expect(kept.byProject.length).toBeGreaterThan(1);
    expect(kept.byDue.length).toBeGreaterThan(0);
  });
});
