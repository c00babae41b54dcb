import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { upiPaymentLink } from '../../contract/upi';
import { renderInvoicePdf, type InvoicePdfInput } from '../../server/invoices/pdf';
import { consultingLine } from '../unit/fixtures/invoiceLines';

/**
 * The invoice PDF as a client gets it: a PDF whose text (read back with poppler's pdftotext)
 * carries the number, both GSTINs, the tax table, the total and the amount in words, and
 * whose QR (read with zbarimg, when installed) asks UPI for exactly the amount due.
 */

const has = (tool: string, flag: string) => spawnSync(tool, [flag]).error === undefined;
const hasPdftotext = has('pdftotext', '-v');
const canReadQr = hasPdftotext && has('pdftoppm', '-v') && has('zbarimg', '--version');

const folder = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The PDF's text as laid out, spaces and line breaks collapsed, so wrapped words match. */
function textOf(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

/**
 * The text runs of the PDF without any tool: each content stream inflated, each TJ's hex
 * strings joined (the standard fonts write WinAnsi, one byte a character). Enough to check
 * the figures where poppler is not installed.
 */
function textRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString(
        'latin1',
      );
    } catch {
      continue; // not a Flate stream
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}

const invoice: InvoicePdfInput = {
  kind: 'invoice',
  number: 'INV/2026-27/0042',
  issueDate: '2026-11-26',
  dueDate: '2026-12-11',
  supplier: {
    name: 'Acme Software Services Private Limited',
    address: 'Andheri East, Mumbai 400093',
    stateCode: '27',
    gstin: '27AAPFU0939F1ZV',
    pan: 'AAPFU0939F',
  },
  client: {
    name: 'Bengaluru Retail Ventures LLP',
    address: 'Indiranagar, Bengaluru 560038',
    stateCode: '29',
    gstin: '29AABCB1234F1Z4',
  },
  placeOfSupply: '29',
  lines: [
    {
      description: 'Website redesign',
      sacHsn: '998314',
      quantityMilli: 1000,
      ratePaise: 8_500_000,
      gstRate: 18,
    },
    consultingLine,
    {
      description: 'Printed manuals',
      sacHsn: '49011010',
      quantityMilli: 3000,
      ratePaise: 45_050,
      gstRate: 5,
      discount: { kind: 'amount', paise: 5000 },
    },
  ],
  bank: {
    bankName: 'HDFC Bank',
    accountName: 'Acme Software Services Pvt Ltd',
    accountNumber: '50200012345678',
    ifsc: 'HDFC0000123',
  },
  upi: { vpa: 'acme.software@okhdfcbank', payeeName: 'Acme Software Services' },
};

describe('the invoice PDF', () => {
  it('is a PDF', async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const runs = textRuns(pdf);
    for (const run of [
      'TAX INVOICE',
      'INV/2026-27/0042',
      'GSTIN: 27AAPFU0939F1ZV    PAN: AAPFU0939F',
      'GSTIN: 29AABCB1234F1Z4',
      'Rs. 1,34,854.00',
      'Rupees One Lakh Thirty-Four Thousand Eight Hundred Fifty-Four Only',
    ]) {
      expect(runs).toContain(run);
    }
  });

  describe.skipIf(!hasPdftotext)('its text (pdftotext from poppler-utils)', () => {
    it('has what a tax invoice must show, inter-state with IGST', async () => {
      const text = textOf(await renderInvoicePdf(invoice));
      for (const expected of [
        'TAX INVOICE',
        'INV/2026-27/0042',
        '26/11/2026',
        '11/12/2026',
        'Acme Software Services Private Limited',
        'Bengaluru Retail Ventures LLP',
        'GSTIN: 27AAPFU0939F1ZV',
        'GSTIN: 29AABCB1234F1Z4',
        'Place of supply Karnataka (29)',
        'Reverse charge No',
        '998311',
        '49011010',
        '12.5',
        '28,125.00',
        // IGST: 5 % of ₹1,301.50 and 18 % of ₹1,13,125.00.
        '65.08',
        '20,362.50',
        '20,427.58',
        'Round off -0.08',
        'Total Rs. 1,34,854.00',
        'Rupees One Lakh Thirty-Four Thousand Eight Hundred Fifty-Four Only',
        'Account no.: 50200012345678',
        'IFSC: HDFC0000123',
        'PAY BY UPI',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('CGST');
    });

    it('splits CGST and UTGST for a supplier in a Union territory, within it', async () => {
      const text = textOf(
        await renderInvoicePdf({
          ...invoice,
          supplier: { ...invoice.supplier, stateCode: '04', gstin: '04AAPFU0939F1ZR' },
          client: { ...invoice.client, stateCode: '04', gstin: null },
          placeOfSupply: '04',
        }),
      );
      expect(text).toContain('Place of supply Chandigarh (04)');
      expect(text).toContain('Unregistered (no GSTIN)');
      expect(text).toMatch(/CGST .*UTGST/);
      expect(text).not.toContain('IGST');
      // 9 % of ₹1,13,125.00 = ₹10,181.25 each.
      expect(text).toContain('10,181.25 10,181.25');
    });

    it('marks a zero-rated export under LUT and offers no UPI', async () => {
      const text = textOf(
        await renderInvoicePdf({
          ...invoice,
          client: { name: 'Globex GmbH', address: 'Berlin', stateCode: '96', gstin: null },
          placeOfSupply: '96',
          exportUnderLut: true,
        }),
      );
      expect(text).toContain('Outside India (96)');
      expect(text).toContain('UNDER LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX');
      expect(text).toContain('Total Rs. 1,14,427.00');
      expect(text).not.toContain('PAY BY UPI');
    });

    it('makes a credit note against its invoice, and marks a cancelled invoice', async () => {
      const credit = textOf(
        await renderInvoicePdf({
          ...invoice,
          kind: 'credit-note',
          number: 'CN/2026-27/0001',
          original: { number: 'INV/2026-27/0042', issueDate: '2026-11-26' },
          reason: 'Consulting hours billed twice',
          lines: [invoice.lines[1]!],
        }),
      );
      expect(credit).toContain('CREDIT NOTE');
      expect(credit).toContain('Credit note no. CN/2026-27/0001');
      expect(credit).toContain('Against invoice INV/2026-27/0042');
      expect(credit).toContain('Reason: Consulting hours billed twice');
      expect(credit).toContain('Rupees Thirty-Three Thousand One Hundred Eighty-Eight Only');
      expect(credit).not.toContain('PAY BY UPI');

      const cancelled = textOf(await renderInvoicePdf({ ...invoice, cancelled: true }));
      expect(cancelled).toContain('CANCELLED');
      expect(cancelled).not.toContain('PAY BY UPI');
    });

    it('runs 200 lines over pages, every line there', async () => {
      const lines = Array.from({ length: 200 }, (_, i) => ({
        ...invoice.lines[i % 3]!,
        description: `Item number ${i + 1}`,
      }));
      const text = textOf(await renderInvoicePdf({ ...invoice, lines }));
      for (const n of [1, 57, 200]) expect(text).toContain(`Item number ${n} `);
      expect(text).toMatch(/page 1 of ([4-9]|\d\d)/);
    });

    it('writes the rupee sign as Rs. and what the standard font lacks as ?', async () => {
      const text = textOf(
        await renderInvoicePdf({
          ...invoice,
          client: { ...invoice.client, name: 'शर्मा Traders' },
          notes: 'Late fee ₹500 — after 15 days',
        }),
      );
      expect(text).toContain('????? Traders');
      expect(text).toContain('Late fee Rs.500 - after 15 days');
    });
  });

  it.skipIf(!canReadQr)('has a UPI QR for exactly the amount due', async () => {
    const file = join(folder, 'qr.pdf');
    writeFileSync(file, await renderInvoicePdf({ ...invoice, amountDuePaise: 10_000_050 }));
    execFileSync('pdftoppm', ['-png', '-r', '200', '-singlefile', file, join(folder, 'qr')]);
    const read = execFileSync('zbarimg', ['-q', '--raw', join(folder, 'qr.png')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(read.trim()).toBe(
      upiPaymentLink({
        vpa: 'acme.software@okhdfcbank',
        payeeName: 'Acme Software Services',
        amountPaise: 10_000_050,
        note: 'INV/2026-27/0042',
      }),
    );
    const text = textOf(await renderInvoicePdf({ ...invoice, amountDuePaise: 10_000_050 }));
    expect(text).toContain('PAY BY UPI');
    expect(text).toContain('Rs. 1,00,000.50');
  });
});
