import { A4, pdfText } from './document';

export interface PdfColumn {
  width: number;
  align: 'left' | 'right';
}

/**
 * A ruled table across an A4 page's width, drawn a row at a time from `top` down: a row
 * that would pass the foot of the page starts the next one. `y` is where the table ends.
 */
export function pdfTable(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], top: number) {
  const left = A4.margin;
  const width = A4.width - 2 * A4.margin;
  const bottom = A4.height - A4.margin - 20;
  let y = top;
  return {
    get y() {
      return y;
    },
    row(cells: string[], bold = false, fill?: string) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height =
        Math.max(
          ...cells.map((c, i) => doc.heightOfString(pdfText(c), { width: columns[i]!.width - 8 })),
        ) + 8;
      if (y + height > bottom) {
        doc.addPage();
        y = A4.margin;
      }
      if (fill) doc.rect(left, y, width, height).fill(fill);
      doc.fillColor('#000000');
      let x = left;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        doc.text(pdfText(cell), x + 4, y + 4, { width: column.width - 8, align: column.align });
        x += column.width;
      });
      y += height;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .strokeColor('#999999')
        .lineWidth(0.5)
        .stroke();
    },
  };
}

/** The width of a statement's two amount columns. */
const AMOUNT_WIDTH = 88;

/**
 * A statement's ruled table below what is written so far, its header row shaded: the date,
 * the particulars (as wide as the other columns leave), two amounts titled `amounts`, and the
 * running balance.
 */
export function statementTable(
  doc: PDFKit.PDFDocument,
  widths: { date: number; balance: number },
  amounts: readonly [string, string],
) {
  const page = A4.width - 2 * A4.margin;
  const particulars = page - widths.date - 2 * AMOUNT_WIDTH - widths.balance;
  const columns = [
    { title: 'Date', width: widths.date, align: 'left' },
    { title: 'Particulars', width: particulars, align: 'left' },
    { title: amounts[0], width: AMOUNT_WIDTH, align: 'right' },
    { title: amounts[1], width: AMOUNT_WIDTH, align: 'right' },
    { title: 'Balance', width: widths.balance, align: 'right' },
  ] as const;
  const table = pdfTable(doc, columns, doc.y + 12);
  table.row(
    columns.map((c) => c.title),
    true,
    '#f0f0f0',
  );
  return table;
}

/** A statement's small grey note at `y`, below its table. */
export function statementNote(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  options?: PDFKit.Mixins.TextOptions,
) {
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555').text(text, A4.margin, y, options);
}
