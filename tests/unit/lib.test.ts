import { describe, expect, it } from 'vitest';
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
