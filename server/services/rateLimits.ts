import { inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';
import { tarpit } from '../lib/tarpit';

/** At most `max` calls per key in a window of `windowMs`, counted from the first call. */
export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit of the API. Logins are counted per account and address (one person's typos,
 * or one attacker), per account from everywhere (an attack spread over many addresses: the
 * owner gets past it with a password reset, which clears it) and per address (one source
 * trying many accounts). Calls that send mail are counted per address and per recipient.
 */
export const LIMITS = {
  loginPerAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 30, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  codePerAccount: { max: 10, windowMs: 15 * MINUTE },
  passwordChecksPerAccount: { max: 10, windowMs: 15 * MINUTE },
  codePerAddress: { max: 100, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 10, windowMs: HOUR },
  forgotPerAddress: { max: 10, windowMs: HOUR },
  forgotPerEmail: { max: 3, windowMs: HOUR },
  resetPerAddress: { max: 20, windowMs: HOUR },
  remindersPerAccount: { max: 30, windowMs: DAY },
  remindersPerLend: { max: 1, windowMs: DAY },
  remindersPerRecipient: { max: 3, windowMs: DAY },
  invitesPerAccount: { max: 50, windowMs: DAY },
  invitesPerRecipient: { max: 3, windowMs: DAY },
  exportsPerAccount: { max: 20, windowMs: 10 * MINUTE },
  importsPerAccount: { max: 60, windowMs: 10 * MINUTE },
  streamsPerAccount: { max: 120, windowMs: 10 * MINUTE },
  invoiceLinksPerAddress: { max: 60, windowMs: 10 * MINUTE },
  statementLinksPerAddress: { max: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

export type Limits = typeof LIMITS;

/** The calls that send a second-factor code, counted together. */
const CODE_CALLS =
  'POST /api/user/loginuser/code, /api/user/two-factor/confirm and /disable (shared)';
/** The calls that send an invite e-mail, counted together. */
const INVITE_CALLS =
  'invite e-mails: POST /api/user/createUser without a password, /api/users/{id}/invite';

/** What each limit counts, as the API document tells it. */
export const LIMIT_SCOPES: Record<keyof Limits, { calls: string; per: string }> = {
  loginPerAccountAndAddress: { calls: 'POST /api/user/loginuser', per: 'account and address' },
  loginPerAccount: { calls: 'POST /api/user/loginuser', per: 'account, from every address' },
  loginPerAddress: { calls: 'POST /api/user/loginuser', per: 'address' },
  codePerAccount: { calls: CODE_CALLS, per: 'account' },
  passwordChecksPerAccount: {
    calls:
      'POST /api/user/updatepassword, /api/user/updateprofile, /api/company/updatecompany and /api/admin/updateadmin (a new e-mail), /api/user/two-factor/setup, /disable and /recovery-codes (shared)',
    per: 'account',
  },
  codePerAddress: { calls: CODE_CALLS, per: 'address' },
  registerPerAddress: { calls: 'POST /api/user/registeruser', per: 'address' },
  forgotPerAddress: { calls: 'POST /api/user/forgotpassword', per: 'address' },
  forgotPerEmail: { calls: 'POST /api/user/forgotpassword', per: 'e-mail asked for' },
  resetPerAddress: {
    calls:
      'POST /api/user/resetpassword, /api/user/acceptinvite (shared); /api/user/email/confirm and /api/user/email/revert (each counted apart)',
    per: 'address',
  },
  remindersPerAccount: { calls: 'POST /api/user/sendemaillend', per: 'sender' },
  remindersPerLend: { calls: 'POST /api/user/sendemaillend', per: 'lend' },
  remindersPerRecipient: { calls: 'POST /api/user/sendemaillend', per: "borrower's e-mail" },
  invitesPerAccount: { calls: INVITE_CALLS, per: 'sender' },
  invitesPerRecipient: { calls: INVITE_CALLS, per: "invitee's e-mail" },
  exportsPerAccount: {
    calls:
      'GET /api/expense/export, /api/lend/export, /api/borrowed/export, /api/company/statement/export, /api/user/exportmydata and /api/user/exportmydata/zip (shared)',
    per: 'account',
  },
  importsPerAccount: {
    calls: 'POST /api/import/preview and /api/import/run (shared)',
    per: 'account',
  },
  streamsPerAccount: { calls: 'GET /api/events (opening the live stream)', per: 'account' },
  invoiceLinksPerAddress: {
    calls: 'GET /api/public/invoices/{token} (a shared invoice PDF)',
    per: 'address',
  },
  statementLinksPerAddress: {
    calls: 'GET /api/public/khata/{token} and its /pdf (a shared statement, shared)',
    per: 'address',
  },
};

const span = (ms: number) =>
  ms % DAY === 0
    ? `${(ms / DAY) * 24} hours`
    : ms % HOUR === 0
      ? `${ms / HOUR} hour${ms === HOUR ? '' : 's'}`
      : `${ms / MINUTE} minutes`;

/** The limits in force as a Markdown table, for the API document. */
export function limitsTable(limits: Limits): string {
  const rows = (Object.keys(LIMIT_SCOPES) as (keyof Limits)[]).map((name) => {
    const { calls, per } = LIMIT_SCOPES[name];
    const { max, windowMs } = limits[name];
    return `| ${calls} | ${per} | ${max} per ${span(windowMs)} |`;
  });
  return ['| Call | Counted per | At most |', '| --- | --- | --- |', ...rows].join('\n');
}

export interface Count {
  key: string;
  hits: number;
  ttlMs: number;
}

/**
 * Counts one call against each key, in one statement: concurrent calls each get their own
 * count (the row lock orders them), so a burst cannot pass together. A key whose window has
 * ended starts again at 1. Keys are sorted so that two calls lock shared rows in one order.
 */
export async function count(db: DbOrTx, hits: { key: string; windowMs: number }[]) {
  const rows = [...hits]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(
      ({ key, windowMs }) =>
        sql`(${key}, 1, now() + ${Math.round(windowMs)} * interval '1 millisecond')`,
    );
  const result = await db.execute(sql`
    insert into rate_limits as r (key, hits, reset_at) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key, r.hits,
      greatest(0, ceil(extract(epoch from r.reset_at - now()) * 1000))::int as ttl_ms`);
  return rowsOf<{ key: string; hits: number; ttl_ms: number }>(result).map((r) => ({
    key: r.key,
    hits: Number(r.hits),
    ttlMs: Number(r.ttl_ms),
  }));
}

/**
 * Counts the call against every limit given and refuses it with 429 and Retry-After when
 * any is crossed. The count happens first, so refused calls cost one statement and no more.
 */
export async function take(db: DbOrTx, limits: { key: string; limit: Limit }[], message: string) {
  const counts = await count(
    db,
    limits.map(({ key, limit }) => ({ key, windowMs: limit.windowMs })),
  );
  const maxOf = new Map(limits.map(({ key, limit }) => [key, limit.max]));
  const crossed = counts.filter((c) => c.hits > maxOf.get(c.key)!);
  if (crossed.length) {
    await tarpit();
    throw tooManyRequests(message, Math.max(...crossed.map((c) => c.ttlMs)) / 1000);
  }
}

/** Forgets these keys' counts: a correct password or a password reset forgives the typos. */
export async function forgive(db: DbOrTx, keys: string[]) {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Gives one call back, for a call that turned out not to be what the limit is about. */
export async function giveBack(db: DbOrTx, key: string) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** Gives back one call of each key: the work the calls were counted for did not happen. */
export async function giveBackAll(db: DbOrTx, keys: string[]) {
  for (const key of keys) await giveBack(db, key);
}

/**
 * Counts one call against each limit in turn (a sender's, then its recipient's), each refusing
 * with its own message (429). A refusal gives back what this call counted, so a refused call
 * counts against none of them. Answers the keys counted, to give back (giveBackAll) when the
 * work they were counted for then fails.
 */
export async function takeInTurn(
  db: DbOrTx,
  limits: { key: string; limit: Limit; message: string }[],
) {
  const counted: string[] = [];
  try {
    for (const { key, limit, message } of limits) {
      counted.push(key);
      await take(db, [{ key, limit }], message);
    }
  } catch (error) {
    await giveBackAll(db, counted);
    throw error;
  }
  return counted;
}

/** Deletes the counters whose window has ended; run on a schedule. */
export async function sweepRateLimits(db: DbOrTx) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
