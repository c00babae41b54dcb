import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ExpenseAnswer, ExpenseList } from '../../contract/api/expenses';
import { READ_TIMEOUT_MS } from '../../src/api/apiSlice';
import { loadErrorMessage } from '../../src/api/errors';
import { makeStore } from '../../src/app/store';
import { dashboardApi } from '../../src/features/dashboard/dashboardApi';
import { expensesApi, type Expense } from '../../src/features/expenses/expensesApi';
import { signedIn } from './helpers';
import { TEAM_LUNCH } from './fixtures/records';
import { server } from './msw';

const page = (data: Expense[]) =>
  ExpenseList.parse({
    success: true,
    data,
    total: data.length,
    page: 1,
    pageSize: 20,
    totalAmount: data.reduce((sum, row) => sum + row.amount, 0),
  });

describe('a read that gets no answer', () => {
  it('fails as too slow after its time, and the lists an edit changed are fetched again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const saved: Expense[] = [];
    let listReads = 0;
    server.use(
      // The dashboard's connection stalls: no answer ever comes.
      http.get('/api/user/getalldata', () => new Promise<never>(() => undefined)),
      http.get('/api/expense/getuserallexpenses', () => {
        listReads++;
        return HttpResponse.json(page(saved));
      }),
      http.post('/api/expense/addexpense', () => {
        saved.push(TEAM_LUNCH);
        return HttpResponse.json(
          ExpenseAnswer.parse({ success: true, message: 'Expense added', data: TEAM_LUNCH }),
          { status: 201 },
        );
      }),
    );
    const store = makeStore(signedIn());
    const list = store.dispatch(expensesApi.endpoints.getExpenses.initiate({}));
    await list;
    const dashboard = store.dispatch(
      dashboardApi.endpoints.getDashboard.initiate({ today: '2026-11-26' }),
    );
    const listNow = () => expensesApi.endpoints.getExpenses.select({})(store.getState());

    const { amount, category, date, description } = TEAM_LUNCH;
    await store
      .dispatch(expensesApi.endpoints.addExpense.initiate({ amount, category, date, description }))
      .unwrap();
    // While the dashboard's read is open, the list's refresh waits for it.
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1_000);
    expect(listReads).toBe(1);
    expect(listNow().data?.totalAmount).toBe(0);

    await vi.advanceTimersByTimeAsync(1_000);
    const failed = await dashboard;
    expect(loadErrorMessage(failed.error)).toBe('The server took too long to answer.');
    await vi.waitFor(() => expect(listNow().data?.totalAmount).toBe(TEAM_LUNCH.amount));
    expect(listReads).toBe(2);
    list.unsubscribe();
    dashboard.unsubscribe();
  });

  it('leaves a write without a limit: given up, it might still be saved', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    let answer: (() => void) | undefined;
    server.use(
      http.post(
        '/api/expense/addexpense',
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                HttpResponse.json(
                  ExpenseAnswer.parse({ success: true, message: 'Added', data: TEAM_LUNCH }),
                  { status: 201 },
                ),
              );
          }),
      ),
    );
    const store = makeStore(signedIn());
    const { amount, category, date, description } = TEAM_LUNCH;
    const adding = store.dispatch(
      expensesApi.endpoints.addExpense.initiate({ amount, category, date, description }),
    );
    await vi.waitFor(() => expect(answer).toBeDefined());
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS * 3);
    answer!();
    const result = await adding;
    expect(result.error).toBeUndefined();
    expect(result.data?.data._id).toBe(TEAM_LUNCH._id);
  });
});
