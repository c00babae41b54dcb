import { describe, expect, it } from 'vitest';
import { InvoiceDraftFields, InvoiceLineFields } from '../../contract/api/invoices';
import { consultingLine } from './fixtures/invoiceLines';
import {
  invoiceTotals,
  lineAmounts,
  milliToQuantityText,
  percentToBasisPoints,
  quantityToMilli,
  roundToRupee,
  taxTreatment,
  type InvoiceLineInput,
} from '../../contract/invoiceMath';

const line = (
  quantityMilli: number,
  ratePaise: number,
  gstRate: InvoiceLineInput['gstRate'],
  discount?: InvoiceLineInput['discount'],
): InvoiceLineInput => ({ quantityMilli, ratePaise, gstRate, discount });

describe('taxTreatment (place of supply)', () => {
  it('is intra-state within the supplier state, inter-state across', () => {
    expect(taxTreatment('27', '27')).toBe('intra');
    expect(taxTreatment('27', '29')).toBe('inter');
  });
  it('is zero-rated for an export under LUT, IGST for an export with payment', () => {
    expect(taxTreatment('27', '96', true)).toBe('zero-rated');
    expect(taxTreatment('27', '96')).toBe('inter');
  });
});

describe('lineAmounts', () => {
  it('multiplies thousandths of a unit by paise, half up to the paisa', () => {
    // 2.345 × ₹1,234.56 = ₹2,895.0432
    expect(lineAmounts(line(2345, 123_456, 18)).grossPaise).toBe(289_504);
    // 0.5 × 1 paisa: exactly half a paisa goes up.
    expect(lineAmounts(line(500, 1, 18)).grossPaise).toBe(1);
    expect(lineAmounts(line(499, 1, 18)).grossPaise).toBe(0);
  });

  it('takes a discount in percent (half up) or in paise', () => {
    // 10 × ₹99.99 = ₹999.90, less 12.5 % = ₹124.9875 → ₹124.99.
    expect(lineAmounts(line(10_000, 9_999, 12, { kind: 'percent', basisPoints: 1250 }))).toEqual({
      grossPaise: 99_990,
      discountPaise: 12_499,
      taxablePaise: 87_491,
      gstRate: 12,
    });
    expect(lineAmounts(line(1000, 5000, 5, { kind: 'amount', paise: 1234 })).taxablePaise).toBe(
      3766,
    );
    expect(
      lineAmounts(line(1000, 5000, 5, { kind: 'percent', basisPoints: 10_000 })).taxablePaise,
    ).toBe(0);
  });

  it('stays exact past 2^53 in the product', () => {
    // 9,999,999.999 units × ₹9,00,000.00: the product of the integers is about 9e17.
    expect(lineAmounts(line(9_999_999_999, 90_000_000, 18)).grossPaise).toBe(899_999_999_910_000);
  });

  it('refuses what the schemas refuse', () => {
    expect(() => lineAmounts(line(0, 100, 18))).toThrow(RangeError);
    expect(() => lineAmounts(line(1.5, 100, 18))).toThrow(RangeError);
    expect(() => lineAmounts(line(1000, -1, 18))).toThrow(RangeError);
    expect(() => lineAmounts(line(1000, 100, 18, { kind: 'amount', paise: 101 }))).toThrow(
      'discount is more than the line amount',
    );
    expect(() =>
      lineAmounts(line(1000, 100, 18, { kind: 'percent', basisPoints: 10_001 })),
    ).toThrow(RangeError);
  });
});

describe('invoiceTotals: worked examples', () => {
  it('one line at 18 %, within the state: CGST 9 % + SGST 9 %', () => {
    const t = invoiceTotals([line(1000, 1_000_000, 18)], 'intra');
    expect(t.taxTable).toEqual([
      { gstRate: 18, taxablePaise: 1_000_000, cgstPaise: 90_000, sgstPaise: 90_000, igstPaise: 0 },
    ]);
    expect(t).toMatchObject({ taxPaise: 180_000, roundOffPaise: 0, totalPaise: 1_180_000 });
  });

  it('the same line across states: IGST 18 %', () => {
    const t = invoiceTotals([line(1000, 1_000_000, 18)], 'inter');
    expect(t).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 180_000 });
    expect(t.totalPaise).toBe(1_180_000);
  });

  const mixed = [
    line(2000, 100_000, 18), // 2 × ₹1,000.00
    line(3000, 33_333, 12), // 3 × ₹333.33 = ₹999.99
    line(1000, 5_000, 5), // ₹50.00
    line(1000, 2_000, 0), // ₹20.00, nil-rated
    line(1000, 50_000, 18), // another 18 % line, taxed together with the first
  ];

  it('several rates on one invoice, within the state: one row per rate, lowest first', () => {
    const t = invoiceTotals(mixed, 'intra');
    expect(t.taxTable).toEqual([
      { gstRate: 0, taxablePaise: 2_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
      { gstRate: 5, taxablePaise: 5_000, cgstPaise: 125, sgstPaise: 125, igstPaise: 0 },
      // 6 % of ₹999.99 = ₹59.9994 → ₹60.00 each.
      { gstRate: 12, taxablePaise: 99_999, cgstPaise: 6_000, sgstPaise: 6_000, igstPaise: 0 },
      { gstRate: 18, taxablePaise: 250_000, cgstPaise: 22_500, sgstPaise: 22_500, igstPaise: 0 },
    ]);
    expect(t).toMatchObject({
      taxablePaise: 356_999,
      cgstPaise: 28_625,
      sgstPaise: 28_625,
      taxPaise: 57_250,
      exactTotalPaise: 414_249,
      // ₹4,142.49: 49 paise go.
      roundOffPaise: -49,
      totalPaise: 414_200,
    });
  });

  it('several rates across states', () => {
    const t = invoiceTotals(mixed, 'inter');
    expect(t.taxTable.map((r) => r.igstPaise)).toEqual([0, 250, 12_000, 45_000]);
    expect(t).toMatchObject({ igstPaise: 57_250, totalPaise: 414_200, roundOffPaise: -49 });
  });

  it('discounts: tax on the value after discount', () => {
    const t = invoiceTotals(
      [
        line(10_000, 9_999, 12, { kind: 'percent', basisPoints: 1250 }),
        line(1000, 5000, 12, { kind: 'amount', paise: 1234 }),
      ],
      'inter',
    );
    // (₹874.91 + ₹37.66) × 12 % = ₹109.5084 → ₹109.51
    expect(t.taxTable).toEqual([
      { gstRate: 12, taxablePaise: 91_257, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_951 },
    ]);
    expect(t).toMatchObject({ exactTotalPaise: 102_208, roundOffPaise: -8, totalPaise: 102_200 });
  });

  it('an odd paisa: CGST and SGST are each computed at half the rate, so always equal', () => {
    // 5 % of ₹10.50 is 52.5 paise (IGST 53); 2.5 % is 26.25 paise: 26 + 26.
    const intra = invoiceTotals([line(1000, 1050, 5)], 'intra');
    expect(intra).toMatchObject({ cgstPaise: 26, sgstPaise: 26, taxPaise: 52 });
    expect(invoiceTotals([line(1000, 1050, 5)], 'inter').igstPaise).toBe(53);
    // 18 % of ₹0.75 is 13.5 paise; 9 % is 6.75: 7 + 7 = 14 (IGST 14 too).
    expect(invoiceTotals([line(1000, 75, 18)], 'intra')).toMatchObject({
      cgstPaise: 7,
      sgstPaise: 7,
    });
  });

  it('round-off up, down and at exactly 50 paise (half up)', () => {
    const total = (paise: number) => invoiceTotals([line(1000, paise, 0)], 'intra');
    expect(total(10_049)).toMatchObject({ roundOffPaise: -49, totalPaise: 10_000 });
    expect(total(10_050)).toMatchObject({ roundOffPaise: 50, totalPaise: 10_100 });
    expect(total(10_051)).toMatchObject({ roundOffPaise: 49, totalPaise: 10_100 });
    expect(total(10_000)).toMatchObject({ roundOffPaise: 0, totalPaise: 10_000 });
    // With tax: ₹847.46 + 18 % (₹76.27 + ₹76.27) = ₹1,000.00 exactly.
    expect(invoiceTotals([line(1000, 84_746, 18)], 'intra')).toMatchObject({
      taxPaise: 15_254,
      roundOffPaise: 0,
      totalPaise: 100_000,
    });
  });

  it('an export under LUT: zero-rated, no tax at any rate', () => {
    const t = invoiceTotals(mixed, 'zero-rated');
    expect(t.taxTable.every((r) => r.cgstPaise + r.sgstPaise + r.igstPaise === 0)).toBe(true);
    expect(t).toMatchObject({ taxPaise: 0, taxablePaise: 356_999, totalPaise: 357_000 });
    expect(t.roundOffPaise).toBe(1);
  });

  it('quantities with decimals', () => {
    // 1.5 h × ₹2,500.00 and 0.333 kg × ₹99.99 (₹33.29667 → ₹33.30), both at 18 %, inter-state.
    const t = invoiceTotals([line(1500, 250_000, 18), line(333, 9_999, 18)], 'inter');
    expect(t.lines.map((l) => l.taxablePaise)).toEqual([375_000, 3_330]);
    // 18 % of ₹3,783.30 = ₹680.994 → ₹680.99
    expect(t).toMatchObject({ igstPaise: 68_099, exactTotalPaise: 446_429, totalPaise: 446_400 });
  });

  it('a credit note uses the same arithmetic', () => {
    expect(roundToRupee(0)).toBe(0);
    expect(
      invoiceTotals([line(12_500, 250_000, 18, { kind: 'percent', basisPoints: 1000 })], 'inter'),
    ).toMatchObject({ taxablePaise: 2_812_500, igstPaise: 506_250, totalPaise: 3_318_800 });
  });
});

describe('quantities and percents as typed', () => {
  it.each([
    [1, 1000],
    [1.5, 1500],
    [0.001, 1],
    [2.345, 2345],
    [1.005, 1005],
    [10_000_000, 10_000_000_000],
  ])('quantity %d is %d thousandths', (typed, milli) => {
    expect(quantityToMilli(typed)).toBe(milli);
  });
  it.each([0, -1, 1.0005, 10_000_000.001, NaN, Infinity, 1e-7])('quantity %d is refused', (q) => {
    expect(quantityToMilli(q)).toBeNull();
  });
  it('prints thousandths without trailing zeros', () => {
    expect(milliToQuantityText(1500)).toBe('1.5');
    expect(milliToQuantityText(2000)).toBe('2');
    expect(milliToQuantityText(125)).toBe('0.125');
  });
  it('reads percents to hundredths', () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.01)).toBe(1);
    expect(percentToBasisPoints(100)).toBe(10_000);
    expect(percentToBasisPoints(12.345)).toBeNull();
    expect(percentToBasisPoints(101)).toBeNull();
  });
});

describe('invoice line and draft schemas', () => {
  const valid = {
    description: 'Consulting hours',
    sacHsn: '998311',
    quantity: 12.5,
    rate: 2500,
    gstRate: 18,
    discountPercent: 10,
  };

  it('turn a line into integers for the arithmetic', () => {
    expect(InvoiceLineFields.parse(valid)).toEqual(consultingLine);
    const { discountPercent: _, ...plain } = valid;
    expect(InvoiceLineFields.parse({ ...plain, discountAmount: 19.99 }).discount).toEqual({
      kind: 'amount',
      paise: 1999,
    });
    expect(InvoiceLineFields.parse(plain).discount).toBeNull();
  });

  const issue = (input: object) => {
    const r = InvoiceLineFields.safeParse(input);
    return r.success
      ? 'accepted'
      : `${r.error.issues[0]!.path.join('.')} ${r.error.issues[0]!.message}`;
  };

  it('name the field that is wrong', () => {
    expect(issue({ ...valid, sacHsn: '12345' })).toBe(
      'sacHsn must be a SAC/HSN code of 4, 6 or 8 digits',
    );
    expect(issue({ ...valid, gstRate: 15 })).toBe('gstRate must be one of 0, 5, 12, 18, 28, 40');
    expect(issue({ ...valid, quantity: 1.2345 })).toBe(
      'quantity must be above 0, at most 10000000, with at most 3 decimals',
    );
    expect(issue({ ...valid, rate: 10.001 })).toBe('rate must have at most 2 decimal places');
    expect(issue({ ...valid, discountPercent: 120 })).toBe(
      'discountPercent must be 0 to 100 with at most 2 decimals',
    );
    expect(issue({ ...valid, discountAmount: 5 })).toBe(
      'discountAmount cannot be given with discountPercent',
    );
    expect(issue({ ...valid, discountPercent: undefined, discountAmount: 40_000 })).toBe(
      'discountAmount cannot be more than quantity times rate',
    );
    expect(issue({ ...valid, quantity: 10_000_000, rate: 99_999_999_999 })).toBe(
      'rate times quantity is too large',
    );
  });

  const draft = {
    clientId: '3f0b8a64-8c5e-4b43-9a53-3b1f5a3a2c11',
    issueDate: '2026-11-26',
    lines: [valid],
  };

  it('bound a draft to 1..200 lines and an export flag to exports', () => {
    expect(InvoiceDraftFields.parse(draft)).toMatchObject({ exportUnderLut: false, notes: '' });
    const many = InvoiceDraftFields.safeParse({ ...draft, lines: Array(201).fill(valid) });
    expect(many.error?.issues[0]?.message).toBe('must have at most 200 lines');
    expect(InvoiceDraftFields.safeParse({ ...draft, lines: Array(200).fill(valid) }).success).toBe(
      true,
    );
    expect(InvoiceDraftFields.safeParse({ ...draft, lines: [] }).error?.issues[0]?.message).toBe(
      'must have at least one line',
    );
    const huge = { ...valid, quantity: 1, rate: 90_000_000_000, discountPercent: undefined };
    const tooMuch = InvoiceDraftFields.safeParse({ ...draft, lines: [huge, huge] });
    expect(tooMuch.error?.issues[0]).toMatchObject({
      path: ['lines'],
      message: 'must add up to at most 99999999999.99 rupees',
    });
    const lut = InvoiceDraftFields.safeParse({ ...draft, exportUnderLut: true });
    expect(lut.error?.issues[0]).toMatchObject({
      path: ['exportUnderLut'],
      message: 'applies only to an export (place of supply 96)',
    });
    expect(
      InvoiceDraftFields.safeParse({ ...draft, placeOfSupply: '96', exportUnderLut: true }).success,
    ).toBe(true);
  });
});
