import { sql } from 'drizzle-orm';
import { TIME_ZONE_MAX_LENGTH } from '../../contract/headers';

/**
 * An IANA name: letters first, then letters, digits, `_+-` and `/`. Offsets (`+05:30`) and
 * POSIX strings are left out: PostgreSQL reads `+05:30` as five and a half hours WEST.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Name as sent -> the zone's canonical name, or null; bounded, since callers choose the keys. */
const known = new Map<string, string | null>();
const KNOWN_MAX = 2000;

/**
 * The canonical name of an IANA time zone (`asia/kolkata` -> `Asia/Calcutta`), or null when
 * it is not one. ICU's canonical names are the long-standing ones, which PostgreSQL (that
 * reads the name in `AT TIME ZONE`) knows however old its time zone data.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(name))
    return null;
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (zone && !ZONE_NAME.test(zone)) zone = null;
  if (known.size < KNOWN_MAX) known.set(name, zone);
  return zone;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) in a zone at an instant; `zone` must be canonical. */
export function dayIn(zone: string, at: Date = new Date()): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Where a calendar day starts in a zone, as a time: `at >= dayStartsIn(from, zone)` and
 * `at < dayStartsIn(to, zone, 1)` keep a filter on a timestamptz column to whole days
 * there, with nothing applied to the column, so its index still serves. PostgreSQL works it
 * out, daylight saving included (a day whose midnight is skipped starts at 01:00).
 */
export const dayStartsIn = (day: string, zone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;
