import { describe, expect, it } from 'vitest';
import {
  addMonths,
  firstOnOrAfter,
  nextAfter,
  ordinal,
  scheduleDayProblem,
  scheduleInWords,
} from '../../contract/schedule';

/** The days of a schedule from `from`, `count` of them. */
function days(schedule: 'monthly' | 'weekly', day: number, from: string, count: number) {
  const out = [firstOnOrAfter(schedule, day, from)];
  while (out.length < count) out.push(nextAfter(schedule, day, out.at(-1)!));
  return out;
}

describe('the recurring calendar', () => {
  it('monthly on the 31st: the last day of shorter months, and the 31st again after them', () => {
    expect(days('monthly', 31, '2031-01-01', 5)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
      '2031-05-31',
    ]);
    expect(days('monthly', 30, '2032-01-31', 3)).toEqual([
      '2032-02-29',
      '2032-03-30',
      '2032-04-30',
    ]);
    expect(days('monthly', 29, '2100-02-01', 1)).toEqual(['2100-02-28']); // 2100 is no leap year
  });

  it("monthly from a day past this month's: next month, across the year", () => {
    expect(firstOnOrAfter('monthly', 15, '2026-12-16')).toBe('2027-01-15');
    expect(firstOnOrAfter('monthly', 15, '2026-12-15')).toBe('2026-12-15');
    expect(nextAfter('monthly', 1, '2026-12-01')).toBe('2027-01-01');
  });

  it('weekly: the weekday on or after, then every 7 days', () => {
    // 2026-11-24 is a Tuesday.
    expect(firstOnOrAfter('weekly', 2, '2026-11-24')).toBe('2026-11-24');
    expect(firstOnOrAfter('weekly', 1, '2026-11-24')).toBe('2026-11-30');
    expect(days('weekly', 0, '2026-12-25', 3)).toEqual(['2026-12-27', '2027-01-03', '2027-01-10']);
  });

  it('a year back keeps the day, or the month end', () => {
    expect(addMonths('2026-11-24', -12)).toBe('2025-11-24');
    expect(addMonths('2028-02-29', -12)).toBe('2027-02-28');
  });

  it('says which days a schedule has, and reads it in words', () => {
    expect(scheduleDayProblem('monthly', 31)).toBeUndefined();
    expect(scheduleDayProblem('monthly', 0)).toBe('must be from 1 to 31 for a monthly schedule');
    expect(scheduleDayProblem('weekly', 7)).toBe(
      'must be from 0 (Sunday) to 6 (Saturday) for a weekly schedule',
    );
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
    expect(scheduleInWords('monthly', 1)).toBe('Monthly on the 1st');
    expect(scheduleInWords('weekly', 1)).toBe('Weekly on Monday');
  });
});
