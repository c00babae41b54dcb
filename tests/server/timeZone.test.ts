import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { addUser, projectBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

/**
 * Days follow the caller's time zone (X-Time-Zone, Asia/Kolkata by default): "today" is the
 * calendar day there, and a from/to filter on a time of change covers whole days there.
 */
const server = useServer();

/** The calendar day in a zone now, as the test sees it. */
const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

// UTC+14 and UTC-11: at any moment their calendar days differ, so one is "today" and the
// other is not.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';
const zoned = (token: string, zone: string) => server.api(token, { 'x-time-zone': zone });

/** Values that are no time zone: each falls back to the default, never an error. */
const NOT_ZONES = [
  'Mars/Olympus',
  '+05:30',
  'UTC+5',
  '../../etc/passwd',
  "Asia/Kolkata'; drop table audit_log; --",
  'x'.repeat(5000),
  '',
];

describe('the audit trail filed by the caller’s day', () => {
  let company: Awaited<ReturnType<typeof addUser>>;
  /** A change at 02:00 IST on 11 March 2025: still 10 March in UTC (20:30). */
  const early = randomUUID();
  /** A change at 00:15 IST on 12 March 2025: still 11 March in UTC (18:45). */
  const late = randomUUID();

  beforeAll(async () => {
    const admin = await signUp(server);
    company = await addUser(server, admin.api, 'Acme', 'company');
    // The trail is append-only: entries at chosen times are inserted, as the triggers would.
    for (const [recordId, at] of [
      [early, '2025-03-10T20:30:00Z'],
      [late, '2025-03-11T18:45:00Z'],
    ])
      await server.db.execute(sql`
        insert into audit_log (at, actor_id, tenant_id, kind, record_id, action, before, after)
        values (${at}::timestamptz, ${company.id}::uuid, ${company.id}::uuid, 'projects',
                ${recordId}::uuid, 'create', null, '{}'::jsonb)`);
  });

  const filed = async (zone: string | null, from: string, to = from) => {
    const api = zone === null ? company.api : zoned(company.token, zone);
    const res = await api.get(`/audit/getaudit?kind=projects&from=${from}&to=${to}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((e: { recordId: string }) => e.recordId);
  };

  it('files a change made at 02:00 IST under that IST day, and under the day before in UTC', async () => {
    expect(await filed('Asia/Kolkata', '2025-03-10')).toEqual([]);
    expect(await filed('Asia/Kolkata', '2025-03-11')).toEqual([early]);
    expect(await filed('Asia/Kolkata', '2025-03-12')).toEqual([late]);
    expect(await filed('Asia/Kolkata', '2025-03-11', '2025-03-12')).toEqual([late, early]);

    expect(await filed('UTC', '2025-03-10')).toEqual([early]);
    expect(await filed('UTC', '2025-03-11')).toEqual([late]);
    expect(await filed('UTC', '2025-03-12')).toEqual([]);
    // Another name of the same zone, in any case.
    expect(await filed('asia/calcutta', '2025-03-11')).toEqual([early]);
  });

  it('reads a call without the header, or with one that is no zone, as Asia/Kolkata', async () => {
    expect(await filed(null, '2025-03-11')).toEqual([early]);
    for (const notAZone of NOT_ZONES) expect(await filed(notAZone, '2025-03-11')).toEqual([early]);
  });
});

describe('today is the caller’s day', () => {
  const lend = (repaymentDate: string) => ({
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    amount: 1000,
    issueDate: '2020-01-01',
    repaymentDate,
  });

  it('for due and overdue: in lists, answers, the export and the dashboard', async () => {
    const me = await signUp(server);
    // Due today where the day is behind; overdue since yesterday where it is ahead.
    const dueOn = dayIn(BEHIND);
    expect(dayIn(AHEAD) > dueOn).toBe(true);
    const ahead = zoned(me.token, AHEAD);
    const behind = zoned(me.token, BEHIND);

    const added = await ahead.post('/lend/addlend', lend(dueOn));
    expect(added.status).toBe(201);
    expect(added.body.data.status).toBe('overdue');

    const statusFor = async (api: typeof ahead, query = '') =>
      (await api.get(`/lend/getuseralllends${query}`)).body.data[0].status;
    expect(await statusFor(ahead)).toBe('overdue');
    expect(await statusFor(behind)).toBe('due');
    // No header: India's day.
    expect(await statusFor(me.api)).toBe(dueOn < dayIn('Asia/Kolkata') ? 'overdue' : 'due');
    // An unknown zone falls back the same way, without an error.
    expect(await statusFor(zoned(me.token, 'Mars/Olympus'))).toBe(await statusFor(me.api));
    // A `today` sent by the app is the user's day already.
    expect(await statusFor(ahead, `?today=${dueOn}`)).toBe('due');

    const csv = async (api: typeof ahead) => (await api.get('/lend/export')).body as string;
    expect((await csv(ahead)).split('\n')[1]).toContain(',overdue,');
    expect((await csv(behind)).split('\n')[1]).toContain(',due,');

    const overdue = async (api: typeof ahead) =>
      (await api.get('/user/getalldata')).body.data.lend.overdueCount;
    expect(await overdue(ahead)).toBe(1);
    expect(await overdue(behind)).toBe(0);
  });

  it("for a project's date when the form leaves it out", async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Dated Co', 'company');
    const project = projectBody();
    for (const zone of [AHEAD, BEHIND, 'Asia/Kolkata']) {
      const created = await zoned(company.token, zone).post('/company/createproject', project);
      expect(created.status).toBe(201);
      expect(created.body.data.date).toBe(dayIn(zone));
    }
    const dated = await zoned(company.token, AHEAD).post('/company/createproject', {
      ...project,
      date: '2024-02-29',
    });
    expect(dated.body.data.date).toBe('2024-02-29');
  });
});

describe('DEFAULT_TIME_ZONE', () => {
  it('is Asia/Kolkata unless set, and must be a zone', () => {
    expect(loadEnv({}).DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(loadEnv({ DEFAULT_TIME_ZONE: 'Europe/London' }).DEFAULT_TIME_ZONE).toBe('Europe/London');
    expect(() => loadEnv({ DEFAULT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/IANA time zone/);
    expect(() => loadEnv({ DEFAULT_TIME_ZONE: '+05:30' })).toThrow(/IANA time zone/);
  });
});
