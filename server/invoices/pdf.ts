import { amountInWords } from '../../contract/amountInWords';
import { OUTSIDE_INDIA, gstState, placeOfSupplyName } from '../../contract/gst';
import {
  invoiceTotals,
  milliToQuantityText,
  taxTreatment,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '../../contract/invoiceMath';
import { paiseToRupeesText } from '../../contract/rules';
import { upiPaymentLink } from '../../contract/upi';
import { A4, a4Document, pdfDate, pdfMoney, pdfText } from '../pdf/document';
import { qrGrid } from './qr';

/**
 * The tax invoice (or credit note) as a PDF: A4, selectable text in the standard Helvetica,
 * with what CGST Rules 46 (invoice) and 53 (credit note) require, the tax table by rate, the
 * round-off, the amount in words, the bank details and a UPI QR for exactly the amount due.
 * Every figure comes from contract/invoiceMath, the same arithmetic the server stores.
 */

export interface InvoiceParty {
  name: string;
  address: string;
  stateCode: string;
  /** Null for an unregistered client. */
  gstin: string | null;
}

export interface InvoicePdfLine extends InvoiceLineInput {
  description: string;
  sacHsn: string;
}

export interface InvoicePdfInput {
  kind: 'invoice' | 'credit-note';
  number: string;
  issueDate: string;
  dueDate?: string | null;
  /** A credit note's invoice (CGST Rules, rule 53(1A)(g)) and reason. */
  original?: { number: string; issueDate: string } | null;
  reason?: string | null;
  cancelled?: boolean;
  supplier: InvoiceParty & { gstin: string; pan: string };
  client: InvoiceParty;
  placeOfSupply: string;
  exportUnderLut?: boolean;
  lines: InvoicePdfLine[];
  /**
   * Where receipts go. The PDF goes to the client, who needs the whole account number to pay
   * by NEFT/RTGS/IMPS, so it is printed in full, as on any Indian invoice.
   */
  bank?: { bankName: string; accountName: string; accountNumber: string; ifsc: string } | null;
  upi?: { vpa: string; payeeName: string } | null;
  /** What is still due, when less than the total (part paid); defaults to the total. */
  amountDuePaise?: number;
  notes?: string | null;
}

const MARGIN = A4.margin;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN;
const GREY = '#f0f0f0';
const LINE_GREY = '#999999';

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

const rupees = (paise: number) => `Rs. ${pdfMoney(paise)}`;
/** Hundredths of a percent as printed: 1250 -> '12.5%', 1000 -> '10%'. */
const percentText = (basisPoints: number) =>
  `${paiseToRupeesText(basisPoints).replace(/\.?0+$/, '')}%`;
const stateLine = (code: string) => `${placeOfSupplyName(code)} (${code})`;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const LINE_COLUMNS: Column[] = [
  { title: '#', width: 20, align: 'right' },
  { title: 'Description', width: 161, align: 'left' },
  { title: 'SAC/HSN', width: 50, align: 'left' },
  { title: 'Qty', width: 46, align: 'right' },
  { title: 'Rate', width: 64, align: 'right' },
  { title: 'Discount', width: 58, align: 'right' },
  { title: 'Taxable value', width: 80, align: 'right' },
  { title: 'GST %', width: 44.28, align: 'right' },
];

type Doc = PDFKit.PDFDocument;

/** One row of cells from x, ruled below; returns its height. */
function row(
  doc: Doc,
  y: number,
  columns: Column[],
  cells: string[],
  options: { font?: string; fill?: string; x?: number } = {},
): number {
  const x0 = options.x ?? MARGIN;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  doc.font(options.font ?? REGULAR).fontSize(8.5);
  const heights = cells.map((cell, i) =>
    doc.heightOfString(pdfText(cell), { width: (columns[i] as Column).width - 8 }),
  );
  const height = Math.max(...heights) + 8;
  if (options.fill) doc.rect(x0, y, width, height).fill(options.fill).fillColor('black');
  let x = x0;
  cells.forEach((cell, i) => {
    const column = columns[i] as Column;
    doc.text(pdfText(cell), x + 4, y + 4, { width: column.width - 8, align: column.align });
    x += column.width;
  });
  doc
    .moveTo(x0, y + height)
    .lineTo(x0 + width, y + height)
    .lineWidth(0.5)
    .strokeColor(LINE_GREY)
    .stroke();
  return height;
}

/** A block of lines: the first in bold, the rest regular; returns the y below it. */
function block(doc: Doc, x: number, y: number, width: number, title: string, lines: string[]) {
  doc.font(BOLD).fontSize(8).fillColor('#555555').text(pdfText(title), x, y, { width });
  doc.fillColor('black');
  let at = doc.y + 2;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? BOLD : REGULAR)
      .fontSize(i === 0 ? 11 : 9)
      .text(pdfText(line), x, at, { width });
    at = doc.y + 1;
  });
  return at;
}

/** Label and value pairs, right-aligned values; returns the y below them. */
function pairs(doc: Doc, x: number, y: number, width: number, items: [string, string][]) {
  let at = y;
  for (const [label, value] of items) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .text(pdfText(label), x, at, { width: width * 0.42 });
    doc
      .font(BOLD)
      .fontSize(9)
      .text(pdfText(value), x + width * 0.42, at, { width: width * 0.58, align: 'right' });
    at = Math.max(doc.y, at + 12) + 2;
  }
  return at;
}

function header(doc: Doc, input: InvoicePdfInput): number {
  const title = input.kind === 'credit-note' ? 'CREDIT NOTE' : 'TAX INVOICE';
  doc.font(BOLD).fontSize(16).text(title, MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor('#555555')
    .text('ORIGINAL FOR RECIPIENT', MARGIN, MARGIN + 4, { width: WIDTH, align: 'right' })
    .fillColor('black');

  if (input.cancelled) {
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor('#cc0000')
      .text('CANCELLED', MARGIN, MARGIN + 18, { width: WIDTH, align: 'center' })
      .fillColor('black');
  }
  const top = MARGIN + 32;
  const { supplier } = input;
  const leftBottom = block(doc, MARGIN, top, 300, 'FROM', [
    supplier.name,
    supplier.address,
    `GSTIN: ${supplier.gstin}    PAN: ${supplier.pan}`,
    `State: ${stateLine(supplier.stateCode)}`,
  ]);

  const isCredit = input.kind === 'credit-note';
  const items: [string, string][] = [[isCredit ? 'Credit note no.' : 'Invoice no.', input.number]];
  items.push([isCredit ? 'Credit note date' : 'Invoice date', pdfDate(input.issueDate)]);
  if (isCredit && input.original) {
    items.push(['Against invoice', input.original.number]);
    items.push(['Invoice date', pdfDate(input.original.issueDate)]);
  }
  if (!isCredit && input.dueDate) items.push(['Due date', pdfDate(input.dueDate)]);
  items.push([
    'Place of supply',
    `${placeOfSupplyName(input.placeOfSupply)} (${input.placeOfSupply})`,
  ]);
  items.push(['Reverse charge', 'No']);
  const rightX = MARGIN + 318;
  const rightBottom = pairs(doc, rightX, top, WIDTH - 318, items);

  let y = Math.max(leftBottom, rightBottom) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  y += 8;
  const { client } = input;
  y = block(doc, MARGIN, y, 360, 'BILL TO', [
    client.name,
    client.address,
    client.gstin ? `GSTIN: ${client.gstin}` : 'Unregistered (no GSTIN)',
    `State: ${stateLine(client.stateCode)}`,
  ]);
  if (isCredit && input.reason) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .text(pdfText(`Reason: ${input.reason}`), MARGIN, y + 4, {
        width: WIDTH,
      });
    y = doc.y;
  }
  return y + 10;
}

function linesTable(doc: Doc, input: InvoicePdfInput, totals: InvoiceTotals, startY: number) {
  const titles = LINE_COLUMNS.map((c) => c.title);
  let y = startY;
  y += row(doc, y, LINE_COLUMNS, titles, { font: BOLD, fill: GREY });
  input.lines.forEach((line, i) => {
    const amounts = totals.lines[i];
    if (!amounts) return;
    const discount =
      line.discount?.kind === 'percent'
        ? percentText(line.discount.basisPoints)
        : amounts.discountPaise
          ? pdfMoney(amounts.discountPaise)
          : '-';
    const cells = [
      String(i + 1),
      line.description,
      line.sacHsn,
      milliToQuantityText(line.quantityMilli),
      pdfMoney(line.ratePaise),
      discount,
      pdfMoney(amounts.taxablePaise),
      `${line.gstRate}%`,
    ];
    doc.font(REGULAR).fontSize(8.5);
    const descriptionWidth = (LINE_COLUMNS[1] as Column).width - 8;
    const needed = doc.heightOfString(pdfText(line.description), { width: descriptionWidth }) + 8;
    if (y + needed > BOTTOM - 20) {
      doc.addPage();
      y = MARGIN;
      y += row(doc, y, LINE_COLUMNS, titles, { font: BOLD, fill: GREY });
    }
    y += row(doc, y, LINE_COLUMNS, cells);
  });
  return y;
}

/** The tax table by rate (left) and the totals with the round-off (right). */
function summary(doc: Doc, input: InvoicePdfInput, totals: InvoiceTotals, startY: number) {
  const second = gstState(input.supplier.stateCode)?.utgst ? 'UTGST' : 'SGST';
  const intra = totals.treatment === 'intra';
  const taxColumns: Column[] = intra
    ? [
        { title: 'GST rate', width: 52, align: 'right' },
        { title: 'Taxable value', width: 80, align: 'right' },
        { title: 'CGST', width: 70, align: 'right' },
        { title: second, width: 70, align: 'right' },
        { title: 'Total tax', width: 71, align: 'right' },
      ]
    : [
        { title: 'GST rate', width: 52, align: 'right' },
        { title: 'Taxable value', width: 100, align: 'right' },
        { title: 'IGST', width: 95, align: 'right' },
        { title: 'Total tax', width: 96, align: 'right' },
      ];
  const tableWidth = taxColumns.reduce((sum, c) => sum + c.width, 0);
  const taxRow = (y: number, cells: string[], options: { font?: string; fill?: string } = {}) =>
    row(doc, y, taxColumns, cells, options);

  let y = startY;
  doc.font(BOLD).fontSize(8).fillColor('#555555').text('TAX BY RATE', MARGIN, y);
  doc.fillColor('black');
  y = doc.y + 2;
  y += taxRow(
    y,
    taxColumns.map((c) => c.title),
    { font: BOLD, fill: GREY },
  );
  for (const r of totals.taxTable) {
    const tax = r.cgstPaise + r.sgstPaise + r.igstPaise;
    const cells = intra
      ? [
          `${r.gstRate}%`,
          pdfMoney(r.taxablePaise),
          pdfMoney(r.cgstPaise),
          pdfMoney(r.sgstPaise),
          pdfMoney(tax),
        ]
      : [`${r.gstRate}%`, pdfMoney(r.taxablePaise), pdfMoney(r.igstPaise), pdfMoney(tax)];
    y += taxRow(y, cells);
  }
  const sumCells = intra
    ? [
        'Total',
        pdfMoney(totals.taxablePaise),
        pdfMoney(totals.cgstPaise),
        pdfMoney(totals.sgstPaise),
      ]
    : ['Total', pdfMoney(totals.taxablePaise), pdfMoney(totals.igstPaise)];
  y += taxRow(y, [...sumCells, pdfMoney(totals.taxPaise)], { font: BOLD });
  if (totals.treatment === 'zero-rated') {
    doc
      .font(BOLD)
      .fontSize(8)
      .text(
        'SUPPLY MEANT FOR EXPORT UNDER LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
        MARGIN,
        y + 4,
        { width: tableWidth },
      );
    y = doc.y;
  }

  // Totals, right.
  const x = MARGIN + tableWidth + 16;
  const width = WIDTH - tableWidth - 16;
  const items: [string, string][] = [['Taxable value', pdfMoney(totals.taxablePaise)]];
  if (intra) {
    items.push(['CGST', pdfMoney(totals.cgstPaise)], [second, pdfMoney(totals.sgstPaise)]);
  } else {
    items.push(['IGST', pdfMoney(totals.igstPaise)]);
  }
  const roundOff = totals.roundOffPaise;
  items.push([
    'Round off',
    `${roundOff > 0 ? '+' : roundOff < 0 ? '-' : ''}${pdfMoney(Math.abs(roundOff))}`,
  ]);
  let right = pairs(doc, x, startY + 12, width, items);
  doc
    .rect(x - 4, right, width + 4, 22)
    .fill(GREY)
    .fillColor('black');
  doc
    .font(BOLD)
    .fontSize(11)
    .text('Total', x, right + 6, { width: width * 0.4 })
    .text(rupees(totals.totalPaise), x + width * 0.3, right + 6, {
      width: width * 0.7 - 2,
      align: 'right',
    });
  right += 26;
  return Math.max(y, right) + 10;
}

function payment(doc: Doc, input: InvoicePdfInput, totals: InvoiceTotals, startY: number) {
  let y = startY;
  doc.font(BOLD).fontSize(8).fillColor('#555555').text('AMOUNT IN WORDS', MARGIN, y);
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(9.5)
    .text(amountInWords(totals.totalPaise), MARGIN, doc.y + 2, { width: WIDTH });
  y = doc.y + 12;

  const due = input.amountDuePaise ?? totals.totalPaise;
  // UPI pays in India: no QR on a credit note, a cancelled invoice, an export or nothing due.
  const showQr =
    input.kind === 'invoice' &&
    !input.cancelled &&
    input.placeOfSupply !== OUTSIDE_INDIA &&
    input.upi &&
    due > 0;
  let left = y;
  if (input.bank) {
    left = block(doc, MARGIN, y, 300, 'BANK DETAILS', [
      input.bank.accountName,
      `Bank: ${input.bank.bankName}`,
      `Account no.: ${input.bank.accountNumber}`,
      `IFSC: ${input.bank.ifsc}`,
    ]);
  }
  if (input.notes) {
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor('#555555')
      .text('NOTES', MARGIN, left + 8);
    doc
      .fillColor('black')
      .font(REGULAR)
      .fontSize(9)
      .text(pdfText(input.notes), MARGIN, doc.y + 2, { width: 300 });
    left = doc.y;
  }

  let right = y;
  if (showQr && input.upi) {
    const link = upiPaymentLink({
      vpa: input.upi.vpa,
      payeeName: input.upi.payeeName,
      amountPaise: due,
      note: input.number,
    });
    const grid = qrGrid(link);
    const size = 104;
    const cell = size / (grid.size + 2);
    const qx = MARGIN + WIDTH - size;
    doc.rect(qx, y, size, size).fill('white');
    for (let r = 0; r < grid.size; r++) {
      for (let c = 0; c < grid.size; c++) {
        if (grid.isDark(r, c)) doc.rect(qx + (c + 1) * cell, y + (r + 1) * cell, cell, cell);
      }
    }
    doc.fill('black');
    const tx = MARGIN + 290;
    const tw = WIDTH - 290 - size - 10;
    doc.font(BOLD).fontSize(8).fillColor('#555555').text('PAY BY UPI', tx, y, { width: tw });
    doc
      .fillColor('black')
      .font(BOLD)
      .fontSize(12)
      .text(rupees(due), tx, doc.y + 2, { width: tw });
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .text(pdfText(`to ${input.upi.vpa}`), tx, doc.y + 2, { width: tw })
      .text('Scan with any UPI app; the amount is filled in.', tx, doc.y + 2, { width: tw });
    right = y + size;
  }
  return Math.max(left, right) + 16;
}

function signature(doc: Doc, input: InvoicePdfInput, y: number) {
  const x = MARGIN + 318;
  const width = WIDTH - 318;
  doc
    .font(BOLD)
    .fontSize(9)
    .text(pdfText(`For ${input.supplier.name}`), x, y, {
      width,
      align: 'right',
    });
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .text('Authorised Signatory', x, y + 40, {
      width,
      align: 'right',
    });
}

function cancelledMark(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.save();
    doc.rotate(-35, { origin: [A4.width / 2, A4.height / 2] });
    doc
      .font(BOLD)
      .fontSize(90)
      .fillColor('#cc0000')
      .fillOpacity(0.25)
      .text('CANCELLED', 0, A4.height / 2 - 45, { width: A4.width, align: 'center' });
    doc.restore();
  }
}

/** Renders the invoice or credit note to a PDF in memory. */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const treatment = taxTreatment(
    input.supplier.stateCode,
    input.placeOfSupply,
    input.exportUnderLut ?? false,
  );
  const totals = invoiceTotals(input.lines, treatment);
  const title = `${input.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${input.number}`;
  const { doc, bytes: done } = a4Document(
    { Title: pdfText(title), Author: pdfText(input.supplier.name) },
    { bufferPages: true },
  );

  let y = header(doc, input);
  y = linesTable(doc, input, totals, y) + 12;
  // The summary, payment and signature stay together on one page.
  doc.font(REGULAR).fontSize(9);
  const notesHeight = input.notes ? doc.heightOfString(pdfText(input.notes), { width: 300 }) : 0;
  if (y + 330 + notesHeight > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y = summary(doc, input, totals, y);
  y = payment(doc, input, totals, y);
  signature(doc, input, y);
  if (input.cancelled) cancelledMark(doc);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin, where text would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor('#555555')
      .text(
        pdfText(`${input.number}  -  page ${i + 1} of ${range.count}`),
        MARGIN,
        A4.height - MARGIN + 12,
        { width: WIDTH, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
