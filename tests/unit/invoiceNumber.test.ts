import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  dueDate,
  financialYear,
  financialYearStarting,
  maxSerial,
} from '../../contract/invoiceNumber';

describe('financialYear (1 April to 31 March)', () => {
  it.each([
    ['2027-03-31', '2026-27'],
    ['2027-04-01', '2027-28'],
    ['2026-04-01', '2026-27'],
    ['2026-03-31', '2025-26'],
    ['2026-12-31', '2026-27'],
    ['2027-01-01', '2026-27'],
    ['2028-02-29', '2027-28'],
    ['1999-05-01', '1999-00'],
    ['2100-01-15', '2099-00'],
  ])('%s is in %s', (date, label) => {
    expect(financialYear(date).label).toBe(label);
  });

  it('gives the first and last day', () => {
    expect(financialYearStarting(2026)).toEqual({
      startYear: 2026,
      label: '2026-27',
      start: '2026-04-01',
      end: '2027-03-31',
    });
  });

  it('refuses what is not a date', () => {
    expect(() => financialYear('26/11/2026')).toThrow(RangeError);
  });
});

describe('documentNumber', () => {
  const fy = financialYear('2026-11-26');

  it('formats the invoice and credit note series', () => {
    expect(documentNumber('INV', fy, 1)).toBe('INV/2026-27/0001');
    expect(documentNumber('CN', fy, 1)).toBe('CN/2026-27/0001');
    expect(documentNumber('INV', fy, 9999)).toBe('INV/2026-27/9999');
    expect(documentNumber('CN', fy, 12_345)).toBe('CN/2026-27/12345');
  });

  it('stays within the 16 characters of rule 46(b)', () => {
    expect(maxSerial('INV')).toBe(9999);
    expect(maxSerial('CN')).toBe(99_999);
    expect(() => documentNumber('INV', fy, 10_000)).toThrow('longer than 16 characters');
  });

  it('refuses a bad prefix or serial', () => {
    expect(() => documentNumber('INVOICE', fy, 1)).toThrow(RangeError);
    expect(() => documentNumber('inv', fy, 1)).toThrow(RangeError);
    expect(() => documentNumber('INV', fy, 0)).toThrow(RangeError);
  });
});

describe('dueDate', () => {
  it.each([
    ['2026-11-26', 0, '2026-11-26'],
    ['2026-11-26', 15, '2026-12-11'],
    ['2026-12-20', 30, '2027-01-19'],
    ['2028-02-14', 15, '2028-02-29'],
    ['2027-03-31', 1, '2027-04-01'],
    ['2026-01-01', 365, '2027-01-01'],
  ])('%s + %i days is %s', (issued, days, due) => {
    expect(dueDate(issued, days)).toBe(due);
  });

  it('refuses terms outside 0..365 whole days', () => {
    expect(() => dueDate('2026-11-26', -1)).toThrow(RangeError);
    expect(() => dueDate('2026-11-26', 366)).toThrow(RangeError);
    expect(() => dueDate('2026-11-26', 1.5)).toThrow(RangeError);
  });
});
