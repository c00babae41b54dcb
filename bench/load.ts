// What the benchmark's runs share: a fresh database, the calls to the API, and autocannon's
// load with its percentiles (bench/run.ts, bench/invoicing.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PASSWORD } from './seed';

/**
 * A new database of its own on the PostgreSQL of `baseUrl` (dropped by `drop`), or, without
 * one, an empty PGlite folder at `dataDir`.
 */
export async function freshDatabase(baseUrl: string | undefined, dataDir: string) {
  if (!baseUrl) {
    rmSync(dataDir, { recursive: true, force: true });
    return { databaseUrl: undefined, drop: async () => {} };
  }
  const name = `bench_${Date.now()}`;
  const onServer = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

/** JSON calls to the server at `origin`, and its logins. */
export function apiOf(origin: string) {
  async function api(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const login = async (email: string, userType: string) =>
    (await api('POST', '/user/loginuser', undefined, { email, password: PASSWORD, userType })).body
      .data.token as string;
  return { api, login };
}

// 'byNumber': a deep page opened by its number (a typed or reloaded address), which skips the
// rows in front; printed, held to no target (Next and Previous are the 'list' case).
export type Kind =
  'ceiling' | 'list' | 'byNumber' | 'search' | 'report' | 'dashboard' | 'payment' | 'login';
export interface Scenario {
  name: string;
  kind: Kind;
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  /** Each request from another address, as many people logging in would be. */
  manyAddresses?: boolean;
}

export interface Measured {
  name: string;
  kind: Kind;
  connections: number;
  requests: number;
  /** Answers other than 2xx, not counting `refused`. */
  errors: number;
  /** 429 and 503: a limit refusing with Retry-After, by design (the login queue, say). */
  refused: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  ceilingShare?: number;
  eventLoopP99Ms: number;
}

const randomAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** `s` on the server at `origin` for `seconds`, at `connections` connections. */
export async function load(
  origin: string,
  s: Scenario,
  connections: number,
  seconds: number,
): Promise<Omit<Measured, 'eventLoopP99Ms'>> {
  const latencies: number[] = [];
  let errors = 0;
  let refused = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}/api${s.path}`,
        method: s.method ?? 'GET',
        connections,
        duration: seconds,
        headers: {
          ...(s.token ? { authorization: `Bearer ${s.token}` } : {}),
          ...(s.body ? { 'content-type': 'application/json' } : {}),
        },
        body: s.body ? JSON.stringify(s.body) : undefined,
        requests: s.manyAddresses
          ? [
              {
                // An entry of `requests` does not inherit the method and body above.
                method: s.method ?? 'GET',
                body: s.body ? JSON.stringify(s.body) : undefined,
                setupRequest: (request) => ({
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    'x-forwarded-for': randomAddress(),
                  },
                }),
              },
            ]
          : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      latencies.push(ms);
      if (status === 429 || status === 503) refused++;
      else if (status >= 300) errors++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: s.name,
    kind: s.kind,
    connections,
    requests: latencies.length,
    errors: errors + result.errors + result.timeouts,
    refused,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Waits until the server answers a trivial call quickly again: the calls still queued from
 * the scenario before (autocannon stops sending, not the server working) must not be billed
 * to the next one. */
export async function settle(origin: string) {
  for (let quick = 0, tries = 0; quick < 3 && tries < 200; tries++) {
    const started = performance.now();
    await fetch(`${origin}/api/health`);
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/** The event loop's delay p99 since the last call (METRICS=1), and a reset. */
export const eventLoop = async (origin: string) =>
  (await apiOf(origin).api('GET', '/metrics?reset=1')).body.eventLoopDelayP99Ms as number;

/** Each scenario at each number of connections: a short unmeasured warm-up (connections,
 * caches, JIT), a quiet server, then `seconds` measured; printed as they go. */
export async function measureScenarios(
  origin: string,
  scenarios: Scenario[],
  connectionCounts: number[],
  seconds: number,
) {
  const results: Measured[] = [];
  for (const connections of connectionCounts) {
    console.log(
      `\nLoad at ${connections} connection${connections > 1 ? 's' : ''}, ${seconds} s per call:`,
    );
    let ceiling = 0;
    for (const s of scenarios) {
      await load(origin, s, connections, 1);
      await settle(origin);
      await eventLoop(origin); // reset
      const m = await load(origin, s, connections, seconds);
      await settle(origin);
      const measured: Measured = { ...m, eventLoopP99Ms: await eventLoop(origin) };
      if (s.kind === 'ceiling') ceiling = m.rps;
      else measured.ceilingShare = ceiling ? m.rps / ceiling : undefined;
      results.push(measured);
      process.stdout.write(
        `  ${s.name.padEnd(24)} p95 ${m.p95.toFixed(1).padStart(7)} ms  ${Math.round(m.rps).toString().padStart(6)} req/s${m.errors ? `  ${m.errors} errors` : ''}${m.refused ? `  ${m.refused} refused` : ''}\n`,
      );
    }
  }
  return results;
}

/** The results as the benchmark's table prints them. */
export function printResults(results: Measured[]) {
  console.log(
    'call                      conns     p50     p95     p99   req/s  of ceiling  loop p99',
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(25)} ${String(r.connections).padStart(5)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${Math.round(r.rps).toString().padStart(7)} ${r.ceilingShare === undefined ? '          -' : `${(100 * r.ceilingShare).toFixed(0).padStart(10)}%`} ${r.eventLoopP99Ms.toFixed(1).padStart(8)}`,
    );
  }
}

export interface Target {
  target: string;
  measured: string;
  holds: boolean;
}
export function printTargets(targets: Target[]) {
  console.log(`\n${'target'.padEnd(72)} ${'measured'.padEnd(30)} holds`);
  for (const t of targets)
    console.log(`${t.target.padEnd(72)} ${t.measured.padEnd(30)} ${t.holds ? 'yes' : 'NO'}`);
}

/** Writes a run's figures to bench/results/<name>.json, with when and on what machine. */
export function writeResults(name: string, kind: string, figures: Record<string, unknown>) {
  mkdirSync(join('bench', 'results'), { recursive: true });
  const file = join('bench', 'results', `${name}.json`);
  const machine = {
    cores: os.cpus().length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
  };
  writeFileSync(
    file,
    JSON.stringify({ kind, when: new Date().toISOString(), machine, ...figures }, null, 2),
  );
  console.log(`\nwritten to ${file}`);
}
