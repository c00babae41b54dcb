import { sql } from 'drizzle-orm';
import { placeOfSupplyName } from '../../../contract/gst';
import { paiseToRupeesText } from '../../../contract/rules';
import { rowsOf, type DbOrTx } from '../../db/client';
import { accountNoFor } from '../../lib/accountNumber';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { CSV_BOM, csvLine } from '../../lib/format';
import { assertRole } from '../tenancy';
import { clientStatement, companyOf } from './receivables';

/*
 * The month-end files: the invoice register and the receipts for a date range, a client's
 * statement, and GSTR-1's B2B and B2CS tables for a month as the GST offline tool imports
 * them. Every field goes through csvLine (quoted as needed, never read as a formula).
 */

const rupees = paiseToRupeesText;

/** A date range of a company's (an admin names one of its companies). */
type RangeQuery = { companyId?: string; from: string; to: string };
/** A GST month of a company's (an admin names one of its companies). */
type MonthQuery = { companyId?: string; month: string };

/** A range file is an admin's or a company's, for a range that ends on or after its start. */
function checkRange(caller: Caller, q: RangeQuery) {
  assertRole(caller, 'admin', 'company');
  if (q.from > q.to)
    throw badRequest('End date must be on or after the start date', { field: 'to' });
}

/** The buyer as the invoice snapshot it at issue, else the client as it is. */
const BUYER_GSTIN = sql`nullif(coalesce(i.buyer ->> 'gstin', c.gstin), '')`;
const BUYER_NAME = sql`coalesce(i.buyer ->> 'name', c.name)`;

/** Every issued invoice and credit note dated in [from, to], in date and number order. */
export async function invoiceRegisterCsv(db: DbOrTx, caller: Caller, q: RangeQuery) {
  checkRange(caller, q);
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`select i.issue_date::text as date, i.kind, i.number, i.status,
        ${BUYER_NAME} as client, coalesce(${BUYER_GSTIN}, '') as gstin, i.place_of_supply,
        i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise, i.total_paise,
        i.received_paise, i.tds_paise, i.credited_paise, coalesce(i.due_date::text, '') as due,
        coalesce(cn.number, '') as credit_note_of
      from invoices i join clients c on c.id = i.client_id
      left join invoices cn on cn.id = i.credit_note_of
     where ${companyOf('i', caller, q.companyId)} and i.status <> 'draft'
       and i.issue_date between ${q.from} and ${q.to}
     order by i.issue_date, i.kind desc, i.serial`),
  );
  let text =
    CSV_BOM +
    csvLine([
      'Date',
      'Type',
      'Number',
      'Against',
      'Client',
      'GSTIN',
      'Place of supply',
      'Taxable',
      'CGST',
      'SGST',
      'IGST',
      'Total',
      'Received',
      'TDS',
      'Credited',
      'Pending',
      'Due',
      'Status',
    ]);
  for (const r of rows) {
    const invoice = r.kind === 'invoice';
    const pending = invoice
      ? BigInt(r.total_paise!) -
        BigInt(r.received_paise!) -
        BigInt(r.tds_paise!) -
        BigInt(r.credited_paise!)
      : 0n;
    text += csvLine([
      r.date!,
      invoice ? 'Invoice' : 'Credit note',
      r.number!,
      r.credit_note_of!,
      r.client!,
      r.gstin!,
      placeOfSupplyName(r.place_of_supply!),
      rupees(r.taxable_paise!),
      rupees(r.cgst_paise!),
      rupees(r.sgst_paise!),
      rupees(r.igst_paise!),
      rupees(r.total_paise!),
      rupees(r.received_paise!),
      rupees(r.tds_paise!),
      rupees(r.credited_paise!),
      rupees(r.status === 'cancelled' ? 0n : pending),
      r.due!,
      r.status!.replace('_', ' '),
    ]);
  }
  return { name: `invoice-register-${q.from}-to-${q.to}.csv`, text };
}

/** Every receipt dated in [from, to], with the invoices it settled. */
export async function receiptsCsv(db: DbOrTx, caller: Caller, q: RangeQuery) {
  checkRange(caller, q);
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`select r.date::text as date, c.name as client, r.mode, r.reference,
        a.account_no, r.amount_paise, r.tds_paise, r.advance_paise, r.reversed::text as reversed,
        coalesce((select string_agg(i.number, ' ' order by i.issue_date, i.number)
           from receipt_allocations x join invoices i on i.id = x.invoice_id
          where x.receipt_id = r.id), '') as invoices
      from receipts r join clients c on c.id = r.client_id
      join bank_accounts a on a.id = r.bank_account_id
     where ${companyOf('r', caller, q.companyId)} and r.date between ${q.from} and ${q.to}
     order by r.date, r.created_at, r.id`),
  );
  let text =
    CSV_BOM +
    csvLine([
      'Date',
      'Client',
      'Mode',
      'Reference',
      'Account',
      'Received',
      'TDS',
      'Advance',
      'Invoices',
      'Reversed',
    ]);
  for (const r of rows) {
    text += csvLine([
      r.date!,
      r.client!,
      r.mode!.toUpperCase(),
      r.reference!,
      accountNoFor(caller, r.account_no!),
      rupees(r.amount_paise!),
      rupees(r.tds_paise!),
      rupees(r.advance_paise!),
      r.invoices!,
      r.reversed === 'true' ? 'Yes' : 'No',
    ]);
  }
  return { name: `receipts-${q.from}-to-${q.to}.csv`, text };
}

/** A client's statement as CSV: opening, each document with the running balance, closing. */
export async function clientStatementCsv(
  db: DbOrTx,
  caller: Caller,
  clientId: string,
  q: RangeQuery,
) {
  const s = await clientStatement(db, caller, clientId, q);
  const kinds = { invoice: 'Invoice', credit_note: 'Credit note', receipt: 'Receipt' };
  let text =
    CSV_BOM +
    csvLine(['Date', 'Type', 'Reference', 'Debit', 'Credit', 'Balance']) +
    csvLine([s.from, 'Opening balance', '', '', '', rupees(s.openingPaise)]);
  for (const l of s.lines) {
    text += csvLine([
      l.date,
      kinds[l.kind],
      l.reference,
      l.debitPaise ? rupees(l.debitPaise) : '',
      l.creditPaise ? rupees(l.creditPaise) : '',
      rupees(l.balancePaise),
    ]);
  }
  text += csvLine([
    s.to,
    'Closing balance',
    '',
    rupees(s.debitsPaise),
    rupees(s.creditsPaise),
    rupees(s.closingPaise),
  ]);
  const safeName = s.client.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40) || 'client';
  return { name: `statement-${safeName}-${s.from}-to-${s.to}.csv`, text, statement: s };
}

// ------------------------------------------------------------------------------- GSTR-1

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** dd-MMM-yy, the offline tool's date format (2026-11-05 -> 05-Nov-26). */
const toolDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y!.slice(2)}`;
};
/** "29-Karnataka": the tool's place of supply. */
const toolPlace = (code: string) => `${code}-${placeOfSupplyName(code)}`;

const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, before: next };
};

/** Inter-state invoices to unregistered buyers above this go to B2CL, not B2CS (₹1 lakh). */
export const B2CL_THRESHOLD_PAISE = 100_000_00;

/** The B2B table's columns, as the offline tool's b2b template heads them. */
export const GSTR1_B2B_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Applicable % of Tax Rate',
  'Invoice Type',
  'E-Commerce GSTIN',
  'Rate',
  'Taxable Value',
  'Cess Amount',
];
/** The B2CS table's columns, as the offline tool's b2cs template heads them. */
export const GSTR1_B2CS_HEADER = [
  'Type',
  'Place Of Supply',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
];

/** Issued invoices of the month (cancelled ones left out), by rate: the lines' taxable value. */
const monthInvoices = (caller: Caller, companyId: string | undefined, month: string) => {
  const { from, before } = monthRange(month);
  return sql`from invoices i join clients c on c.id = i.client_id
    join invoice_lines l on l.invoice_id = i.id
    where ${companyOf('i', caller, companyId)} and i.kind = 'invoice'
      and i.status in ('issued', 'part_paid', 'paid')
      and i.issue_date >= ${from} and i.issue_date < ${before}`;
};

/**
 * GSTR-1 B2B: one line per invoice to a registered buyer and GST rate, with the invoice's
 * value, its place of supply, reverse charge N, Regular B2B, that rate's taxable value and
 * no cess. Without a byte-order mark: the tool reads the header as it is.
 */
export async function gstr1B2bCsv(db: DbOrTx, caller: Caller, q: MonthQuery) {
  assertRole(caller, 'admin', 'company');
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`select ${BUYER_GSTIN} as gstin, ${BUYER_NAME} as name, i.number,
        i.issue_date::text as date, i.total_paise, i.place_of_supply, l.gst_rate,
        sum(l.taxable_paise) as taxable
      ${monthInvoices(caller, q.companyId, q.month)} and ${BUYER_GSTIN} is not null
      group by i.id, ${BUYER_GSTIN}, ${BUYER_NAME}, i.number, i.issue_date, i.total_paise,
               i.place_of_supply, i.serial, l.gst_rate
      order by i.issue_date, i.serial, l.gst_rate`),
  );
  let text = csvLine(GSTR1_B2B_HEADER);
  for (const r of rows) {
    text += csvLine([
      r.gstin!,
      r.name!,
      r.number!,
      toolDate(r.date!),
      rupees(r.total_paise!),
      toolPlace(r.place_of_supply!),
      'N',
      '',
      'Regular B2B',
      '',
      Number(r.gst_rate).toFixed(2),
      rupees(r.taxable!),
      '0.00',
    ]);
  }
  return { name: `gstr1-b2b-${q.month}.csv`, text };
}

/**
 * GSTR-1 B2CS: supplies to unregistered buyers summed by place of supply and rate (type OE,
 * no e-commerce operator), leaving out exports (place of supply 96) and inter-state
 * invoices above ₹1 lakh, which GSTR-1 takes in EXP and B2CL.
 */
export async function gstr1B2csCsv(db: DbOrTx, caller: Caller, q: MonthQuery) {
  assertRole(caller, 'admin', 'company');
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`select i.place_of_supply, l.gst_rate, sum(l.taxable_paise) as taxable
      ${monthInvoices(caller, q.companyId, q.month)} and ${BUYER_GSTIN} is null
        and i.place_of_supply <> '96'
        and not (i.igst_paise > 0 and i.total_paise > ${B2CL_THRESHOLD_PAISE})
      group by i.place_of_supply, l.gst_rate
      order by i.place_of_supply, l.gst_rate`),
  );
  let text = csvLine(GSTR1_B2CS_HEADER);
  for (const r of rows) {
    text += csvLine([
      'OE',
      toolPlace(r.place_of_supply!),
      '',
      Number(r.gst_rate).toFixed(2),
      rupees(r.taxable!),
      '0.00',
      '',
    ]);
  }
  return { name: `gstr1-b2cs-${q.month}.csv`, text };
}
