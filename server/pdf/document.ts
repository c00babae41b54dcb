import type PDFKit from 'pdfkit';
import { paiseToRupeesText } from '../../contract/rules';
import { onFirstUse } from '../lib/onFirstUse';

// pdfkit (its fonts' metrics, fontkit; ~6 MB of heap and half a second to load) is loaded
// with the first PDF rather than at start: most servers write a PDF rarely, or never.
const pdfkit = onFirstUse<typeof PDFKit>('pdfkit');

/**
 * What every PDF of the app starts from: an A4 page in the standard Helvetica, its bytes
 * collected as it is written, and text the standard fonts can write.
 */

export const A4 = { width: 595.28, height: 841.89, margin: 36 } as const;

/**
 * A new A4 document and the promise of its bytes once `doc.end()` is called. `bufferPages`
 * keeps every page open until the end, for a document that writes on earlier pages last.
 */
export function a4Document(info: { Title: string; Author: string }, { bufferPages = false } = {}) {
  const doc = new (pdfkit())({ size: 'A4', margin: A4.margin, bufferPages, info });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/**
 * The standard fonts write WinAnsi only: the rupee sign becomes 'Rs.' and anything beyond
 * Latin-1 a '?', rather than a wrong glyph.
 */
export const pdfText = (s: string): string =>
  s
    .replaceAll('₹', 'Rs.')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    // eslint-disable-next-line no-control-regex
    .replace(/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff]/g, '?');

const number2 = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** 1,23,456.50 (Indian grouping) from paise, exactly. */
export const pdfMoney = (paise: number | bigint) =>
  number2.format(paiseToRupeesText(paise) as `${number}`);

/** DD/MM/YYYY from YYYY-MM-DD. */
export const pdfDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
