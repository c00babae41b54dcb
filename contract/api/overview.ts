/**
 * What every call of the API shares: the opening of the OpenAPI document (/api/docs), where
 * each endpoint's own schemas follow.
 */
export const API_OVERVIEW = `All calls are under \`/api\`, JSON in and out. Every answer is an envelope
\`{ success: boolean, message?: string, data?: ..., ... }\`; errors are \`{ success: false, message }\`
with a message a person can read. Signed-in calls send \`Authorization: Bearer <token>\`.

**Statuses:** 200/201 done; 400 invalid input (the message names the field); 401 no, invalid or
expired session; 403 not allowed for this role; 404 not found *or not yours* (another tenant's
record is never told apart from a missing one); 405 a known path with another method (with
\`Allow\`); 409 a conflict; 413 a body over 64 KB; 415 a body in another content type than JSON; 429 too many
calls and 503 busy or database unavailable, both with \`Retry-After\` in seconds; 502 a reminder
e-mail could not be sent. Each operation lists the statuses it gives; any call may also answer
503 while the database is unreachable.

**Something pending:** while a signed-in user must change a password someone else chose, or
turn on two-factor sign-in that its company requires (the profile's \`pending\`), every signed-in
call but the profile, password, two-factor, sessions, sign-ins and logout calls answers 403
saying what to do first.

**Money** on the wire is rupees as a JSON number with at most 2 decimals, at most
99999999999.99, stored as integer paise. **Calendar dates** are \`YYYY-MM-DD\`; timestamps are
ISO 8601 strings. **Days** follow the user's time zone: the app sends
\`X-Time-Zone: <IANA zone>\` (e.g. \`Asia/Kolkata\`) on every call. "Today" (due and overdue,
the dashboard's months, a project's default date) is the calendar day there, and a from/to
filter on a time of change (the audit trail) covers whole days there. Without it, or with a
zone the server does not know, the server's default zone (Asia/Kolkata) applies.

**Text:** a NUL character anywhere in a call (body, query, path, keys included) is a 400.
Text fields described as trimmed lose the spaces at either end before their rules apply, and
lengths count UTF-16 code units (a character outside the Basic Multilingual Plane counts as 2). Fields a call
does not know are ignored. Every answer carries \`Cache-Control: no-store\`.`;
