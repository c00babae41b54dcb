import { and, eq, or, sql } from 'drizzle-orm';
import type { InvoiceDraft, InvoiceLine, InvoiceStatus } from '../../../contract/api/invoices';
import { amountInWords } from '../../../contract/amountInWords';
import {
  invoiceTotals,
  taxTreatment,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '../../../contract/invoiceMath';
import type { GstRate } from '../../../contract/gst';
import { paiseToRupees } from '../../../contract/rules';
import type { DbOrTx, Tx } from '../../db/client';
import { clients, invoiceLines, invoices, projects } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { toIso } from '../../lib/dates';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withAudit } from '../audit';
import { assertCompany } from '../tenancy';
import { staleRecord } from '../versions';
import { readableInvoice } from './access';
import { profileOf } from './profile';

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;

/** The seller as snapshotted at issue (and printed), with where receipts go. */
export interface SellerSnapshot {
  name: string;
  address: string;
  stateCode: string;
  gstin: string;
  pan: string;
  bank: { bankName: string; accountName: string; accountNumber: string; ifsc: string } | null;
  upiId: string | null;
}
export interface BuyerSnapshot {
  name: string;
  address: string;
  stateCode: string;
  gstin: string | null;
  email: string | null;
  mobile: string | null;
}

/** The columns an invoice's summary (a list's row) is made of. */
export const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  status: invoices.status,
  number: invoices.number,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  clientId: invoices.clientId,
  projectId: invoices.projectId,
  creditNoteOf: invoices.creditNoteOf,
  placeOfSupply: invoices.placeOfSupply,
  taxablePaise: invoices.taxablePaise,
  taxPaise: invoices.taxPaise,
  totalPaise: invoices.totalPaise,
  receivedPaise: invoices.receivedPaise,
  tdsPaise: invoices.tdsPaise,
  creditedPaise: invoices.creditedPaise,
  version: invoices.version,
  createdAt: invoices.createdAt,
};
export type InvoiceSummaryRow = Pick<InvoiceRow, keyof typeof summaryColumns>;

/** What is still to be paid of an issued invoice: nothing of a draft or a cancelled one. */
export const pendingOf = (
  i: Pick<
    InvoiceRow,
    'kind' | 'status' | 'totalPaise' | 'receivedPaise' | 'tdsPaise' | 'creditedPaise'
  >,
) =>
  i.kind === 'invoice' && (i.status === 'issued' || i.status === 'part_paid')
    ? i.totalPaise - i.receivedPaise - i.tdsPaise - i.creditedPaise
    : 0;

export const summaryToApi = (i: InvoiceSummaryRow, clientName: string) => ({
  _id: i.id,
  kind: i.kind as 'invoice' | 'credit_note',
  status: i.status as InvoiceStatus,
  number: i.number,
  issueDate: i.issueDate,
  dueDate: i.dueDate,
  clientId: i.clientId,
  clientName,
  projectId: i.projectId,
  creditNoteOf: i.creditNoteOf,
  placeOfSupply: i.placeOfSupply,
  taxable: paiseToRupees(i.taxablePaise),
  tax: paiseToRupees(i.taxPaise),
  total: paiseToRupees(i.totalPaise),
  received: paiseToRupees(i.receivedPaise),
  tds: paiseToRupees(i.tdsPaise),
  credited: paiseToRupees(i.creditedPaise),
  pending: paiseToRupees(pendingOf(i)),
  version: i.version,
  createdAt: toIso(i.createdAt),
});

export const lineInput = (
  l: LineRow,
): InvoiceLineInput & { description: string; sacHsn: string } => ({
  description: l.description,
  sacHsn: l.sacHsn,
  quantityMilli: l.quantityMilli,
  ratePaise: l.ratePaise,
  gstRate: l.gstRate as GstRate,
  discount:
    l.discountKind === 'amount'
      ? { kind: 'amount', paise: l.discountValue! }
      : l.discountKind === 'percent'
        ? { kind: 'percent', basisPoints: l.discountValue! }
        : null,
});

export const linesOf = (db: DbOrTx, invoiceId: string) =>
  db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.position);

/**
 * How the invoice is taxed: from the seller's state at issue, or for a draft the profile's
 * now (within the state until there is a profile: the total is the same either way).
 */
export function treatmentOf(i: InvoiceRow, sellerState: string | null) {
  const seller = (i.seller as SellerSnapshot | null)?.stateCode ?? sellerState ?? i.placeOfSupply;
  return taxTreatment(seller, i.placeOfSupply, i.exportUnderLut);
}

/** The figures stored on the invoice row, from contract/invoiceMath. */
export const storedTotals = (t: InvoiceTotals) => ({
  taxablePaise: t.taxablePaise,
  cgstPaise: t.cgstPaise,
  sgstPaise: t.sgstPaise,
  igstPaise: t.igstPaise,
  taxPaise: t.taxPaise,
  roundOffPaise: t.roundOffPaise,
  totalPaise: t.totalPaise,
});

/** An invoice with its lines, tax table, amount in words and linked documents. */
export async function detailOf(db: DbOrTx, i: InvoiceRow) {
  const [lines, [client], profile, linked] = await Promise.all([
    linesOf(db, i.id),
    db.select({ name: clients.name }).from(clients).where(eq(clients.id, i.clientId)),
    i.seller ? undefined : profileOf(db, i.companyId),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        issueDate: invoices.issueDate,
        totalPaise: invoices.totalPaise,
        creditNoteOf: invoices.creditNoteOf,
      })
      .from(invoices)
      .where(
        or(
          and(eq(invoices.creditNoteOf, i.id), sql`${invoices.number} is not null`),
          i.creditNoteOf ? eq(invoices.id, i.creditNoteOf) : undefined,
        ),
      )
      .orderBy(invoices.issueDate, invoices.serial),
  ]);
  const treatment = treatmentOf(i, profile?.stateCode ?? null);
  const totals = invoiceTotals(lines.map(lineInput), treatment);
  const seller = i.seller as SellerSnapshot | null;
  const buyer = i.buyer as BuyerSnapshot | null;
  const original = linked.find((l) => l.id === i.creditNoteOf);
  return {
    ...summaryToApi(i, buyer?.name ?? client?.name ?? ''),
    exportUnderLut: i.exportUnderLut,
    termsDays: i.termsDays,
    notes: i.notes,
    reason: i.reason,
    treatment,
    seller: seller && {
      name: seller.name,
      address: seller.address,
      stateCode: seller.stateCode,
      gstin: seller.gstin,
      pan: seller.pan,
    },
    buyer: buyer && {
      name: buyer.name,
      address: buyer.address,
      stateCode: buyer.stateCode,
      gstin: buyer.gstin,
      email: buyer.email,
      mobile: buyer.mobile,
    },
    lines: lines.map((l, n) => ({
      description: l.description,
      sacHsn: l.sacHsn,
      quantity: l.quantityMilli / 1000,
      rate: paiseToRupees(l.ratePaise),
      gstRate: l.gstRate,
      // Hundredths of a percent, scaled as paise are to rupees.
      discountPercent: l.discountKind === 'percent' ? paiseToRupees(l.discountValue) : null,
      discountAmount: l.discountKind === 'amount' ? paiseToRupees(l.discountValue) : null,
      taxable: paiseToRupees(totals.lines[n]!.taxablePaise),
    })),
    taxTable: totals.taxTable.map((r) => ({
      gstRate: r.gstRate,
      taxable: paiseToRupees(r.taxablePaise),
      cgst: paiseToRupees(r.cgstPaise),
      sgst: paiseToRupees(r.sgstPaise),
      igst: paiseToRupees(r.igstPaise),
    })),
    cgst: paiseToRupees(totals.cgstPaise),
    sgst: paiseToRupees(totals.sgstPaise),
    igst: paiseToRupees(totals.igstPaise),
    roundOff: paiseToRupees(totals.roundOffPaise),
    amountInWords: amountInWords(totals.totalPaise),
    original: original
      ? { _id: original.id, number: original.number ?? '', issueDate: original.issueDate }
      : null,
    creditNotes: linked
      .filter((l) => l.creditNoteOf === i.id)
      .map((l) => ({
        _id: l.id,
        number: l.number ?? '',
        issueDate: l.issueDate,
        total: paiseToRupees(l.totalPaise),
      })),
  };
}

/** The invoice row the caller may read; anyone else's is not found. */
export async function findInvoice(db: DbOrTx, caller: Caller, id: string) {
  const [row] = await db.select().from(invoices).where(readableInvoice(caller, id));
  if (!row) throw notFound('Invoice');
  return row;
}

export async function getInvoice(db: DbOrTx, caller: Caller, id: string) {
  return detailOf(db, await findInvoice(db, caller, id));
}

/** The lines as stored, each with its taxable value. */
export function lineRows(invoiceId: string, lines: InvoiceLine[], totals: InvoiceTotals) {
  return lines.map((l, n) => ({
    invoiceId,
    position: n + 1,
    description: l.description,
    sacHsn: l.sacHsn,
    quantityMilli: l.quantityMilli,
    ratePaise: l.ratePaise,
    discountKind: l.discount?.kind ?? null,
    discountValue:
      l.discount?.kind === 'amount'
        ? l.discount.paise
        : l.discount?.kind === 'percent'
          ? l.discount.basisPoints
          : null,
    gstRate: l.gstRate,
    taxablePaise: totals.lines[n]!.taxablePaise,
  }));
}

/** The company's client and project a draft names; another company's are not found. */
async function draftParties(tx: Tx, companyId: string, draft: InvoiceDraft) {
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, draft.clientId), eq(clients.companyId, companyId)));
  if (!client) throw notFound('Client');
  if (draft.projectId) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, draft.projectId), eq(projects.companyId, companyId)));
    if (!project) throw notFound('Project');
  }
  return client;
}

/** The row of a draft: its place of supply defaults to the client's state. */
async function draftValues(tx: Tx, companyId: string, draft: InvoiceDraft) {
  const client = await draftParties(tx, companyId, draft);
  const placeOfSupply = draft.placeOfSupply ?? client.stateCode;
  if (draft.exportUnderLut && placeOfSupply !== '96')
    throw badRequest('exportUnderLut applies only to an export (place of supply 96)', {
      field: 'exportUnderLut',
    });
  const profile = await profileOf(tx, companyId);
  const treatment = taxTreatment(
    profile?.stateCode ?? placeOfSupply,
    placeOfSupply,
    draft.exportUnderLut,
  );
  const totals = invoiceTotals(draft.lines, treatment);
  return {
    totals,
    values: {
      clientId: client.id,
      projectId: draft.projectId ?? null,
      issueDate: draft.issueDate,
      placeOfSupply,
      exportUnderLut: draft.exportUnderLut,
      termsDays: draft.termsDays ?? null,
      notes: draft.notes,
      ...storedTotals(totals),
    },
  };
}

export async function addDraft(db: DbOrTx, caller: Caller, draft: InvoiceDraft) {
  assertCompany(caller);
  const companyId = caller.userId;
  return withAudit(db, caller, async (tx) => {
    const { totals, values } = await draftValues(tx, companyId, draft);
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, companyId, kind: 'invoice', status: 'draft' })
      .returning();
    await tx.insert(invoiceLines).values(lineRows(row!.id, draft.lines, totals));
    return detailOf(tx, row!);
  });
}

/** The company's invoice or credit note `id`, locked for the change the caller makes. */
export async function lockInvoice(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .for('update');
  if (!row) throw notFound('Invoice');
  return row;
}

/** The company's draft, locked, at the version read: issued ones are never edited. */
export async function lockDraft(tx: Tx, companyId: string, id: string, version?: number) {
  const row = await lockInvoice(tx, companyId, id);
  if (row.status !== 'draft')
    throw conflict(
      'An issued invoice cannot be changed or deleted: cancel it with a credit note instead',
      { code: 'wrong_state' },
    );
  if (version !== undefined && row.version !== version) throw staleRecord();
  return row;
}

export async function updateDraft(
  db: DbOrTx,
  caller: Caller,
  id: string,
  input: InvoiceDraft & { version: number },
) {
  assertCompany(caller);
  const companyId = caller.userId;
  const { version, ...draft } = input;
  return withAudit(db, caller, async (tx) => {
    await lockDraft(tx, companyId, id, version);
    const { totals, values } = await draftValues(tx, companyId, draft);
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    await tx.insert(invoiceLines).values(lineRows(id, draft.lines, totals));
    const [row] = await tx
      .update(invoices)
      .set({ ...values, version: sql`${invoices.version} + 1`, updatedAt: sql`now()` })
      .where(eq(invoices.id, id))
      .returning();
    return detailOf(tx, row!);
  });
}

export async function deleteDraft(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  await withAudit(db, caller, async (tx) => {
    await lockDraft(tx, caller.userId, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
  });
}
