import { getTableColumns, getTableName, is, sql, Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { NOT_SECRET, SECRET_COLUMNS } from '../../server/db/secrets';
import { withSecretColumns } from '../../server/db/functions';
import { addUser, signUp, type TestServer } from './helpers';
import { unzipTexts } from './myDataZip';
import { useMailingServer } from './smtp';

const mailing = useMailingServer();
let server: TestServer;
beforeAll(() => {
  ({ server } = mailing);
});

const LOOKS_SECRET = /hash|secret|token|otp|password/i;
const tables = (Object.values(schema) as unknown[]).filter((value): value is Table =>
  is(value, Table),
);
const named = (c: PgColumn) => `${getTableName(c.table)}.${c.name}`;

describe('the list of secret columns', () => {
  it('holds every column whose name looks secret, unless it is known not to be', () => {
    const listed = new Set([...SECRET_COLUMNS, ...NOT_SECRET].map(named));
    const looksSecret = tables.flatMap((table) =>
      Object.values(getTableColumns(table))
        .filter((column) => LOOKS_SECRET.test(column.name))
        .map((column) => named(column as PgColumn)),
    );
    expect(looksSecret.length).toBeGreaterThan(5);
    expect(looksSecret.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('is what the database functions strip, written out from the list', () => {
    const sqlText = withSecretColumns(`SELECT secret_columns('users'), secret_columns(tbl)`);
    expect(sqlText).not.toContain('secret_columns');
    for (const column of SECRET_COLUMNS) expect(sqlText).toContain(`'${column.name}'`);
  });
});

/** Every value of every secret column in the database, as text. */
async function secretValues() {
  const values: string[] = [];
  for (const column of SECRET_COLUMNS) {
    const list = await server.db
      .select({ v: sql<string | null>`${column}::text` })
      .from(column.table);
    for (const { v } of list) if (v && v.length >= 8) values.push(v);
  }
  return values;
}

describe('no secret leaves the database', () => {
  it('in the audit trail, its answers or either export, with 2FA, sessions, a reset, an invite, an e-mail change and a statement link', async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Secretive Co', 'company');
    const pm = await addUser(server, company.api, 'Secretive PM', 'pm');
    // Two-factor sign-in on, for the company and its PM: keys and recovery codes.
    const keys: string[] = [];
    for (const who of [company, pm]) {
      const setup = await who.api.post('/user/two-factor/setup', { password: 'a fine password' });
      expect(setup.status).toBe(200);
      const secret: string = setup.body.data.secret;
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
      const on = await who.api.post('/user/two-factor/confirm', { code: totp.generate() });
      expect(on.status).toBe(200);
      keys.push(secret, ...(on.body.data.recoveryCodes as string[]));
    }
    // A reset link, an invite (a person without a password) and an e-mail change waiting.
    expect((await server.api().post('/user/forgotpassword', { email: pm.email })).status).toBe(200);
    const invited = await company.api.post('/user/createUser', {
      name: 'Invited PM',
      email: `invited.${Date.now()}@example.com`,
      mobile: '9876543210',
      registration_number: 'REG-invited',
      userType: 'pm',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const profile = (await admin.api.get('/user/profile')).body.data;
    const moved = await admin.api.post('/user/updateprofile', {
      version: profile.version,
      email: `moved.${admin.email}`,
      currentPassword: admin.password,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // A khata statement link: its token shown once, only its hash kept.
    const person = await company.api.post('/khata/people', {
      name: 'Secretive Friend',
      mobile: '9000000009',
    });
    expect(person.status).toBe(201);
    const link = await company.api.post(`/khata/people/${person.body.data._id}/links`, {});
    expect(link.status).toBe(201);
    const linkToken = (link.body.data.url as string).split('/statement/')[1]!;

    const stored = await secretValues();
    expect(stored.length).toBeGreaterThan(10);
    const secrets = [...stored, ...keys, admin.token, company.token, pm.token, linkToken];
    const [waiting] = await server.db
      .select({
        changes: sql<number>`(select count(*)::int from email_changes where confirm_token_hash is not null)`,
        invites: sql<number>`(select count(*)::int from password_resets where purpose = 'invite')`,
        resets: sql<number>`(select count(*)::int from password_resets where purpose = 'reset')`,
      })
      .from(sql`(select 1) as one`);
    expect(waiting).toEqual({
      changes: expect.any(Number),
      invites: expect.any(Number),
      resets: expect.any(Number),
    });
    for (const count of Object.values(waiting!)) expect(count).toBeGreaterThan(0);

    const seen: [string, string][] = [];
    const trail = await server.db.select().from(schema.auditLog);
    seen.push(['stored audit trail', JSON.stringify(trail)]);
    for (const who of [admin, company]) {
      const res = await who.api.get('/audit/getaudit?pageSize=100');
      expect(res.status).toBe(200);
      seen.push(['audit answer', JSON.stringify(res.body)]);
    }
    for (const who of [admin, company, pm]) {
      const json = await who.api.raw('GET', '/user/exportmydata');
      expect(json.status).toBe(200);
      seen.push(['JSON export', JSON.stringify(json.body)]);
      const zip = await fetch(`${server.origin}/api/user/exportmydata/zip`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(zip.status).toBe(200);
      const files = await unzipTexts(Buffer.from(await zip.arrayBuffer()));
      seen.push(['ZIP export', files.map((f) => f.text).join('\n')]);
    }
    expect(seen.find(([, text]) => text.includes('Secretive PM'))).toBeDefined();
    expect(seen.find(([, text]) => text.includes('Secretive Friend'))).toBeDefined();
    for (const [where, text] of seen) {
      for (const secret of secrets) expect(text.includes(secret), `${where}`).toBe(false);
      expect(text, where).not.toMatch(/passwordHash|password_hash|totp|tokenHash|token_hash/i);
    }
  });
});
