/**
 * The user's LOCAL calendar date as YYYY-MM-DD (not the UTC date). Apart from dates.ts, which
 * brings date-fns: the dashboard, the first screen of a session, needs only this.
 */
export function todayLocalISO(now: Date = new Date()): string {
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/**
 * A calendar date (YYYY-MM-DD) as DD/MM/YYYY, the lists' form (spec §9), without date-fns:
 * for the dashboard, whose first paint carries no date library.
 */
export function dmyOfIso(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : iso;
}
