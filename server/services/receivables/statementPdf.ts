import { A4, a4Document, pdfDate, pdfMoney, pdfText } from '../../pdf/document';
import type { ClientStatementData } from './receivables';

/** A client's statement on A4: the company, the client, the period, and a ruled table. */

const MARGIN = A4.margin;
const PAGE_WIDTH = A4.width;
const BOTTOM = A4.height - MARGIN - 20;

const COLUMNS = [
  { title: 'Date', width: 70, align: 'left' },
  { title: 'Particulars', width: 185.28, align: 'left' },
  { title: 'Debit', width: 88, align: 'right' },
  { title: 'Credit', width: 88, align: 'right' },
  { title: 'Balance', width: 92, align: 'right' },
] as const;
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
  let y = doc.y + 12;

  const row = (cells: string[], bold = false, fill?: string) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(
        ...cells.map((c, i) => doc.heightOfString(pdfText(c), { width: COLUMNS[i]!.width - 8 })),
      ) + 8;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    if (fill) doc.rect(MARGIN, y, PAGE_WIDTH - 2 * MARGIN, height).fill(fill);
    doc.fillColor('#000000');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.text(pdfText(cell), x + 4, y + 4, { width: column.width - 8, align: column.align });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
  };

  row(
    COLUMNS.map((c) => c.title),
    true,
    '#f0f0f0',
  );
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
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#555555')
    .text(
      s.closingPaise >= 0n
        ? `Amount due: Rs. ${pdfMoney(s.closingPaise)}`
        : `In credit (advance): Rs. ${pdfMoney(-s.closingPaise)}`,
      MARGIN,
      y + 10,
    );
  doc.end();
  return done;
}
