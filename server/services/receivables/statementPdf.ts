import PDFDocument from 'pdfkit';
import { paiseToRupeesText } from '../../../contract/rules';
import type { ClientStatementData } from './receivables';

/** A client's statement on A4: the company, the client, the period, and a ruled table. */

const MARGIN = 36;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const BOTTOM = PAGE_HEIGHT - MARGIN - 20;

/** The standard fonts write WinAnsi only: anything beyond Latin-1 becomes '?'. */
const pdfText = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replaceAll('₹', 'Rs.').replace(/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff]/g, '?');
const number2 = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const money = (paise: bigint) => number2.format(paiseToRupeesText(paise) as `${number}`);
const dmy = (iso: string) => iso.split('-').reverse().join('/');

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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: pdfText(`Statement of ${s.client.name}`), Author: pdfText(company) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(pdfText(company), MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor('#333333').text('Statement of account');
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(pdfText(s.client.name));
  doc.font('Helvetica').fontSize(9);
  if (s.client.gstin) doc.text(`GSTIN ${s.client.gstin}`);
  doc.text(`${dmy(s.from)} to ${dmy(s.to)}`);
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
  row([dmy(s.from), 'Opening balance', '', '', money(s.openingPaise)]);
  for (const l of s.lines) {
    row([
      dmy(l.date),
      `${KINDS[l.kind]}${l.reference ? ` ${l.reference}` : ''}`,
      l.debitPaise ? money(l.debitPaise) : '',
      l.creditPaise ? money(l.creditPaise) : '',
      money(l.balancePaise),
    ]);
  }
  row(
    [
      dmy(s.to),
      'Closing balance',
      money(s.debitsPaise),
      money(s.creditsPaise),
      money(s.closingPaise),
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
        ? `Amount due: Rs. ${money(s.closingPaise)}`
        : `In credit (advance): Rs. ${money(-s.closingPaise)}`,
      MARGIN,
      y + 10,
    );
  doc.end();
  return done;
}
