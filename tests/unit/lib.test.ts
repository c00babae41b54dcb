import { contractProblem } from './contractCheck';
import { describe, expect, it } from 'vitest';
import { MOBILE_PATTERN } from '../../contract/rules';
import { amountError } from '../../src/lib/amount';
import { inputPattern } from '../../src/lib/patterns';
import { formatRupees } from '../../src/lib/money';
import { formatDMY, formatYMD, todayLocalISO } from '../../src/lib/dates';
import { formatEnum, roleLabel } from '../../src/lib/labels';
import { redirectTarget } from '../../src/session/redirect';
import { initials } from '../../src/ui/Avatar';

describe('formatRupees', () => {
  it('uses Indian grouping, the rupee sign and two decimals', () => {
    expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatRupees(999.999)).toBe('₹1,000.00');
    expect(formatRupees(100000)).toBe('₹1,00,000.00');
  });
  it('shows ₹0.00 for zero and for a missing value', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(null)).toBe('₹0.00');
    expect(formatRupees(undefined)).toBe('₹0.00');
  });
});

describe('amountError (every amount field: expense, lend, repayment, price, payment)', () => {
  const POSITIVE = 'Must be more than 0, with at most 2 decimals.';
  it('accepts what the server accepts, 19.99 and 0.29 included (19.99 * 100 is not 1999)', () => {
    for (const ok of ['19.99', '1.10', '0.29', '0.01', '1234.5', ' 42 ', '99999999999.99'])
      expect(amountError(ok, 'positive'), ok).toBeUndefined();
  });
  it('refuses more than 2 decimals, 0 or less, not a number, and more than 99999999999.99', () => {
    for (const bad of ['1.234', '-1', '0', '', 'abc', '0.001'])
      expect(amountError(bad, 'positive'), bad).toBe(POSITIVE);
    expect(amountError('100000000000', 'positive')).toBe('Must be at most 99999999999.99.');
  });
  it("an opening balance may be 0; the bank form's words", () => {
    expect(amountError('0', 'zero')).toBeUndefined();
    expect(amountError('19.99', 'zero')).toBeUndefined();
    expect(amountError('-1', 'zero')).toBe('Must be 0 or more, with at most 2 decimals.');
    expect(amountError('1.234', 'zero')).toBe('Must be 0 or more, with at most 2 decimals.');
    expect(amountError('100000000000', 'zero')).toBe('Must be at most 99999999999.99.');
  });
});

describe('inputPattern', () => {
  it("turns the contract's mobile pattern into an attribute the browser compiles (v flag)", () => {
    const attribute = inputPattern(MOBILE_PATTERN);
    expect(attribute).toBe('\\+?[0-9][0-9 \\-]{6,18}');
    // As the browser uses it: anchored, with the v flag; it matches what the contract matches.
    const asBrowser = new RegExp(`^(?:${attribute})$`, 'v');
    for (const mobile of ['9876501234', '+91 98765-01234', '12345', 'abc1234567', '+'])
      expect(asBrowser.test(mobile), mobile).toBe(MOBILE_PATTERN.test(mobile));
  });
});

describe('dates', () => {
  it('formats DD/MM/YYYY and YYYY-MM-DD', () => {
    expect(formatDMY('2024-03-05')).toBe('05/03/2024');
    expect(formatDMY(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024');
    expect(formatDMY('')).toBe('');
    expect(formatYMD('2024-03-05')).toBe('2024-03-05');
  });
  it('todayLocalISO is the local calendar date, not the UTC one', () => {
    // 23:30 local time on 5 Jan: in any zone east of UTC the UTC date could differ.
    expect(todayLocalISO(new Date(2024, 0, 5, 23, 30))).toBe('2024-01-05');
    expect(todayLocalISO(new Date(2024, 0, 6, 0, 15))).toBe('2024-01-06');
  });
});

describe('labels', () => {
  it('roles read PM, TL, Admin, Company, Employee', () => {
    expect(['pm', 'tl', 'admin', 'company', 'employee'].map((r) => roleLabel(r as never))).toEqual([
      'PM',
      'TL',
      'Admin',
      'Company',
      'Employee',
    ]);
    expect(roleLabel(undefined)).toBe('');
  });

  it('enum values start with a capital, the same in lists and Data Details', () => {
    expect(formatEnum('movie')).toBe('Movie');
    expect(formatEnum('active')).toBe('Active');
    expect(formatEnum('')).toBe('—');
  });
});

describe('redirectTarget', () => {
  it('returns the wanted /app page, else the dashboard', () => {
    expect(redirectTarget({ from: { pathname: '/app/expenses', search: '?x=1' } })).toBe(
      '/app/expenses?x=1',
    );
    expect(redirectTarget({ from: '/app/profile' })).toBe('/app/profile');
    expect(redirectTarget(null)).toBe('/app/dashboard');
    expect(redirectTarget({ from: 'https://evil.example/app' })).toBe('/app/dashboard');
    expect(redirectTarget({ from: '/login' })).toBe('/app/dashboard');
  });
});

describe('initials', () => {
  it('takes the first and last initial', () => {
    expect(initials('Asha Rao Menon')).toBe('AM');
    expect(initials('asha')).toBe('A');
    expect(initials('')).toBe('?');
  });
});

describe('the contract check of msw answers', () => {
  const call = (method: string, path: string) =>
    new Request(`http://localhost/api${path}`, { method });
  const json = (body: unknown, status = 200) => Response.json(body, { status });

  it('passes what the server could send and flags what it never could', async () => {
    const list = { success: true, data: [], total: 0, page: 1, pageSize: 20, totalAmount: 0 };
    expect(await contractProblem(call('GET', '/expense/getuserallexpenses'), json(list))).toBe(
      undefined,
    );
    expect(
      await contractProblem(call('GET', '/expense/getuserallexpenses'), json({ success: true })),
    ).toMatch(/could never send/);
    expect(
      await contractProblem(
        call('POST', '/expense/addexpense'),
        json(
          {
            success: false,
            message: 'amount must be greater than 0',
            code: 'validation',
            field: 'amount',
          },
          400,
        ),
      ),
    ).toBe(undefined);
    expect(await contractProblem(call('POST', '/expense/addexpense'), json({}, 500))).toMatch(
      /could never send/,
    );
    expect(await contractProblem(call('GET', '/no/such/call'), json({}))).toMatch(
      /not a call of the API/,
    );
  });
});
