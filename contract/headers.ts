/**
 * Headers every call of the API may carry besides Authorization (described for readers of
 * the API in api/overview.ts). Plain TypeScript: the SPA sends them, the server reads them.
 */

/**
 * The user's IANA time zone (`Asia/Kolkata`), as the browser reports it. The server takes
 * "today" as the calendar day there (due and overdue, the dashboard's month, default dates)
 * and a date filter on a time of change (the audit trail) as whole days there. A missing,
 * malformed or unknown zone means the server's default zone, never an error.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/** The server's zone for a call that names none, unless DEFAULT_TIME_ZONE says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Longer than any IANA name: a longer value is not looked at. */
export const TIME_ZONE_MAX_LENGTH = 64;
