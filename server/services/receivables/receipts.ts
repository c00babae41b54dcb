import { sql, type SQL } from 'drizzle-orm';
import type { ReceiptMode } from '../../../contract/api/receipts';
import { paiseToRupees } from '../../../contract/rules';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { pageWindow, type PageRequest } from '../../db/paging';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { containsAnyCase } from '../../db/search';
import { withAudit } from '../audit';
import { post } from '../bank/ledger';
import { assertCompany, companyScope } from '../tenancy';
import { receipts } from '../../db/schema';

/*
 * Receipts: money a client paid, posted as ONE credit on one of the company's accounts
 * through the ledger (bank.post: the same locked ledger_post call, rules and live updates as
 * a payment), in the same transaction as its allocations to the client's invoices. An
 * invoice keeps what receipts settled of it (received_paise, tds_paise) and moves issued ->
 * part_paid -> paid by them; what a receipt does not allocate is the client's advance, kept
 * on the receipt until applied to an invoice (applyAdvance).
 */

export interface AllocationInput {
  invoiceId: string;
  amountPaise: number;
  tdsPaise: number;
}

export interface ReceiptInput {
  clientId: string;
  accountId: string;
  date: string;
  mode: ReceiptMode;
  reference: string;
  amountPaise: number;
  allocations: AllocationInput[];
}

interface ReceiptRow {
  id: string;
  client_id: string;
  client_name: string;
  bank_account_id: string;
  payment_id: string | null;
  date: string;
  mode: ReceiptMode;
  reference: string;
  amount_paise: string;
  tds_paise: string;
  advance_paise: string;
  reversed: boolean;
  version: number;
  created_at: Date | string;
  allocations: { invoiceId: string; invoiceNumber: string; amount: string; tds: string }[] | null;
  total?: number;
}

const receiptToApi = (r: ReceiptRow) => ({
  _id: r.id,
  clientId: r.client_id,
  clientName: r.client_name,
  accountId: r.bank_account_id,
  paymentId: r.payment_id,
  date: r.date,
  mode: r.mode,
  reference: r.reference,
  amount: paiseToRupees(r.amount_paise),
  tds: paiseToRupees(r.tds_paise),
  advance: paiseToRupees(r.advance_paise),
  reversed: r.reversed,
  version: r.version,
  createdAt: toIso(r.created_at),
  allocations: (r.allocations ?? []).map((a) => ({
    invoiceId: a.invoiceId,
    invoiceNumber: a.invoiceNumber,
    amount: paiseToRupees(a.amount),
    tds: paiseToRupees(a.tds),
  })),
});

/**
 * Which receipts the caller reads: its company's (an admin's companies'), or a PM's: those
 * allocated to an invoice of one of its projects.
 */
function readable(caller: Caller, companyId?: string): SQL {
  const company = companyScope(receipts.companyId, caller, companyId);
  if (caller.role !== 'pm') return company;
  return sql`${company} and exists (select 1 from receipt_allocations pa
    join invoices pi on pi.id = pa.invoice_id join projects pp on pp.id = pi.project_id
    where pa.receipt_id = receipts.id and pp.project_manager_id = ${caller.userId})`;
}

const receiptSelect = sql`
  select receipts.id, receipts.client_id, c.name as client_name, receipts.bank_account_id,
         receipts.payment_id, receipts.date::text as date, receipts.mode, receipts.reference,
         receipts.amount_paise, receipts.tds_paise, receipts.advance_paise, receipts.reversed,
         receipts.version, receipts.created_at,
         (select json_agg(json_build_object('invoiceId', a.invoice_id, 'invoiceNumber',
                  coalesce(i.number, ''), 'amount', a.amount_paise::text, 'tds', a.tds_paise::text)
                  order by i.issue_date, i.number)
            from receipt_allocations a join invoices i on i.id = a.invoice_id
           where a.receipt_id = receipts.id) as allocations
    from receipts join clients c on c.id = receipts.client_id`;

async function readReceipt(db: DbOrTx, where: SQL) {
  const [row] = rowsOf<ReceiptRow>(await db.execute(sql`${receiptSelect} where ${where}`));
  if (!row) throw notFound('Receipt');
  return receiptToApi(row);
}

export const getReceipt = (db: DbOrTx, caller: Caller, id: string) =>
  readReceipt(db, sql`receipts.id = ${id} and ${readable(caller)}`);

export interface ReceiptListQuery extends PageRequest {
  search?: string;
  companyId?: string;
  clientId?: string;
  invoiceId?: string;
  from?: string;
  to?: string;
  order: 'asc' | 'desc';
}

/** A page of receipts, newest first (by date), with the filter's totals. */
export async function listReceipts(db: DbOrTx, caller: Caller, q: ReceiptListQuery) {
  const where = sql.join(
    [
      readable(caller, q.companyId),
      q.clientId ? sql`receipts.client_id = ${q.clientId}` : undefined,
      q.invoiceId
        ? sql`exists (select 1 from receipt_allocations f where f.receipt_id = receipts.id and f.invoice_id = ${q.invoiceId})`
        : undefined,
      q.from ? sql`receipts.date >= ${q.from}` : undefined,
      q.to ? sql`receipts.date <= ${q.to}` : undefined,
      q.search
        ? sql`(${containsAnyCase(sql`c.name_lower`, q.search)} or ${containsAnyCase(receipts.referenceLower, q.search)})`
        : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const { limit, offset } = pageWindow(q);
  const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const [rows, sums] = await Promise.all([
    db.execute(
      sql`${receiptSelect} where ${where} order by receipts.date ${dir}, receipts.created_at ${dir}, receipts.id ${dir} limit ${limit} offset ${offset}`,
    ),
    db.execute(sql`select count(*)::int as total,
        coalesce(sum(receipts.amount_paise) filter (where not receipts.reversed), 0) as amount,
        coalesce(sum(receipts.tds_paise) filter (where not receipts.reversed), 0) as tds,
        coalesce(sum(receipts.advance_paise) filter (where not receipts.reversed), 0) as advance
      from receipts join clients c on c.id = receipts.client_id where ${where}`),
  ]);
  const [s] = rowsOf<{ total: number; amount: string; tds: string; advance: string }>(sums);
  return {
    data: rowsOf<ReceiptRow>(rows).map(receiptToApi),
    totals: {
      amount: paiseToRupees(s!.amount),
      tds: paiseToRupees(s!.tds),
      advance: paiseToRupees(s!.advance),
    },
    total: Number(s!.total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

interface LockedInvoice {
  id: string;
  client_id: string;
  kind: string;
  status: string;
  number: string | null;
  pending: string;
}

/**
 * Locks the invoices money is allocated to (in id order, as every allocation does, so two
 * receipts for the same invoices cannot deadlock) and checks each is the client's issued,
 * unsettled invoice with room for its part. A refusal names the field at fault.
 */
async function lockInvoices(
  tx: Tx,
  caller: Caller,
  clientId: string,
  parts: (AllocationInput & { field: string })[],
) {
  if (parts.length === 0) return;
  const ids = parts.map((p) => p.invoiceId);
  const rows = rowsOf<LockedInvoice>(
    await tx.execute(sql`select id, client_id, kind, status, number,
        total_paise - received_paise - tds_paise - credited_paise as pending
      from invoices
     where company_id = ${caller.userId} and id in (${sql.join(
       ids.map((i) => sql`${i}`),
       sql`, `,
     )})
     order by id for update`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A receipt's allocations are `allocations.N.*`; an advance's application is the body itself.
  const at = (field: string, name: string) => (field ? `${field}.${name}` : name);
  for (const part of parts) {
    const invoice = byId.get(part.invoiceId);
    if (!invoice) throw notFound('Invoice', { field: at(part.field, 'invoiceId') });
    const name = invoice.number ?? 'This invoice';
    if (invoice.client_id !== clientId || invoice.kind !== 'invoice') {
      throw badRequest(`${name} is not an invoice of this client`, {
        field: at(part.field, 'invoiceId'),
      });
    }
    if (invoice.status !== 'issued' && invoice.status !== 'part_paid') {
      throw badRequest(
        invoice.status === 'paid'
          ? `${name} is already paid`
          : `${name} is ${invoice.status === 'draft' ? 'a draft' : 'cancelled'}: only an issued invoice takes receipts`,
        { code: 'wrong_state', field: at(part.field, 'invoiceId') },
      );
    }
    const pending = Number(invoice.pending);
    if (part.amountPaise + part.tdsPaise > pending) {
      throw badRequest(
        `Only ₹${paiseToRupees(pending).toFixed(2)} is pending on ${name}: allocate (with TDS) at most that`,
        { field: at(part.field, 'amount') },
      );
    }
  }
}

/** Adds (or takes back, with negative amounts) what is settled of invoices, and their status. */
async function settle(tx: Tx, parts: AllocationInput[]) {
  for (const part of parts) {
    await tx.execute(sql`update invoices
       set received_paise = received_paise + ${part.amountPaise},
           tds_paise = tds_paise + ${part.tdsPaise},
           status = case
             when received_paise + ${part.amountPaise} + tds_paise + ${part.tdsPaise} + credited_paise >= total_paise then 'paid'
             when received_paise + ${part.amountPaise} + tds_paise + ${part.tdsPaise} = 0 then 'issued'
             else 'part_paid' end,
           version = version + 1, updated_at = now()
     where id = ${part.invoiceId}`);
  }
}

/** Records a client's payment: one ledger credit and its allocations, together. */
export async function addReceipt(db: DbOrTx, caller: Caller, input: ReceiptInput) {
  assertCompany(caller);
  if (input.mode === 'cheque' && !input.reference) {
    throw badRequest('Enter the cheque number as the reference', { field: 'reference' });
  }
  const seen = new Set<string>();
  input.allocations.forEach((a, i) => {
    if (seen.has(a.invoiceId)) {
      throw badRequest('Each invoice may be allocated once per receipt', {
        field: `allocations.${i}.invoiceId`,
      });
    }
    seen.add(a.invoiceId);
    if (a.amountPaise + a.tdsPaise === 0) {
      throw badRequest('Allocate an amount or TDS, or leave the invoice out', {
        field: `allocations.${i}.amount`,
      });
    }
  });
  const allocated = input.allocations.reduce((s, a) => s + a.amountPaise, 0);
  if (allocated > input.amountPaise) {
    throw badRequest(
      `The allocations add up to ₹${paiseToRupees(allocated).toFixed(2)}, more than the ₹${paiseToRupees(input.amountPaise).toFixed(2)} received`,
      { field: 'amount' },
    );
  }
  const tds = input.allocations.reduce((s, a) => s + a.tdsPaise, 0);
  const id = await withAudit(db, caller, async (tx) => {
    const [client] = rowsOf<{ name: string }>(
      await tx.execute(
        sql`select name from clients where id = ${input.clientId} and company_id = ${caller.userId}`,
      ),
    );
    if (!client) throw notFound('Client', { field: 'clientId' });
    await lockInvoices(
      tx,
      caller,
      input.clientId,
      input.allocations.map((a, i) => ({ ...a, field: `allocations.${i}` })),
    );
    const remark = `Receipt from ${client.name} (${input.mode.toUpperCase()}${input.reference ? ` ${input.reference}` : ''})`;
    const [posted] = await post(tx, caller, input.date, remark.slice(0, 200), [
      {
        accountId: input.accountId,
        type: 'credit',
        amountPaise: input.amountPaise,
        field: 'accountId',
      },
    ]);
    const [row] = await tx
      .insert(receipts)
      .values({
        companyId: caller.userId,
        clientId: input.clientId,
        bankAccountId: input.accountId,
        paymentId: posted!.id,
        date: input.date,
        amountPaise: input.amountPaise,
        tdsPaise: tds,
        mode: input.mode,
        reference: input.reference,
        advancePaise: input.amountPaise - allocated,
      })
      .returning({ id: receipts.id });
    for (const a of input.allocations) {
      await tx.execute(sql`insert into receipt_allocations (receipt_id, invoice_id, amount_paise, tds_paise)
        values (${row!.id}, ${a.invoiceId}, ${a.amountPaise}, ${a.tdsPaise})`);
    }
    await settle(tx, input.allocations);
    return row!.id;
  });
  return getReceipt(db, caller, id);
}

/** Locks one of the company's receipts at `version`: 404, or 409 when it moved on or is reversed. */
async function lockReceipt(tx: Tx, caller: Caller, id: string, version: number) {
  const [row] = rowsOf<{
    client_id: string;
    payment_id: string | null;
    date: string;
    advance_paise: string;
    reversed: boolean;
    version: number;
  }>(
    await tx.execute(sql`select client_id, payment_id, date::text as date, advance_paise, reversed,
        version from receipts where id = ${id} and company_id = ${caller.userId} for update`),
  );
  if (!row) throw notFound('Receipt');
  if (row.reversed) throw conflict('This receipt has been reversed.', { code: 'wrong_state' });
  if (row.version !== version) {
    throw conflict('This record was changed by someone else. Reload to see it.', {
      code: 'stale_record',
    });
  }
  return row;
}

/** Applies part of a receipt's advance to another (issued, unsettled) invoice of its client. */
export async function applyAdvance(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: { invoiceId: string; amountPaise: number; version: number },
) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    const receipt = await lockReceipt(tx, caller, id, input.version);
    const advance = Number(receipt.advance_paise);
    if (input.amountPaise > advance) {
      throw badRequest(
        `Only ₹${paiseToRupees(advance).toFixed(2)} of this receipt is unallocated`,
        { field: 'amount' },
      );
    }
    const part = { invoiceId: input.invoiceId, amountPaise: input.amountPaise, tdsPaise: 0 };
    await lockInvoices(tx, caller, receipt.client_id, [{ ...part, field: '' }]);
    await tx.execute(sql`insert into receipt_allocations (receipt_id, invoice_id, amount_paise)
      values (${id}, ${input.invoiceId}, ${input.amountPaise})
      on conflict (receipt_id, invoice_id)
      do update set amount_paise = receipt_allocations.amount_paise + excluded.amount_paise`);
    await tx.execute(sql`update receipts set advance_paise = advance_paise - ${input.amountPaise},
      version = version + 1, updated_at = now() where id = ${id}`);
    await settle(tx, [part]);
  });
  return getReceipt(db, caller, id);
}

/**
 * Reverses a receipt: the ledger's reversal of its credit (a debit linked to it, dated the
 * receipt's day, so the statement reads as if it had not been received) and every
 * allocation taken back from its invoices, whose statuses go back, in one transaction.
 */
export async function reverseReceipt(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: { version: number },
) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    const receipt = await lockReceipt(tx, caller, id, input.version);
    const parts = rowsOf<{ invoice_id: string; amount_paise: string; tds_paise: string }>(
      await tx.execute(sql`select a.invoice_id, a.amount_paise, a.tds_paise
        from receipt_allocations a where a.receipt_id = ${id}
        order by a.invoice_id`),
    );
    if (parts.length) {
      await tx.execute(
        sql`select 1 from invoices where id in (${sql.join(
          parts.map((p) => sql`${p.invoice_id}`),
          sql`, `,
        )}) order by id for update`,
      );
    }
    if (receipt.payment_id) {
      const [credit] = rowsOf<{ account_id: string; amount_paise: string; remark: string }>(
        await tx.execute(sql`select account_id, amount_paise, remark from payments p
          where p.id = ${receipt.payment_id}
            and not exists (select 1 from payments r where r.reverses_id = p.id)`),
      );
      // A credit reversed already (from the bank account's screen) is not reversed twice.
      if (credit) {
        await post(
          tx,
          caller,
          receipt.date,
          `Reversal: ${credit.remark}`.slice(0, 200),
          [
            {
              accountId: credit.account_id,
              type: 'debit',
              amountPaise: Number(credit.amount_paise),
              reversesId: receipt.payment_id,
            },
          ],
          'reverse its receipts',
          'date',
        );
      }
    }
    await settle(
      tx,
      parts.map((p) => ({
        invoiceId: p.invoice_id,
        amountPaise: -Number(p.amount_paise),
        tdsPaise: -Number(p.tds_paise),
      })),
    );
    await tx.execute(sql`update receipts set reversed = true, version = version + 1,
      updated_at = now() where id = ${id}`);
  });
  return getReceipt(db, caller, id);
}
