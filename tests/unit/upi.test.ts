import { describe, expect, it } from 'vitest';
import { isValidVpa, normalizeVpa, upiPaymentLink } from '../../contract/upi';

describe('VPA', () => {
  it.each(['acme.software@okhdfcbank', '9876543210@ybl', 'a_b-c@paytm', 'ab@upi'])(
    '%s is valid',
    (vpa) => {
      expect(isValidVpa(vpa)).toBe(true);
    },
  );
  it.each(['acme', '@ybl', 'a@ybl', 'acme@', 'acme@@ybl', 'ac me@ybl', 'acme@1bank', '.acme@ybl'])(
    '%s is not',
    (vpa) => {
      expect(isValidVpa(vpa)).toBe(false);
    },
  );
  it('is stored trimmed, in lower case', () => {
    expect(normalizeVpa(' Acme.Software@OKHDFCBANK ')).toBe('acme.software@okhdfcbank');
  });
});

describe('upiPaymentLink', () => {
  it('asks for exactly the amount, with 2 decimals', () => {
    expect(
      upiPaymentLink({
        vpa: 'acme@okhdfcbank',
        payeeName: 'Acme',
        amountPaise: 13_485_400,
        note: 'INV/2026-27/0042',
      }),
    ).toBe('upi://pay?pa=acme@okhdfcbank&pn=Acme&am=134854.00&tn=INV%2F2026-27%2F0042&cu=INR');
    expect(
      upiPaymentLink({ vpa: 'acme@ybl', payeeName: 'A', amountPaise: 5, note: 'X' }),
    ).toContain('&am=0.05&');
  });

  it('percent-encodes names and notes', () => {
    const link = upiPaymentLink({
      vpa: 'shah.sons@oksbi',
      payeeName: ' Shah & Sons (P) Ltd #1 ',
      amountPaise: 100,
      note: 'INV/2026-27/0001 + 50% = ok?',
    });
    expect(link).toBe(
      'upi://pay?pa=shah.sons@oksbi&pn=Shah%20%26%20Sons%20(P)%20Ltd%20%231' +
        '&am=1.00&tn=INV%2F2026-27%2F0001%20%2B%2050%25%20%3D%20ok%3F&cu=INR',
    );
    const params = new URLSearchParams(link.split('?')[1]);
    expect(params.get('pn')).toBe('Shah & Sons (P) Ltd #1');
    expect(params.get('tn')).toBe('INV/2026-27/0001 + 50% = ok?');
    expect(params.get('am')).toBe('1.00');
  });

  it('refuses a bad VPA or amount', () => {
    const base = { vpa: 'acme@ybl', payeeName: 'A', note: 'X' };
    expect(() => upiPaymentLink({ ...base, vpa: 'acme', amountPaise: 100 })).toThrow(RangeError);
    expect(() => upiPaymentLink({ ...base, amountPaise: 0 })).toThrow(RangeError);
    expect(() => upiPaymentLink({ ...base, amountPaise: 10.5 })).toThrow(RangeError);
  });
});
