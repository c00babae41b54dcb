import { describe, expect, it } from 'vitest';
import { ageReceivables } from '../../server/services/receivables/ageing';
import { listReceivables } from '../../server/services/receivables/receivables';
import {
  addClient,
  addProject,
  issueInvoice,
  recordReceipt,
  useReceivingCompany,
} from './receiptsFixtures';

/**
 * Receivables keep each client's and project's ageing as of a day; these hold the figures a
 * company sees to what its invoices give, on a day and on the next without any write, after a
 * receipt, its reversal, a credit note and a new invoice.
 */
let clientId: string;
let projectId: string;
const ids: Record<string, string> = {};

/** A day after the real one, so that the kept rows can be moved to it. */
const DAY = '2030-01-10';
const NEXT = '2030-01-11';
const before = (days: number) =>
  new Date(Date.parse(`${DAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const { server, company, account, caller } = useReceivingCompany(
  'Ageing Co',
  async (started, made) => {
    clientId = await addClient(started, made.company.id, 'Kaveri Traders');
    projectId = await addProject(started, made.company.id, 'Dam', null);
    // Rupees at 0 % GST: due DAY, 30 and 90 days before it, 5 days after it, and no due date.
    for (const [key, due, rupees, project] of [
      ['a', DAY, 100, projectId],
      ['b', before(30), 200, projectId],
      ['c', before(90), 400, projectId],
      ['e', before(-5), 800, projectId],
      ['f', undefined, 1600, undefined],
    ] as const) {
      ids[key] = (
        await issueInvoice(started, made.company.id, clientId, {
          issueDate: '2026-11-01',
          dueDate: due,
          lines: [[0, rupees * 100]],
          projectId: project,
        })
      ).id;
    }
  },
);

const list = (by: 'client' | 'project', today: string) =>
  listReceivables(server.db, caller(), { by, page: 1, pageSize: 20 }, today);

/** The day each of the company's kept rows is aged as of. */
async function agedOn() {
  const { rows } = await server.database.query<{ day: string }>(
    `select distinct aged_on::text as day from (
       select aged_on from client_receivables where company_id = $1
       union all select aged_on from project_receivables where company_id = $1) k`,
    [company.id],
  );
  return rows.map((r) => r.day);
}

const ageing = (notDue: number, d30: number, d60: number, d90: number, over90: number) => ({
  notDue,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  over90,
});

describe('receivables ageing', () => {
  it('ages by due date on a day, and again on the next without a write', async () => {
    await ageReceivables(server.db, DAY);
    expect(await agedOn()).toEqual([DAY]);
    const onDay = await list('client', DAY);
    expect(onDay.data).toEqual([
      expect.objectContaining({
        _id: clientId,
        pending: 3100,
        ageing: ageing(2500, 200, 0, 400, 0),
      }),
    ]);
    expect(onDay.totals.ageing).toEqual(ageing(2500, 200, 0, 400, 0));
    const byProject = await list('project', DAY);
    expect(byProject.data).toEqual([
      expect.objectContaining({ name: 'No project', ageing: ageing(1600, 0, 0, 0, 0) }),
      expect.objectContaining({ _id: projectId, ageing: ageing(900, 200, 0, 400, 0) }),
    ]);

    // The next day: what was due on DAY is a day late, 30 days late is 31, 90 is 91.
    const next = await list('client', NEXT);
    expect(next.data[0]!.ageing).toEqual(ageing(2400, 100, 200, 0, 400));
    expect(next.totals.ageing).toEqual(ageing(2400, 100, 200, 0, 400));
    // A read never writes: the kept rows are still of DAY until the hourly move takes them to
    // the new day; read from them then, the figures are the same.
    expect(await agedOn()).toEqual([DAY]);
    await ageReceivables(server.db, NEXT);
    expect(await agedOn()).toEqual([NEXT]);
    expect((await list('client', NEXT)).data[0]!.ageing).toEqual(ageing(2400, 100, 200, 0, 400));
    expect((await list('project', NEXT)).data).toEqual([
      expect.objectContaining({ name: 'No project', ageing: ageing(1600, 0, 0, 0, 0) }),
      expect.objectContaining({ _id: projectId, ageing: ageing(800, 100, 200, 0, 400) }),
    ]);
  });

  it('moves a receipt, its reversal, a credit note and a new invoice into their buckets', async () => {
    const receipt = await recordReceipt(company, {
      clientId,
      accountId: account.id,
      date: '2026-11-20',
      mode: 'neft',
      reference: 'UTR77',
      amount: 60.5,
      allocations: [{ invoiceId: ids.a, amount: 60.5 }],
    });
    const paid = await list('client', NEXT);
    expect(paid.data[0]).toMatchObject({ pending: 3039.5, received: 60.5 });
    expect(paid.data[0]!.ageing).toEqual(ageing(2400, 39.5, 200, 0, 400));

    const reversed = await company.post(`/receipts/${receipt._id}/reverse`, {
      version: receipt.version,
    });
    expect(reversed.status).toBe(200);
    expect((await list('client', NEXT)).data[0]!.ageing).toEqual(ageing(2400, 100, 200, 0, 400));

    // 150 credited against the invoice 31 days late.
    await issueInvoice(server, company.id, clientId, {
      issueDate: '2026-11-21',
      lines: [[0, 150_00]],
      creditNoteOf: ids.b,
    });
    const credited = await list('client', NEXT);
    expect(credited.data[0]).toMatchObject({ pending: 2950, credited: 150 });
    expect(credited.data[0]!.ageing).toEqual(ageing(2400, 100, 50, 0, 400));

    // A new invoice 61 days late, on a project's row of the new day.
    await issueInvoice(server, company.id, clientId, {
      issueDate: '2026-11-01',
      dueDate: before(60),
      lines: [[0, 3200_00]],
      projectId,
    });
    expect(await agedOn()).toEqual([NEXT]);
    const fresh = await list('project', NEXT);
    expect(fresh.data[0]).toMatchObject({ _id: projectId, pending: 4550 });
    expect(fresh.data[0]!.ageing).toEqual(ageing(800, 100, 50, 3200, 400));
    expect(fresh.totals.ageing).toEqual(ageing(2400, 100, 50, 3200, 400));

    // A day later still, without a write: read from the invoices, then from the kept rows.
    const third = await list('client', '2030-01-12');
    expect(third.data[0]!.ageing).toEqual(ageing(2400, 100, 50, 3200, 400));
    expect((await list('client', '2030-01-12')).data[0]!.ageing).toEqual(third.data[0]!.ageing);
  });
});
