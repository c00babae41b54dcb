import { and, eq, sql } from 'drizzle-orm';
import type { CreditNoteDraft, InvoiceLine } from '../../../contract/api/invoices';
import { invoiceTotals, taxTreatment } from '../../../contract/invoiceMath';
import { documentNumber, dueDate, financialYear, maxSerial } from '../../../contract/invoiceNumber';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { bankAccounts, clients, documentCounters, invoiceLines, invoices } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict } from '../../lib/errors';
import { formatDmy, formatPaise } from '../../lib/format';
import { withAudit } from '../audit';
import { assertCompany } from '../tenancy';
import { staleRecord } from '../versions';
import {
  detailOf,
  lineInput,
  lineRows,
  linesOf,
  lockDraft,
  lockInvoice,
  pendingOf,
  storedTotals,
  type BuyerSnapshot,
  type InvoiceRow,
  type SellerSnapshot,
} from './invoices';
import { profileOf } from './profile';

/**
 * Issuing: in one transaction the draft is locked, its figures computed again from its lines,
 * the next serial of its series and financial year taken from document_counters (the row's
 * lock orders concurrent issues on every app server; a rolled-back issue gives its number
 * back, so there are no gaps), and the seller and buyer snapshotted.
 */
async function issueLocked(tx: Tx, draft: InvoiceRow) {
  const profile = await profileOf(tx, draft.companyId);
  if (!profile)
    throw badRequest(
      'Set up the invoicing profile first (legal name, address, state, GSTIN): it is what the invoice says of the seller',
      { field: 'profile' },
    );
  const [client] = await tx.select().from(clients).where(eq(clients.id, draft.clientId));
  const [account] = profile.bankAccountId
    ? await tx.select().from(bankAccounts).where(eq(bankAccounts.id, profile.bankAccountId))
    : [];
  const lines = (await linesOf(tx, draft.id)).map(lineInput);
  if (!lines.length) throw badRequest('lines must have at least one line', { field: 'lines' });
  const totals = invoiceTotals(
    lines,
    taxTreatment(profile.stateCode, draft.placeOfSupply, draft.exportUnderLut),
  );

  const series = draft.kind as 'invoice' | 'credit_note';
  const prefix = series === 'invoice' ? profile.invoicePrefix : profile.creditNotePrefix;
  const year = financialYear(draft.issueDate);
  // Numbers run in date order: an issue dated before the series' last one takes no number.
  const [taken] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into ${documentCounters} as c (company_id, series, fy_start, last, last_date)
      values (${draft.companyId}, ${series}, ${year.startYear}, 1, ${draft.issueDate})
      on conflict (company_id, series, fy_start) do update
        set last = c.last + 1, last_date = excluded.last_date
        where c.last_date <= excluded.last_date
      returning c.last`),
  );
  if (!taken) {
    const [counter] = await tx
      .select({ lastDate: documentCounters.lastDate })
      .from(documentCounters)
      .where(
        and(
          eq(documentCounters.companyId, draft.companyId),
          eq(documentCounters.series, series),
          eq(documentCounters.fyStart, year.startYear),
        ),
      );
    throw badRequest(
      `issueDate cannot be before ${formatDmy(counter?.lastDate ?? draft.issueDate)}, the date of the last ${series === 'invoice' ? 'invoice' : 'credit note'} issued: numbers run in date order`,
      { field: 'issueDate' },
    );
  }
  const serial = Number(taken.last);
  if (serial > maxSerial(prefix))
    throw badRequest(`The ${prefix} series is full for ${year.label}: choose a shorter prefix`, {
      field: 'invoicePrefix',
    });

  const seller: SellerSnapshot = {
    name: profile.legalName,
    address: profile.address,
    stateCode: profile.stateCode,
    gstin: profile.gstin,
    pan: profile.pan,
    bank: account
      ? {
          bankName: account.branch,
          accountName: account.holderName,
          accountNumber: account.accountNo,
          ifsc: account.ifsc,
        }
      : null,
    upiId: profile.upiId,
  };
  const buyer: BuyerSnapshot = {
    name: client!.name,
    address: client!.billingAddress,
    stateCode: client!.stateCode,
    gstin: client!.gstin,
    email: client!.email,
    mobile: client!.mobile,
  };
  const [issued] = await tx
    .update(invoices)
    .set({
      status: 'issued',
      number: documentNumber(prefix, year, serial),
      fyStart: year.startYear,
      serial,
      dueDate:
        series === 'invoice'
          ? dueDate(draft.issueDate, draft.termsDays ?? profile.termsDays)
          : null,
      seller,
      buyer,
      ...storedTotals(totals),
      issuedAt: sql`now()`,
      version: sql`${invoices.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, draft.id))
    .returning();
  return issued!;
}

export async function issueInvoice(db: DbOrTx, caller: Caller, id: string, version: number) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    const draft = await lockDraft(tx, caller.userId, id, version);
    return detailOf(tx, await issueLocked(tx, draft));
  });
}

/** The company's issued invoice, locked: credit notes are made against it one at a time. */
async function lockIssued(tx: Tx, companyId: string, id: string) {
  const row = await lockInvoice(tx, companyId, id);
  if (row.kind !== 'invoice')
    throw badRequest('A credit note is made against an invoice, not a credit note', {
      field: 'invoiceId',
    });
  if (row.status === 'draft')
    throw conflict('This invoice is a draft: edit or delete it instead', { code: 'wrong_state' });
  if (row.status === 'cancelled')
    throw conflict('This invoice is cancelled already', { code: 'wrong_state' });
  return row;
}

/**
 * A numbered credit note against an issued invoice, for at most what is pending of it. It
 * is taxed as the invoice was; one that settles the whole invoice cancels it.
 */
async function creditNote(
  tx: Tx,
  original: InvoiceRow,
  note: { issueDate: string; reason: string; lines: InvoiceLine[] },
) {
  if (note.issueDate < original.issueDate)
    throw badRequest(
      `issueDate cannot be before the invoice's date (${formatDmy(original.issueDate)})`,
      { field: 'issueDate' },
    );
  const seller = original.seller as SellerSnapshot;
  const totals = invoiceTotals(
    note.lines,
    taxTreatment(seller.stateCode, original.placeOfSupply, original.exportUnderLut),
  );
  const pending = pendingOf(original);
  if (totals.totalPaise > pending)
    throw badRequest(
      `lines add up to more than what is pending of the invoice (${formatPaise(pending)})`,
      { field: 'lines' },
    );
  const [draft] = await tx
    .insert(invoices)
    .values({
      companyId: original.companyId,
      clientId: original.clientId,
      projectId: original.projectId,
      kind: 'credit_note',
      creditNoteOf: original.id,
      status: 'draft',
      issueDate: note.issueDate,
      placeOfSupply: original.placeOfSupply,
      exportUnderLut: original.exportUnderLut,
      reason: note.reason,
      ...storedTotals(totals),
    })
    .returning();
  await tx.insert(invoiceLines).values(lineRows(draft!.id, note.lines, totals));
  const issued = await issueLocked(tx, draft!);
  const credited = original.creditedPaise + issued.totalPaise;
  const settled = credited + original.receivedPaise + original.tdsPaise >= original.totalPaise;
  await tx
    .update(invoices)
    .set({
      creditedPaise: credited,
      ...(settled
        ? { status: original.receivedPaise + original.tdsPaise > 0 ? 'paid' : 'cancelled' }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, original.id));
  return issued;
}

export async function addCreditNote(db: DbOrTx, caller: Caller, input: CreditNoteDraft) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    const original = await lockIssued(tx, caller.userId, input.invoiceId);
    return detailOf(tx, await creditNote(tx, original, input));
  });
}

/**
 * Cancels an issued invoice nothing was paid or credited of: a credit note for the whole of
 * it, its very lines, numbered in its own series.
 */
export async function cancelInvoice(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: { version: number; issueDate: string; reason: string },
) {
  assertCompany(caller);
  return withAudit(db, caller, async (tx) => {
    const original = await lockIssued(tx, caller.userId, id);
    if (original.version !== input.version) throw staleRecord();
    if (original.receivedPaise + original.tdsPaise + original.creditedPaise > 0)
      throw conflict(
        'Part of this invoice is paid or credited: make a credit note for what is pending instead',
        { code: 'wrong_state' },
      );
    const lines = (await linesOf(tx, original.id)).map(lineInput);
    return detailOf(
      tx,
      await creditNote(tx, original, {
        issueDate: input.issueDate,
        reason: input.reason,
        lines,
      }),
    );
  });
}
