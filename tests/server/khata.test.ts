import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  khataReminderText,
  smsReminderLink,
  whatsappReminderLink,
} from '../../contract/khataShare';
import type { MailMessage, Mailer } from '../../server/mail/mailer';
import { runDueLendReminders } from '../../server/services/khata/schedule';
import { LIMITS } from '../../server/services/rateLimits';
import { addUser, loanBody, signUp, type Api, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

let server: TestServer;
/** The mail the server sent (e-mail reminders). */
const mailed: MailMessage[] = [];
useServer((started) => (server = started), {
  mailer: { kind: 'outbox', send: async (m) => void mailed.push(m) },
});

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
/** A PDF's text as poppler lays it out (read from stdin), spaces and line breaks collapsed. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );

const addPerson = (api: Api, body: Record<string, unknown>) => api.post('/khata/people', body);
const ledger = (api: Api, id: string) => api.get(`/khata/people/${id}`);
const entry = (api: Api, id: string, body: Record<string, unknown>) =>
  api.post(`/khata/people/${id}/entries`, { date: '2026-11-01', ...body });
/**
 * `amount` given on 1 December 2099, due and reminded of from the 10th: the lend's id. Lends
 * reminded of on schedule here fall due in 2099: the server runs the reminders' job itself on
 * the real date (a second after it starts, then every five minutes), and would remind of a
 * lend due by then before a test's own run of a day whenever the file's first tests take less
 * than that second (as they do once an earlier file in the worker has loaded the modules).
 */
const giveDueOnTenth = async (api: Api, personId: string, amount: number) =>
  (
    await entry(api, personId, {
      type: 'gave',
      amount,
      date: '2099-12-01',
      dueDate: '2099-12-10',
      autoRemind: true,
    })
  ).body.data.newLoanId as string;
/** Gives a person an e-mail on their page, keeping their name and mobile (their first edit). */
async function addEmail(
  api: Api,
  person: { _id: string; name: string },
  mobile: string,
  email: string,
) {
  const edited = await api.raw('PUT', `/khata/people/${person._id}`, {
    name: person.name,
    mobile,
    email,
    version: 1,
  });
  expect(edited.status).toBe(200);
}

describe('khata: a person by mobile number', () => {
  it('lends to a person with only a mobile, is repaid in part, reminds them and settles up', async () => {
    const me = await signUp(server, { name: 'Asha Verma' });

    // The number is kept in one form, whatever was typed.
    const added = await addPerson(me.api, { name: 'Ramesh bhaiya', mobile: '098765-43210' });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ mobile: '+919876543210', email: null });
    const id: string = added.body.data._id;
    const again = await addPerson(me.api, { name: 'Ramesh', mobile: '+91 98765 43210' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ramesh bhaiya is already in your khata with +91 98765 43210');

    // You gave: nothing owed to them, so all of it is a new lend on the spec's Lend list.
    const gave = await entry(me.api, id, {
      type: 'gave',
      amount: 2500,
      dueDate: '2026-11-15',
      note: 'For the shop',
    });
    expect(gave.status).toBe(201);
    expect(gave.body.data).toMatchObject({ repaid: 0, net: 2500 });
    const lends = await me.api.get('/lend/getuseralllends');
    expect(lends.body).toMatchObject({ total: 1, totalAmount: 2500, outstandingAmount: 2500 });
    expect(lends.body.data[0]).toMatchObject({
      name: 'Ramesh bhaiya',
      email: '',
      mobile: '+919876543210',
      counterpartyId: id,
      repaymentDate: '2026-11-15',
    });

    // You got: repays the lend first.
    const got = await entry(me.api, id, { type: 'got', amount: 1000, date: '2026-11-05' });
    expect(got.body.data).toMatchObject({ repaid: 1000, newLoanId: null, net: 1500 });
    expect((await me.api.get('/lend/getuseralllends')).body).toMatchObject({
      totalAmount: 2500,
      repaidAmount: 1000,
      outstandingAmount: 1500,
    });
    expect((await me.api.get('/borrowed/getuserallborroweds')).body.total).toBe(0);

    // The reminder's text and UPI link, as the sheet builds them from the page and Profile.
    const upi = await me.api.raw('PUT', '/user/upi', { upiId: ' Asha.Verma@OKHDFCBANK ' });
    expect(upi.body.data).toEqual({ upiId: 'asha.verma@okhdfcbank', name: 'Asha Verma' });
    const page = (await ledger(me.api, id)).body.data;
    expect(page).toMatchObject({ net: 1500, theyOwe: 1500, iOwe: 0 });
    const due = page.openLends[0];
    const text = khataReminderText({
      from: upi.body.data.name,
      to: page.person.name,
      amountPaise: page.theyOwe * 100,
      dueDate: due.repaymentDate,
      upiId: upi.body.data.upiId,
    });
    expect(text).toBe(
      [
        'Hello Ramesh bhaiya,',
        'A reminder from Asha Verma: ₹1,500.00 is due to me (due date 15/11/2026).',
        'Pay by UPI: upi://pay?pa=asha.verma@okhdfcbank&pn=Asha%20Verma&am=1500.00&tn=Repayment%20to%20Asha%20Verma&cu=INR',
        'Thank you.',
      ].join('\n'),
    );
    expect(whatsappReminderLink(page.person.mobile, text)).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(text)}`,
    );
    expect(smsReminderLink(page.person.mobile, 'Hi')).toBe('sms:+919876543210?body=Hi');
    const sent = await me.api.post(`/khata/people/${id}/reminders`, { channel: 'whatsapp' });
    expect(sent.status).toBe(201);
    // No e-mail address: the e-mail reminder says how else to remind them.
    const mail = await me.api.post('/user/sendemaillend', { _id: due._id });
    expect(mail.status).toBe(400);
    expect(mail.body.message).toContain('WhatsApp or SMS');

    // Settle up: the repayment that brings the net to zero.
    const settled = await me.api.post(`/khata/people/${id}/settle`, { date: '2026-11-20' });
    expect(settled.body.data).toMatchObject({ repaid: 1500, net: 0 });
    expect((await me.api.get('/lend/getuseralllends')).body.data[0].status).toBe('settled');
    const after = (await ledger(me.api, id)).body.data;
    expect(
      after.events.map((e: Record<string, unknown>) => [
        e.date,
        e.kind,
        e.amount,
        e.balance,
        e.note,
        e.channel,
      ]),
    ).toEqual([
      ['2026-11-01', 'lend', 2500, 2500, 'For the shop', null],
      ['2026-11-05', 'repayment_lend', 1000, 1500, '', null],
      ['2026-11-20', 'settlement_lend', 1500, 0, '', null],
      // Sent today, after the dates above.
      [expect.any(String), 'reminder', 1500, 0, '', 'whatsapp'],
    ]);
    expect(after.net).toBe(0);
    const twice = await me.api.post(`/khata/people/${id}/settle`, { date: '2026-11-21' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(
      'Nothing to settle: you and Ramesh bhaiya owe each other nothing.',
    );
    const nothing = await me.api.post(`/khata/people/${id}/reminders`, { channel: 'sms' });
    expect(nothing.status).toBe(400);
  });

  it('reminds for what the person owes on balance, and not at all when the user owes more', async () => {
    const me = await signUp(server);
    const person = { name: 'Mohan', mobile: '9811100000' };
    const lent = await me.api.post('/lend/addlend', {
      ...person,
      amount: 1000,
      issueDate: '2026-11-01',
      repaymentDate: '2026-11-20',
    });
    const id = lent.body.data.counterpartyId;
    const borrow = (amount: number) =>
      me.api.post('/borrowed/addborrowed', {
        ...person,
        amount,
        issueDate: '2026-11-02',
        repaymentDate: '2026-12-01',
      });
    expect((await borrow(300)).body.data.counterpartyId).toBe(id);
    expect((await ledger(me.api, id)).body.data).toMatchObject({
      net: 700,
      theyOwe: 1000,
      iOwe: 300,
    });
    // The page says "Mohan owes you ₹700.00": the reminder asks for that, not the 1,000 lent.
    expect(
      (await me.api.post(`/khata/people/${id}/reminders`, { channel: 'whatsapp' })).status,
    ).toBe(201);
    expect((await ledger(me.api, id)).body.data.events.at(-1)).toMatchObject({
      kind: 'reminder',
      channel: 'whatsapp',
      amount: 700,
    });

    await borrow(800);
    const owing = await me.api.post(`/khata/people/${id}/reminders`, { channel: 'sms' });
    expect(owing.status).toBe(400);
    expect(owing.body.message).toBe('Mohan owes you nothing: there is nothing to remind about.');
  });

  it('sends no scheduled reminder while the user owes the person as much or more', async () => {
    const me = await signUp(server);
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void mailed.push(m) };
    const run = (today: string) => runDueLendReminders(server.db, mailer, LIMITS, today);
    // Due in 2099, as every lend here reminded of on schedule (see giveDueOnTenth).
    const person = { name: 'Kavya', mobile: '9811122222', email: 'kavya@example.com' };
    const lent = await me.api.post('/lend/addlend', {
      ...person,
      amount: 500,
      issueDate: '2026-11-01',
      repaymentDate: '2099-11-20',
      autoRemind: true,
    });
    expect(lent.status, JSON.stringify(lent.body)).toBe(201);
    expect(await run('2099-11-20')).toEqual({ reminded: 1, emailed: 1 });

    await me.api.post('/borrowed/addborrowed', {
      ...person,
      amount: 500,
      issueDate: '2026-11-21',
      repaymentDate: '2099-12-31',
    });
    // Even on balance: the page says nobody owes anything, so no mail and no bell this week.
    expect(await run('2099-11-27')).toEqual({ reminded: 0, emailed: 0 });
    expect(mailed.filter((m) => m.to === 'kavya@example.com')).toHaveLength(1);
  });

  it('is one person across lends and borrowings; You gave repays a borrowing first', async () => {
    const me = await signUp(server);
    const borrowed = await me.api.post('/borrowed/addborrowed', {
      name: 'Suresh',
      mobile: '7000012345',
      amount: 800,
      issueDate: '2026-10-01',
      repaymentDate: '2026-12-01',
    });
    expect(borrowed.status).toBe(201);
    const lent = await me.api.post(
      '/lend/addlend',
      loanBody({
        name: 'Suresh K',
        email: 'suresh@example.com',
        mobile: '+91 70000 12345',
        amount: 100,
        issueDate: '2026-10-02',
      }),
    );
    expect(lent.body.data.counterpartyId).toBe(borrowed.body.data.counterpartyId);
    const id = borrowed.body.data.counterpartyId;
    // The person gained the e-mail given with the lend.
    expect((await ledger(me.api, id)).body.data).toMatchObject({
      person: { name: 'Suresh', mobile: '+917000012345', email: 'suresh@example.com' },
      net: -700,
    });

    // You gave 1,000: the 800 borrowed is repaid, the other 200 is a new lend.
    const gave = await entry(me.api, id, { type: 'gave', amount: 1000, date: '2026-10-10' });
    expect(gave.body.data).toMatchObject({ repaid: 800, net: 300 });
    expect((await me.api.get('/borrowed/getuserallborroweds')).body).toMatchObject({
      totalAmount: 800,
      outstandingAmount: 0,
    });
    expect((await me.api.get('/lend/getuseralllends')).body).toMatchObject({
      total: 2,
      totalAmount: 300,
      outstandingAmount: 300,
    });
    const people = await me.api.get('/user/getcounterparties');
    expect(people.body.data).toEqual([
      expect.objectContaining({ _id: id, mobile: '+917000012345', theyOwe: 300, net: 300 }),
    ]);
    // Found by the number as the page shows it, or typed any way.
    for (const typed of ['+91 70000 12345', '70000-12345', '12345', 'suresh']) {
      const found = await me.api.get(`/user/getcounterparties?search=${encodeURIComponent(typed)}`);
      expect(found.body.data.map((p: { _id: string }) => p._id)).toEqual([id]);
    }
    const none = await me.api.get(`/user/getcounterparties?search=${encodeURIComponent('- -')}`);
    expect(none.body.data).toEqual([]);
  });

  it("edits a person's name and contact, at the version read; a number kept for another is a 409", async () => {
    const me = await signUp(server);
    const asha = (await addPerson(me.api, { name: 'Asha', email: 'asha@example.com' })).body.data;
    await addPerson(me.api, { name: 'Bala', mobile: '9888800000' });
    const edit = (body: Record<string, unknown>) =>
      me.api.raw('PUT', `/khata/people/${asha._id}`, body);
    const taken = await edit({ name: 'Asha', mobile: '98888 00000', version: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate', field: 'mobile' });
    const saved = await edit({ name: 'Asha Rao', mobile: '9777700000', email: '', version: 1 });
    expect(saved.body.data).toMatchObject({
      name: 'Asha Rao',
      mobile: '+919777700000',
      email: null,
      version: 2,
    });
    expect((await edit({ name: 'Asha R', mobile: '9777700000', version: 1 })).status).toBe(409);
    // Her number now finds her from the Lend modal.
    const lent = await me.api.post('/lend/addlend', {
      name: 'Asha',
      mobile: '+91 97777 00000',
      amount: 5,
      issueDate: '2026-11-01',
      repaymentDate: '2026-11-01',
    });
    expect(lent.body.data.counterpartyId).toBe(asha._id);
  });

  it('refuses bad input with a message a person understands', async () => {
    const me = await signUp(server);
    const bad = await addPerson(me.api, { name: 'Ravi', mobile: '12345 67890' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation', field: 'mobile' });
    expect(bad.body.message).toContain('must be an Indian mobile number');
    const none = await addPerson(me.api, { name: 'Ravi' });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('A mobile number or an e-mail address is required');
    // The spec's Lend modal: e-mail is required only without a mobile.
    const lend = await me.api.post('/lend/addlend', {
      name: 'Ravi',
      amount: 10,
      issueDate: '2026-10-01',
      repaymentDate: '2026-10-01',
    });
    expect(lend.status).toBe(400);
    const ravi = await addPerson(me.api, { name: 'Ravi', mobile: '6000000001' });
    const paisa = await entry(me.api, ravi.body.data._id, { type: 'gave', amount: 10.001 });
    expect(paisa.status).toBe(400);
    expect(paisa.body).toMatchObject({ field: 'amount' });
    expect(paisa.body.message).toContain('at most 2 decimal places');
    const remindNow = await entry(me.api, ravi.body.data._id, {
      type: 'gave',
      amount: 10,
      autoRemind: true,
    });
    expect(remindNow.status).toBe(400);
    expect(remindNow.body).toMatchObject({ field: 'dueDate' });
    expect(remindNow.body.message).toContain('is needed for reminders on schedule');
    const upi = await me.api.raw('PUT', '/user/upi', { upiId: 'not a upi id' });
    expect(upi.status).toBe(400);
    expect(upi.body.field).toBe('upiId');
  });
});

describe('khata: the shared statement', () => {
  it('shows exactly that ledger, as a page and a PDF, and nothing after revocation', async () => {
    const me = await signUp(server, { name: 'Asha' });
    const other = await addPerson(me.api, { name: 'Meena', mobile: '9000000002' });
    await entry(me.api, other.body.data._id, { type: 'gave', amount: 99 });
    const ramesh = await addPerson(me.api, { name: 'Ramesh', mobile: '9000000001' });
    const id = ramesh.body.data._id;
    await entry(me.api, id, { type: 'gave', amount: 500, note: 'Tea stall' });
    await entry(me.api, id, { type: 'got', amount: 200, date: '2026-11-03' });
    await me.api.post(`/khata/people/${id}/reminders`, { channel: 'sms' });

    const link = await me.api.post(`/khata/people/${id}/links`, { expiresInDays: 7 });
    expect(link.status).toBe(201);
    const token = link.body.data.url.split('/statement/')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.body.data.pdfUrl).toBe(`http://app.example/api/public/khata/${token}/pdf`);

    const visitor = server.api();
    const page = await visitor.get(`/public/khata/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.body.data).toMatchObject({ from: 'Asha', to: 'Ramesh', net: 300, totalEvents: 2 });
    expect(page.body.data.events).toEqual([
      {
        date: '2026-11-01',
        kind: 'lend',
        amount: 500,
        change: 500,
        balance: 500,
        note: 'Tea stall',
      },
      {
        date: '2026-11-03',
        kind: 'repayment_lend',
        amount: 200,
        change: -200,
        balance: 300,
        note: '',
      },
    ]);
    // Nothing else of the user's: not their e-mail, not another person, not reminders.
    const shown = JSON.stringify(page.body);
    expect(shown).not.toContain(me.email);
    expect(shown).not.toContain('Meena');
    expect(shown).not.toContain('9000000001');

    const pdf = await fetch(`${server.origin}/api/public/khata/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      // The same two entries in date order with their balances, and nothing else.
      const printed = pdfText(bytes);
      expect(printed).toContain('Between Asha and Ramesh');
      expect(printed).toContain('Ramesh owes Asha Rs. 300.00');
      expect(printed).toMatch(
        /01\/11\/2026 Lent - Tea stall 500\.00 500\.00 due from Ramesh 03\/11\/2026 Repayment received 200\.00 300\.00 due from Ramesh/,
      );
      for (const absent of [me.email, 'Meena', '99.00', 'Reminder', '9000000001'])
        expect(printed).not.toContain(absent);
    }

    // Someone else's person and links are not found.
    const stranger = await signUp(server);
    expect((await stranger.api.post(`/khata/people/${id}/links`, {})).status).toBe(404);
    const linkId = link.body.data._id;
    const foreignRevoke = await stranger.api.post(`/khata/people/${id}/links/${linkId}/revoke`);
    expect(foreignRevoke.status).toBe(404);
    // Nor through a person of their own.
    const theirs = (await addPerson(stranger.api, { name: 'R', mobile: '9000000001' })).body.data;
    const sideways = await stranger.api.post(`/khata/people/${theirs._id}/links/${linkId}/revoke`);
    expect(sideways.status).toBe(404);
    expect((await visitor.get(`/public/khata/${token}`)).status).toBe(200);

    const revoked = await me.api.post(`/khata/people/${id}/links/${linkId}/revoke`);
    expect(revoked.status).toBe(200);
    const gone = await visitor.get(`/public/khata/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      code: 'invalid_link',
      message: 'This statement link was withdrawn by its sender. Please ask for a new one.',
    });
    expect((await fetch(`${server.origin}/api/public/khata/${token}/pdf`)).status).toBe(404);
    const links = await me.api.get(`/khata/people/${id}/links`);
    expect(links.body.data[0]).toMatchObject({ active: false });

    // Expired and unknown links say so.
    const fresh = await me.api.post(`/khata/people/${id}/links`, {});
    const freshToken = fresh.body.data.url.split('/statement/')[1];
    await server.database.query(
      `update khata_links set expires_at = now() - interval '1 minute' where id = $1`,
      [fresh.body.data._id],
    );
    const expired = await visitor.get(`/public/khata/${freshToken}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe('This statement link has expired. Please ask for a new one.');
    const unknown = await visitor.get(`/public/khata/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'This statement link is not valid. Please ask for a new one.',
    );
  });
});

describe('khata: tenancy', () => {
  it("finds another user's person nowhere; a PM and an admin each keep their own", async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Acme', 'company');
    const pm = await addUser(server, company.api, 'Priya', 'pm');
    const mine = await addPerson(pm.api, { name: 'Kiran', mobile: '8000000001' });
    expect(mine.status).toBe(201);
    const id = mine.body.data._id;
    expect((await entry(pm.api, id, { type: 'gave', amount: 50 })).status).toBe(201);
    // The same number is a different person in each user's khata.
    expect((await addPerson(admin.api, { name: 'Kiran', mobile: '8000000001' })).status).toBe(201);

    for (const other of [admin.api, company.api]) {
      expect((await ledger(other, id)).status).toBe(404);
      expect((await entry(other, id, { type: 'got', amount: 1 })).status).toBe(404);
      expect((await other.post(`/khata/people/${id}/settle`, { date: '2026-12-01' })).status).toBe(
        404,
      );
      expect((await other.post(`/khata/people/${id}/reminders`, { channel: 'sms' })).status).toBe(
        404,
      );
      expect((await other.get(`/khata/people/${id}/links`)).status).toBe(404);
      const update = await other.raw('PUT', `/khata/people/${id}`, {
        name: 'X',
        mobile: '8000000009',
        version: 1,
      });
      expect(update.status).toBe(404);
    }
    expect((await ledger(pm.api, id)).body.data.net).toBe(50);
  });
});

describe('khata: reminders on schedule', () => {
  it('reminds on the due date and weekly after while unpaid, by e-mail and in the bell', async () => {
    const me = await signUp(server);
    const outbox: MailMessage[] = [];
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void outbox.push(m) };
    const lent = await me.api.post(
      '/lend/addlend',
      loanBody({
        name: 'Gita',
        email: 'gita@example.com',
        mobile: '9123456789',
        amount: 1200,
        repaymentDate: '2099-11-10',
        autoRemind: true,
      }),
    );
    expect(lent.body.data.autoRemind).toBe(true);
    const run = (today: string) => runDueLendReminders(server.db, mailer, LIMITS, today);

    expect(await run('2099-11-09')).toEqual({ reminded: 0, emailed: 0 });
    expect(await run('2099-11-10')).toEqual({ reminded: 1, emailed: 1 });
    expect(await run('2099-11-12')).toEqual({ reminded: 0, emailed: 0 });
    expect(outbox.filter((m) => m.to === 'gita@example.com')).toHaveLength(1);
    const bell = await me.api.get('/notifications');
    expect(bell.body.data[0]).toMatchObject({ kind: 'lend_reminder' });
    expect(bell.body.data[0].message).toContain('Gita owes you ₹1,200.00');
    expect(await run('2099-11-17')).toMatchObject({ reminded: 1 });

    // Repaid in full: no more reminders.
    await me.api.post('/lend/addrepayment', {
      loanId: lent.body.data._id,
      date: '2099-11-18',
      amount: 1200,
    });
    expect(await run('2099-11-24')).toEqual({ reminded: 0, emailed: 0 });
    const events = (await ledger(me.api, lent.body.data.counterpartyId)).body.data.events;
    expect(
      events
        .filter((e: { channel: string }) => e.channel === 'scheduled')
        .map((e: { date: string }) => e.date),
    ).toEqual(['2099-11-10', '2099-11-17']);
  });

  it('e-mails a person by the address given on their page when the lend has none, recorded there', async () => {
    const me = await signUp(server, { name: 'Asha' });
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void mailed.push(m) };
    const run = (today: string) => runDueLendReminders(server.db, mailer, LIMITS, today);
    const gopal = (await addPerson(me.api, { name: 'Gopal', mobile: '9000011111' })).body.data;
    const lendId = await giveDueOnTenth(me.api, gopal._id, 100);
    // By mobile only: no e-mail, only the bell.
    expect(await run('2099-12-10')).toEqual({ reminded: 1, emailed: 0 });
    expect((await me.api.post('/user/sendemaillend', { _id: lendId })).status).toBe(400);

    await addEmail(me.api, gopal, '9000011111', 'gopal@example.com');
    expect(await run('2099-12-17')).toEqual({ reminded: 1, emailed: 1 });
    const sent = await me.api.post('/user/sendemaillend', { _id: lendId });
    expect(sent.status).toBe(200);
    const toGopal = mailed.filter((m) => m.to === 'gopal@example.com');
    expect(toGopal).toHaveLength(2);
    expect(toGopal[1]!.text).toContain('Hello Gopal,');
    expect(toGopal[1]!.subject).toBe('Reminder: ₹100.00 due on 10/12/2099');
    const reminders = (await ledger(me.api, gopal._id)).body.data.events
      .filter((e: { kind: string }) => e.kind === 'reminder')
      .map((e: { date: string; channel: string; amount: number }) => [
        e.channel,
        e.channel === 'email' ? 'today' : e.date,
        e.amount,
      ]);
    // In date order: the e-mail sent today sits among the scheduled days by its date.
    expect(reminders).toHaveLength(3);
    expect(reminders).toEqual(
      expect.arrayContaining([
        ['scheduled', '2099-12-10', 100],
        ['scheduled', '2099-12-17', 100],
        ['email', 'today', 100],
      ]),
    );

    // Settled: no more reminders by any way.
    await me.api.post(`/khata/people/${gopal._id}/settle`, { date: '2099-12-18' });
    expect(await run('2099-12-24')).toEqual({ reminded: 0, emailed: 0 });
    expect((await me.api.post('/user/sendemaillend', { _id: lendId })).status).toBe(400);
  });
});

describe('khata: limits', () => {
  let limited: TestServer;
  useServer((started) => (limited = started), { limits: LIMITS, trustProxy: ['127.0.0.1'] });

  it("e-mails a person at the address corrected on their page, never the lend's old one", async () => {
    const me = await signUp(server, { name: 'Asha' });
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void mailed.push(m) };
    const ravi = (
      await addPerson(me.api, { name: 'Ravi', mobile: '9000022222', email: 'ravi@exampel.com' })
    ).body.data;
    const lendId = await giveDueOnTenth(me.api, ravi._id, 250);
    await addEmail(me.api, ravi, '9000022222', 'ravi@example.com');

    expect(await runDueLendReminders(server.db, mailer, LIMITS, '2099-12-10')).toEqual({
      reminded: 1,
      emailed: 1,
    });
    expect((await me.api.post('/user/sendemaillend', { _id: lendId })).status).toBe(200);
    expect(mailed.filter((m) => m.to === 'ravi@example.com')).toHaveLength(2);
    expect(mailed.filter((m) => m.to === 'ravi@exampel.com')).toEqual([]);
  });

  it('refuses its page and PDF together past the limit, for that address only', async () => {
    const me = await signUp(limited);
    const person = (await addPerson(me.api, { name: 'Ramesh', mobile: '9000000001' })).body.data;
    await entry(me.api, person._id, { type: 'gave', amount: 10 });
    const link = await me.api.post(`/khata/people/${person._id}/links`, {});
    const token = link.body.data.url.split('/statement/')[1];
    const from = (address: string) => limited.api(undefined, { 'x-forwarded-for': address });
    const visitor = from('198.51.100.7');
    const { max, windowMs } = LIMITS.statementLinksPerAddress;
    // The page and its PDF count together.
    for (let i = 0; i < max; i++) {
      const res = await visitor.get(`/public/khata/${token}${i % 2 ? '/pdf' : ''}`);
      expect(res.status).toBe(200);
    }
    for (const path of [`/public/khata/${token}`, `/public/khata/${token}/pdf`]) {
      const refused = await visitor.get(path);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many tries. Please try again later.');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    }
    // Guessing tokens counts too; another address is not held back.
    expect((await visitor.get(`/public/khata/${'x'.repeat(43)}`)).status).toBe(429);
    expect((await from('198.51.100.8').get(`/public/khata/${token}`)).status).toBe(200);
  });

  it('counts reminders sent from the phone with e-mail reminders, per sender', async () => {
    const me = await signUp(limited);
    const lent = await me.api.post(
      '/lend/addlend',
      loanBody({ mobile: '9000000002', repaymentDate: '2026-11-01' }),
    );
    const id = lent.body.data.counterpartyId;
    const { max, windowMs } = LIMITS.remindersPerAccount;
    for (let i = 0; i < max; i++) {
      const channel = i % 2 ? 'sms' : 'whatsapp';
      expect((await me.api.post(`/khata/people/${id}/reminders`, { channel })).status).toBe(201);
    }
    const refused = await me.api.post(`/khata/people/${id}/reminders`, { channel: 'sms' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You have sent many reminders today. Please try again tomorrow.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    const mail = await me.api.post('/user/sendemaillend', { _id: lent.body.data._id });
    expect(mail.status).toBe(429);
    // Every one that went is on the page; the refused ones are not.
    const events = (await ledger(me.api, id)).body.data.events;
    expect(events.filter((e: { kind: string }) => e.kind === 'reminder')).toHaveLength(max);
  });
});
