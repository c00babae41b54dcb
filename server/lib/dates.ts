import { z } from 'zod';

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused). */
export const calendarDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const dt = new Date(Date.UTC(y, m - 1, d));
    return (
      y >= 1900 &&
      y <= 2200 &&
      dt.getUTCFullYear() === y &&
      dt.getUTCMonth() === m - 1 &&
      dt.getUTCDate() === d
    );
  }, 'must be a real date between 1900 and 2200');

export const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
