import { A4, a4Document, pdfDate, pdfMoney, pdfText } from '../../pdf/document';
import { statementNote, statementTable } from '../../pdf/table';
import type { ClientStatementData } from './receivables';

/** A client's statement on A4: the company, the client, the period, and a ruled table. */

const MARGIN = A4.margin;

const KINDS = { invoice: 'Invoice', credit_note: 'Credit note', receipt: 'Receipt' };

export function renderStatementPdf(s: ClientStatementData): Promise<Buffer> {
  const company = s.company;
  const { doc, bytes: done } = a4Document({
    Title: pdfText(`Statement of ${s.client.name}`),
    Author: pdfText(company),
  });

  doc.font('Helvetica-Bold').fontSize(16).text(pdfText(company), MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor('#333333').text('Statement of account');
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(pdfText(s.client.name));
  doc.font('Helvetica').fontSize(9);
  if (s.client.gstin) doc.text(`GSTIN ${s.client.gstin}`);
  doc.text(`${pdfDate(s.from)} to ${pdfDate(s.to)}`);
  const table = statementTable(doc, { date: 70, balance: 92 }, ['Debit', 'Credit']);
  const row = table.row;

  row([pdfDate(s.from), 'Opening balance', '', '', pdfMoney(s.openingPaise)]);
  for (const l of s.lines) {
    row([
      pdfDate(l.date),
      `${KINDS[l.kind]}${l.reference ? ` ${l.reference}` : ''}`,
      l.debitPaise ? pdfMoney(l.debitPaise) : '',
      l.creditPaise ? pdfMoney(l.creditPaise) : '',
      pdfMoney(l.balancePaise),
    ]);
  }
  row(
    [
      pdfDate(s.to),
      'Closing balance',
      pdfMoney(s.debitsPaise),
      pdfMoney(s.creditsPaise),
      pdfMoney(s.closingPaise),
    ],
    true,
    '#f0f0f0',
  );
  doc.moveDown(1);
  statementNote(
    doc,
    s.closingPaise >= 0n
      ? `Amount due: Rs. ${pdfMoney(s.closingPaise)}`
      : `In credit (advance): Rs. ${pdfMoney(-s.closingPaise)}`,
    table.y + 10,
  );
  doc.end();
  return done;
}
