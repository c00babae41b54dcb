import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveTag } from '../../contract/api/events';
import type { AuditedTable, LoanDirection, Role } from '../../contract/enums';
import { rowsOf, type Database, type Db } from '../db/client';
import type { Unlisten } from '../db/listener';

/** The channel the change feed's triggers NOTIFY on (server/db/functions/change_feed.sql). */
export const CHANGES_CHANNEL = 'ecm_changes';

/** One notification of the change feed: who the changed rows concern, and their ids. */
export interface Change {
  t:
    | AuditedTable
    | 'recurring_expenses'
    | 'recurring_payments'
    | 'categories'
    | 'budgets'
    | 'notifications'
    | 'sessions'
    | 'invoice_profiles'
    | 'clients'
    | 'invoices'
    | 'invoice_links'
    | 'receipts'
    | 'reconciliations'
    | 'reconciliation_lines'
    | 'vendors';
  /** The company of a company record (a person's company, or the company itself). */
  c?: string;
  /** The owner of a personal record. */
  u?: string;
  /** Lend or borrowed, for loans and repayments (absent: the loan is gone). */
  d?: LoanDirection;
  /** A project's PM. */
  p?: string;
  /** A person's role. */
  r?: Role;
  /** The admin who created the company. */
  a?: string;
  /** The session that made the change, which refreshed itself already. */
  s?: string;
  /** How many rows, and up to 20 of their ids. */
  n: number;
  ids: string[];
}

/** Who reads a stream: its session's user. */
export interface Reader {
  userId: string;
  role: Role;
  companyId: string | null;
  sessionId: string;
}

const PERSONAL: readonly string[] = ['expenses', 'loans', 'repayments'];

/**
 * The tags of `change` that `reader` may know of, or none. A personal record concerns its
 * owner alone: not its company, not its admin. A company record concerns the company, the
 * admin who created it, and a PM only where the PM reads it (its own projects, the
 * company's TLs and employees; never bank accounts or the trail).
 */
export function tagsFor(reader: Reader, change: Change): LiveTag[] {
  // A notification is news even to the session whose write raised it (an expense that takes
  // a month over its budget): the database wrote it, the tab did not see it coming.
  if (change.t === 'notifications') return change.u === reader.userId ? ['notifications'] : [];
  if (change.s && change.s === reader.sessionId) return [];
  // A template's own changes (the job moving its next date): its owner's list alone. The
  // expenses it records are news of their own.
  if (change.t === 'recurring_expenses') return change.u === reader.userId ? ['recurring'] : [];
  // A category's own changes (its name, added, removed); the expenses a rename or a merge
  // moves are news of their own.
  if (change.t === 'categories') return change.u === reader.userId ? ['category'] : [];
  // A budget set, changed or removed: the owner's budgets and its dashboard's card.
  if (change.t === 'budgets') return change.u === reader.userId ? ['budget', 'dashboard'] : [];
  const readsTrail = reader.role === 'admin' || reader.role === 'company';
  if (PERSONAL.includes(change.t)) {
    if (change.u !== reader.userId) return [];
    const kinds: LiveTag[] =
      change.t === 'expenses' ? ['expense'] : change.d ? [change.d] : ['lend', 'borrowed'];
    return [...kinds, 'dashboard', ...(readsTrail ? (['audit'] as const) : [])];
  }
  const ofCompany =
    !!change.c &&
    ((reader.role === 'company' && reader.userId === change.c) ||
      (reader.role === 'admin' && reader.userId === change.a));
  const companyPm = reader.role === 'pm' && !!change.c && reader.companyId === change.c;
  switch (change.t) {
    case 'projects':
      if (ofCompany) return ['project', 'dashboard', 'audit'];
      return companyPm && reader.userId === change.p ? ['project', 'dashboard'] : [];
    // A template's own changes; the payments the job posts are news of their own.
    case 'recurring_payments':
      return ofCompany ? ['recurringPayment'] : [];
    case 'bank_accounts':
    case 'payments':
      return ofCompany ? ['bank', 'dashboard', 'audit'] : [];
    // A reconciliation's work: the company and its admin, as its account's payments.
    case 'reconciliations':
    case 'reconciliation_lines':
      return ofCompany ? ['reconciliation'] : [];
    case 'vendors':
      return ofCompany ? ['bank', 'audit'] : [];
    // Receivables: the company and its admin; a PM the invoices of its own projects.
    case 'invoices':
      if (ofCompany) return ['invoice', 'dashboard', 'audit'];
      return companyPm && reader.userId === change.p ? ['invoice'] : [];
    case 'invoice_profiles':
    case 'clients':
    case 'invoice_links':
    case 'receipts':
      return ofCompany ? ['invoice', 'audit'] : [];
    case 'users': {
      const tags = new Set<LiveTag>();
      // One's own account (a profile edited elsewhere, by oneself or one's creator).
      if (change.ids.includes(reader.userId)) tags.add('users');
      if (ofCompany) {
        tags.add('users').add('dashboard').add('audit');
        // A company deleted takes its projects and accounts with it.
        if (change.r === 'company') tags.add('project').add('bank');
      }
      if (companyPm && (change.r === 'tl' || change.r === 'employee')) tags.add('users');
      return [...tags];
    }
    default:
      return [];
  }
}

/** An open stream, as the feed sees it. */
export interface Listener extends Reader {
  /** Writes Server-Sent Events text; never waits. */
  write(text: string): void;
  /** Ends the stream from the server's side (its session ended, the server stops). */
  end(): void;
}

export interface FeedOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Each stream's session is checked again this often (expired, deactivated). */
  recheckMs: number;
  /** How many recent changes a reconnecting stream can resume from. */
  ringSize: number;
}

export const FEED_DEFAULTS: FeedOptions = {
  heartbeatMs: 25_000,
  recheckMs: 60_000,
  ringSize: 1024,
};

const frame = (id: string, event: string, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One app server's side of the change feed: it LISTENs on the database (from the first
 * stream on) and hands each change to the open streams whose reader may know of it. Event
 * ids are this server's epoch and count, and the last changes are kept, so a stream that
 * reconnects to the same server resumes where it was; elsewhere, or after a gap, it is
 * told to reset. An idle stream costs its socket and a few small objects here.
 */
export class ChangeFeed {
  /** This server's start: ids of other servers (or of before a restart) are not ours. */
  readonly epoch = Date.now().toString(36) + randomBytes(3).toString('hex');
  private counter = 0;
  /** Resuming from before this count is impossible: changes may have been missed. */
  private floor = 0;
  private readonly ring: { n: number; change: Change }[] = [];
  private readonly byUser = new Map<string, Set<Listener>>();
  private readonly bySession = new Map<string, Set<Listener>>();
  private readonly pmsByCompany = new Map<string, Set<Listener>>();
  private listening: Promise<Unlisten> | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastRecheck = Date.now();
  private rechecking = false;
  closed = false;
  readonly options: FeedOptions;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: Partial<FeedOptions> = {},
  ) {
    this.options = { ...FEED_DEFAULTS, ...options };
  }

  private get db(): Db {
    return this.database.db;
  }

  /** The id of the latest change this server has seen. */
  get lastId() {
    return `${this.epoch}-${this.counter}`;
  }

  /** How many streams `userId` has open on this server. */
  openCount(userId: string) {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** How many streams are open on this server. */
  get size() {
    let size = 0;
    for (const set of this.bySession.values()) size += set.size;
    return size;
  }

  /** Starts hearing the database (once); a stream waits for it before it says it is live. */
  async start(): Promise<void> {
    if (!this.listening) {
      this.listening = this.database.listen(
        CHANGES_CHANNEL,
        (payload) => this.onPayload(payload),
        () => this.onGap(),
      );
      this.listening.catch(() => (this.listening = null));
    }
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.options.heartbeatMs);
      this.timer.unref();
    }
    await this.listening;
  }

  /**
   * Adds a stream: first what it missed since `lastEventId` (or a reset when that cannot be
   * told), then `ready`.
   */
  add(listener: Listener, lastEventId?: string) {
    listener.write(this.catchUp(listener, lastEventId));
    const index = (map: Map<string, Set<Listener>>, key: string) => {
      const set = map.get(key);
      if (set) set.add(listener);
      else map.set(key, new Set([listener]));
    };
    index(this.byUser, listener.userId);
    index(this.bySession, listener.sessionId);
    if (listener.role === 'pm' && listener.companyId) index(this.pmsByCompany, listener.companyId);
  }

  remove(listener: Listener) {
    const unindex = (map: Map<string, Set<Listener>>, key: string) => {
      const set = map.get(key);
      if (set?.delete(listener) && set.size === 0) map.delete(key);
    };
    unindex(this.byUser, listener.userId);
    unindex(this.bySession, listener.sessionId);
    if (listener.companyId) unindex(this.pmsByCompany, listener.companyId);
  }

  /** The events `reader` missed since `lastEventId`, then `ready`, as stream text. */
  catchUp(reader: Reader, lastEventId?: string): string {
    let text = '';
    if (lastEventId) {
      const missed = this.since(lastEventId);
      if (missed)
        for (const { n, change } of missed) {
          const tags = tagsFor(reader, change);
          if (tags.length) text += frame(`${this.epoch}-${n}`, 'change', { tags, ids: change.ids });
        }
      else text += frame(this.lastId, 'reset', {});
    }
    return text + frame(this.lastId, 'ready', {});
  }

  /** The kept changes after `lastEventId`, or undefined when some of them are not kept. */
  private since(lastEventId: string) {
    const dash = lastEventId.lastIndexOf('-');
    const n = Number(lastEventId.slice(dash + 1));
    const oldest = this.counter - this.ring.length;
    if (lastEventId.slice(0, dash) !== this.epoch || !Number.isInteger(n)) return undefined;
    if (n < oldest || n < this.floor || n > this.counter) return undefined;
    return this.ring.filter((entry) => entry.n > n);
  }

  private onPayload(payload: string) {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    if (!Array.isArray(change.ids)) return;
    if (change.t === 'sessions') return this.sessionsEnded(change);
    const n = ++this.counter;
    this.ring.push({ n, change });
    if (this.ring.length > this.options.ringSize) this.ring.shift();
    const id = `${this.epoch}-${n}`;
    for (const listener of this.audience(change)) {
      const tags = tagsFor(listener, change);
      if (tags.length) listener.write(frame(id, 'change', { tags, ids: change.ids }));
    }
    // A person deactivated (or its company) is signed out at its next call; its streams too.
    if (change.t === 'users') {
      const affected = change.ids.flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
      if (change.r === 'company' && change.c)
        for (const listener of this.pmsByCompany.get(change.c) ?? []) affected.push(listener);
      if (affected.length) void this.recheck(affected);
    }
  }

  /** The streams that might read `change`: its owner's, company's, admin's, PM's. */
  private audience(change: Change): Set<Listener> {
    const out = new Set<Listener>();
    const of = (userId: string | undefined) => {
      if (userId) for (const listener of this.byUser.get(userId) ?? []) out.add(listener);
    };
    of(change.u);
    of(change.c);
    of(change.a);
    of(change.p);
    if (change.t === 'users') {
      change.ids.forEach(of);
      if (change.c) for (const listener of this.pmsByCompany.get(change.c) ?? []) out.add(listener);
    }
    return out;
  }

  /** Sessions that ended close their streams; more than were named: check every stream. */
  private sessionsEnded(change: Change) {
    for (const sessionId of change.ids)
      for (const listener of [...(this.bySession.get(sessionId) ?? [])]) this.endStream(listener);
    if (change.n > change.ids.length) void this.recheck(this.all(), true);
  }

  /** Notifications may have been lost: every stream refetches once, and none can resume. */
  private onGap() {
    this.floor = ++this.counter;
    this.log.warn('change feed: the database connection was lost and is back; streams reset');
    const text = frame(this.lastId, 'reset', {});
    for (const listener of this.all()) listener.write(text);
  }

  private all() {
    return [...this.bySession.values()].flatMap((set) => [...set]);
  }

  private endStream(listener: Listener) {
    this.remove(listener);
    listener.end();
  }

  private tick() {
    const all = this.all();
    for (const listener of all) listener.write(': \n\n');
    if (Date.now() - this.lastRecheck >= this.options.recheckMs - this.options.heartbeatMs / 2) {
      this.lastRecheck = Date.now();
      void this.recheck(all, true);
    }
  }

  /**
   * Ends the streams whose session has ended or expired, whose person was deactivated, or who
   * now has something pending (a company turned the two-factor requirement on).
   */
  private async recheck(listeners: Listener[], every = false) {
    if (every && this.rechecking) return;
    if (every) this.rechecking = true;
    try {
      const sessions = [...new Set(listeners.map((l) => l.sessionId))];
      const live = new Set<string>();
      for (let i = 0; i < sessions.length; i += 1000) {
        const chunk = `{${sessions.slice(i, i + 1000).join(',')}}`;
        const result = await this.db.execute(sql`
          select s.id::text as id from sessions s
            join users u on u.id = s.user_id
            left join users c on c.id = u.company_id
           where s.id = any(${chunk}::uuid[]) and s.revoked_at is null and s.expires_at > now()
             and u.status = 'active' and (u.company_id is null or c.status = 'active')
             -- Nothing pending (pendingOf in lib/caller.ts): such a user may read nothing yet.
             and not u.must_change_password
             and not (coalesce(c.require_two_factor, false) and u.totp_secret is null)`);
        for (const row of rowsOf<{ id: string }>(result)) live.add(row.id);
      }
      for (const listener of listeners) if (!live.has(listener.sessionId)) this.endStream(listener);
    } catch (err) {
      // The database is away: the streams stay, and are checked again next time.
      this.log.debug({ err }, 'change feed: session check failed');
    } finally {
      if (every) this.rechecking = false;
    }
  }

  /** Ends every stream and stops listening (the server is stopping). */
  async stop(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const listener of this.all()) this.endStream(listener);
    const unlisten = await this.listening?.catch(() => undefined);
    this.listening = null;
    await unlisten?.();
  }
}
