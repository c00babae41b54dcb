// The live stream under load: many idle streams open at once (the server's memory for
// each), and writes at a steady rate while they are open (how long until each change
// reaches every other session of its owner). Used by bench/run.ts.
import { readFileSync } from 'node:fs';
import { like } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { users } from '../server/db/schema';
import { createSession } from '../server/services/sessions';
import { openStream, type Stream } from '../support/liveStream';

/** One person of the data set with two sessions: one reads the streams, one writes. */
export interface StreamUser {
  readToken: string;
  writeToken: string;
}

const ORIGIN = { address: '127.0.0.1', userAgent: 'bench' };

/** Sessions made in the database before the server starts (no password hashing to wait for). */
export async function prepareStreamUsers(db: Db): Promise<StreamUser[]> {
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, 'user%@bench.example'));
  const session = (userId: string) => createSession(db, userId, { remember: true, ...ORIGIN });
  return Promise.all(
    people.map(async (p) => ({
      readToken: await session(p.id),
      writeToken: await session(p.id),
    })),
  );
}

export interface StreamMeasure {
  streams: number;
  refused: number;
  /** The server's memory with half of the streams open, and with all of them. */
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The slope between the two: what each stream of the second half added. */
  kbPerStream: number;
  /** Writes that succeeded, failed, and were planned. */
  writes: number;
  failedWrites: number;
  plannedWrites: number;
  writesPerSecond: number;
  /** Deliveries expected: each write to every stream of its owner. */
  expected: number;
  delivered: number;
  /** From the write's request to the event on the stream (an upper bound of commit to delivery). */
  p50: number;
  p95: number;
  p99: number;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export async function measureStreams(
  origin: string,
  pid: number,
  people: StreamUser[],
  opts: { streams: number; writesPerSecond: number; seconds: number },
): Promise<StreamMeasure> {
  // Each person's share of the streams (the server allows 16 per person on one server).
  const perUser = Math.min(16, Math.ceil(opts.streams / people.length));
  const byUser: Stream[][] = people.map(() => []);
  let refused = 0;
  /** Opens streams number `from` to `to` - 1, a hundred at a time, each ready to hear. */
  const open = async (from: number, to: number, keep = true) => {
    const opened: Stream[] = [];
    for (let start = from; start < to; start += 100) {
      const batch = Array.from({ length: Math.min(100, to - start) }, (_, k) => start + k);
      await Promise.all(
        batch.map(async (n) => {
          const who = keep ? Math.floor(n / perUser) : n % people.length;
          const stream = await openStream(origin, people[who]!.readToken);
          if (stream.status !== 200) {
            if (refused++ === 0)
              console.warn('a stream was refused:', stream.status, stream.refusal);
            return;
          }
          opened.push(stream);
          if (keep) byUser[who]!.push(stream);
        }),
      );
    }
    await Promise.all(opened.map((s) => s.next('ready', undefined, 10_000)));
    return opened;
  };
  // A batch opened and closed first, so that the memory the server keeps once it has served
  // streams at all is not counted against each; then the cost of each is the slope of the
  // server's memory between half and all of them.
  for (const stream of await open(0, 200, false)) stream.close();
  const half = Math.floor(opts.streams / 2);
  await open(0, half);
  await sleep(2000);
  const rssBeforeMb = rssMb(pid);
  await open(half, opts.streams);
  await sleep(2000);
  const rssAfterMb = rssMb(pid);
  const all = byUser.flat();
  const measuredStreams = all.length - half;

  // Writes at a steady pace, each by a person who has streams, through their other session.
  const writers = people.map((_, i) => i).filter((i) => byUser[i]!.length > 0);
  const total = opts.writesPerSecond * opts.seconds;
  const sent: { who: number; at: number; id?: string }[] = [];
  const started = Date.now();
  const pending: Promise<void>[] = [];
  let failed = 0;
  for (let w = 0; w < total; w++) {
    const due = started + (w * 1000) / opts.writesPerSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    const who = writers[w % writers.length]!;
    const write = { who, at: Date.now() } as (typeof sent)[number];
    sent.push(write);
    pending.push(
      fetch(`${origin}/api/expense/addexpense`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${people[who]!.writeToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          date: '2025-06-01',
          description: `Live ${w}`,
          amount: 10,
          category: 'other',
        }),
      })
        .then(async (res) => {
          if (res.status !== 201) return void failed++;
          write.id = ((await res.json()) as { data: { _id: string } }).data._id;
        })
        .catch(() => void failed++),
    );
  }
  const writesPerSecond = total / ((Date.now() - started) / 1000);
  await Promise.all(pending);
  await sleep(2000);

  const delays: number[] = [];
  for (const write of sent) {
    if (!write.id) continue;
    for (const stream of byUser[write.who]!) {
      const event = stream.changes().find((e) => (e.data.ids as string[]).includes(write.id!));
      if (event) delays.push(event.at - write.at);
    }
  }
  delays.sort((a, b) => a - b);
  for (const stream of all) stream.close();

  return {
    streams: all.length,
    refused,
    rssBeforeMb,
    rssAfterMb,
    kbPerStream: ((rssAfterMb - rssBeforeMb) * 1024) / Math.max(1, measuredStreams),
    writes: sent.filter((w) => w.id).length,
    failedWrites: failed,
    plannedWrites: total,
    writesPerSecond,
    expected: sent.reduce((n, w) => n + (w.id ? byUser[w.who]!.length : 0), 0),
    delivered: delays.length,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    p99: percentile(delays, 99),
  };
}
