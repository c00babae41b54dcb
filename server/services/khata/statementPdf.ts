import { A4, a4Document, pdfDate, pdfMoney, pdfText } from '../../pdf/document';
import { statementNote, statementTable } from '../../pdf/table';
import { STATEMENT_ENTRY_WORDS } from '../../../contract/khataShare';
import type { LedgerEvent } from './ledger';

/**
 * The statement between the user and one person, as a PDF: the two names, a ruled table of
 * every lend, borrowing and repayment in date order with the running balance, and who owes
 * whom at the end. Nothing else of the user's is on it.
 */

export interface StatementData {
  /** The user's name. */
  from: string;
  /** The person's name. */
  to: string;
  events: LedgerEvent[];
  /** Positive: the person owes the user. */
  netPaise: bigint;
  /** The day it was made (YYYY-MM-DD). */
  asOf: string;
}

/** Who owes whom: "Ramesh owes Asha Rs. 2,500.00". */
export function balanceSentence(from: string, to: string, paise: bigint) {
  if (paise > 0n) return `${to} owes ${from} Rs. ${pdfMoney(paise)}`;
  if (paise < 0n) return `${from} owes ${to} Rs. ${pdfMoney(-paise)}`;
  return `${from} and ${to} are settled up`;
}

export function renderKhataStatementPdf(s: StatementData): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    Title: pdfText(`Statement: ${s.from} and ${s.to}`),
    Author: pdfText(s.from),
  });
  const left = A4.margin;
  const width = A4.width - 2 * A4.margin;

  doc.font('Helvetica-Bold').fontSize(16).text('Statement', left, left);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#333333')
    .text(pdfText(`Between ${s.from} and ${s.to}, as of ${pdfDate(s.asOf)}`));
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(pdfText(balanceSentence(s.from, s.to, s.netPaise)));
  const table = statementTable(doc, { date: 68, balance: 128 }, [
    `${s.from} gave`,
    `${s.from} got`,
  ]);
  const row = table.row;
  for (const e of s.events) {
    // Money going to the person (a lend, a repayment of a borrowing) raises the balance.
    const gave = e.changePaise > 0n;
    const particulars = `${STATEMENT_ENTRY_WORDS[e.kind]}${e.note ? ` - ${e.note}` : ''}`;
    const balance =
      e.balancePaise === 0n
        ? '0.00'
        : `${pdfMoney(e.balancePaise < 0n ? -e.balancePaise : e.balancePaise)} ${e.balancePaise > 0n ? 'due from' : 'due to'} ${s.to}`;
    row([
      pdfDate(e.date),
      particulars,
      gave ? pdfMoney(e.amountPaise) : '',
      gave ? '' : pdfMoney(e.amountPaise),
      balance,
    ]);
  }
  if (s.events.length === 0) row(['', 'No entries', '', '', '0.00']);
  statementNote(
    doc,
    pdfText(`A statement shared by ${s.from} from their khata. Amounts in rupees.`),
    table.y + 10,
    { width },
  );
  doc.end();
  return bytes;
}
