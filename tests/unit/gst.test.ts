import { describe, expect, it } from 'vitest';
import { InvoiceClientFields, InvoiceProfileFields } from '../../contract/api/invoices';
import {
  CURRENT_STATE_CODES,
  GST_STATES,
  gstState,
  gstinCheckChar,
  gstinPan,
  gstinProblem,
  indianMobile,
  isValidGstin,
  isValidPan,
  normalizeTaxId,
  placeOfSupplyName,
} from '../../contract/gst';

describe('GST state codes', () => {
  it('lists every state and Union territory once, with 97 Other Territory', () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(gstState('27')?.name).toBe('Maharashtra');
    expect(gstState('29')?.name).toBe('Karnataka');
    expect(gstState('36')?.name).toBe('Telangana');
    expect(gstState('37')?.name).toBe('Andhra Pradesh');
    expect(gstState('38')?.name).toBe('Ladakh');
    expect(gstState('97')?.name).toBe('Other Territory');
    // 28 states and 8 Union territories today, and Other Territory.
    expect(CURRENT_STATE_CODES).toHaveLength(37);
    expect(CURRENT_STATE_CODES).not.toContain('25');
    expect(CURRENT_STATE_CODES).not.toContain('28');
  });

  it('marks the Union territories that levy UTGST', () => {
    const utgst = GST_STATES.filter((s) => s.utgst && !s.legacy).map((s) => s.code);
    expect(utgst).toEqual(['04', '26', '31', '35', '38', '97']);
    // Delhi, Puducherry and Jammu and Kashmir have legislatures: SGST.
    expect(gstState('07')?.utgst).toBe(false);
    expect(gstState('34')?.utgst).toBe(false);
    expect(gstState('01')?.utgst).toBe(false);
  });

  it('names a place of supply outside India', () => {
    expect(placeOfSupplyName('96')).toBe('Outside India');
    expect(placeOfSupplyName('33')).toBe('Tamil Nadu');
  });
});

describe('GSTIN', () => {
  // Published GSTINs (the GSTN's own example, and businesses' public registrations).
  it.each(['27AAPFU0939F1ZV', '07AAGFF2194N1Z1', '33AACCM9093R1ZP'])('%s is valid', (gstin) => {
    expect(gstinProblem(gstin)).toBeUndefined();
  });

  // Check characters computed by an independent Luhn mod 36 implementation.
  it.each([
    ['29AABCB1234F1Z', '4'],
    ['27AAACR5055K1Z', '7'],
    ['07AABCU9603R1Z', 'P'],
    ['33AAACH7409R1Z', '8'],
    ['97AAAAA0000A1Z', 'V'],
    ['36AACCT1234G2Z', 'N'],
    ['24AAKCS9119K1Z', 'X'],
    ['09AAACR5055K1Z', '5'],
  ])('the check character of %s is %s', (first14, check) => {
    expect(gstinCheckChar(first14)).toBe(check);
    expect(isValidGstin(first14 + check)).toBe(true);
  });

  it('catches every single-character typing mistake in the check', () => {
    const valid = '27AAPFU0939F1ZV';
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (c !== 'V') expect(isValidGstin(valid.slice(0, 14) + c)).toBe(false);
    }
    // Two neighbours swapped.
    expect(isValidGstin('27AAPFU0993F1ZV')).toBe(false);
  });

  it('says what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('must be 15 characters');
    expect(gstinProblem('27AAPFU0939F1Z-')).toBe('must contain only letters and digits');
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('must start with a valid state code');
    expect(gstinProblem('27AAPXU0939F1ZV')).toBe('must contain a valid PAN (characters 3 to 12)');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('must have 1-9 or A-Z, then Z, at 13-14');
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('has a wrong check character (a typing mistake?)');
  });

  it('is read without spaces, in capitals; its PAN is inside', () => {
    expect(normalizeTaxId(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(normalizeTaxId('27 AAPFU 0939F 1ZV')).toBe('27AAPFU0939F1ZV');
    expect(gstinPan('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });
});

describe('PAN', () => {
  it.each(['AAPFU0939F', 'ABCPE1234F', 'AAACR5055K', 'AAAAE1234L'])('%s is valid', (pan) => {
    expect(isValidPan(pan)).toBe(true);
  });
  it.each(['AAPXU0939F', 'AAPF0939F', 'AAPFU09391', 'aapfu0939f', 'AAPFU0939FF'])(
    '%s is not',
    (pan) => {
      expect(isValidPan(pan)).toBe(false);
    },
  );
});

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['(+91) 6000000000', '+916000000000'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(indianMobile(typed)).toBe(stored);
  });
  it.each(['5876543210', '987654321', '+1 9876543210', '98765432101', 'abc'])('%s is not', (t) => {
    expect(indianMobile(t)).toBeNull();
  });
});

describe('the invoicing profile schema', () => {
  const profile = {
    legalName: 'Acme Software Services Private Limited',
    address: 'Andheri East, Mumbai 400093',
    stateCode: '27',
    gstin: '27aapfu0939f1zv',
    upiId: ' Acme.Software@OKHDFCBANK ',
  };

  it('normalizes and fills the defaults', () => {
    expect(InvoiceProfileFields.parse(profile)).toEqual({
      ...profile,
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      upiId: 'acme.software@okhdfcbank',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      termsDays: 15,
    });
  });

  const problem = (input: object) => {
    const result = InvoiceProfileFields.safeParse(input);
    if (result.success) return 'accepted';
    const issue = result.error.issues[0]!;
    return `${issue.path.join('.')} ${issue.message}`;
  };

  it('names the field that is wrong', () => {
    expect(problem({ ...profile, gstin: '27AAPFU0939F1ZW' })).toBe(
      'gstin has a wrong check character (a typing mistake?)',
    );
    expect(problem({ ...profile, stateCode: '29' })).toBe(
      "gstin must start with the company's state code",
    );
    expect(problem({ ...profile, stateCode: '99' })).toBe(
      'stateCode must be a GST state code (01-38 or 97)',
    );
    expect(problem({ ...profile, pan: 'AAPFU0939G' })).toBe('pan must be the PAN inside the GSTIN');
    expect(problem({ ...profile, upiId: 'acme' })).toBe('upiId must be a UPI ID such as name@bank');
    expect(problem({ ...profile, invoicePrefix: 'INVOICE' })).toBe(
      'invoicePrefix must be 1 to 3 letters or digits, starting with a letter',
    );
    expect(problem({ ...profile, creditNotePrefix: 'inv' })).toBe(
      'creditNotePrefix must differ from the invoice prefix (its own series)',
    );
    expect(problem({ ...profile, termsDays: 400 })).toBe('termsDays must be at most 365 days');
  });
});

describe('the client schema', () => {
  const client = {
    name: 'Bengaluru Retail Ventures LLP',
    stateCode: '29',
    billingAddress: 'Indiranagar, Bengaluru 560038',
  };

  it('takes an unregistered client without e-mail or mobile', () => {
    expect(InvoiceClientFields.parse({ ...client, gstin: '', email: '', mobile: '' })).toEqual({
      ...client,
      gstin: null,
      email: null,
      mobile: null,
    });
    expect(InvoiceClientFields.parse(client)).toMatchObject({ gstin: null, mobile: null });
  });

  it('stores one form of the mobile and checks the GSTIN against the state', () => {
    expect(
      InvoiceClientFields.parse({ ...client, gstin: '29AABCB1234F1Z4', mobile: '098765 43210' }),
    ).toMatchObject({ gstin: '29AABCB1234F1Z4', mobile: '+919876543210' });
    const wrongState = InvoiceClientFields.safeParse({ ...client, gstin: '27AAPFU0939F1ZV' });
    expect(wrongState.error?.issues[0]).toMatchObject({
      path: ['gstin'],
      message: "must start with the client's state code",
    });
    const abroad = { ...client, stateCode: '96' };
    expect(InvoiceClientFields.parse(abroad)).toMatchObject({ stateCode: '96', gstin: null });
    expect(
      InvoiceClientFields.safeParse({ ...abroad, gstin: '29AABCB1234F1Z4' }).error?.issues[0],
    ).toMatchObject({ path: ['gstin'], message: 'must be empty for a client outside India' });
    const badMobile = InvoiceClientFields.safeParse({ ...client, mobile: '12345' });
    expect(badMobile.error?.issues[0]).toMatchObject({
      path: ['mobile'],
      message: 'must be an Indian mobile number',
    });
  });
});
