import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ExpenseAnswer } from '../../contract/api/expenses';
import { READ_TIMEOUT_MS, WRITE_TIMEOUT_MS } from '../../src/api/apiSlice';
import { failureMessage, loadErrorMessage } from '../../src/api/errors';
import { makeStore } from '../../src/app/store';
import { dashboardApi } from '../../src/features/dashboard/dashboardApi';
import { expensesApi, type Expense } from '../../src/features/expenses/expensesApi';
import { signedIn } from './helpers';
import { expensePage } from './fixtures/pages';
import { TEAM_LUNCH } from './fixtures/records';
import { server } from './msw';

/**
 * A connection that stalled: no answer comes. The handler ends once the tab gives up (its
 * answer then goes nowhere), so that nothing is left waiting after the test.
 */
const stall = ({ request }: { request: Request }) =>
  new Promise<Response>((resolve) =>
    request.signal.addEventListener('abort', () => resolve(HttpResponse.error())),
  );

const added = () =>
  HttpResponse.json(ExpenseAnswer.parse({ success: true, message: 'Added', data: TEAM_LUNCH }), {
    status: 201,
  });
const { amount, category, date, description } = TEAM_LUNCH;
const lunch = { amount, category, date, description };

describe('a call that gets no answer', () => {
  it('fails as too slow after its time, and the lists an edit changed are fetched again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const saved: Expense[] = [];
    let listReads = 0;
    server.use(
      // The dashboard's connection stalls.
      http.get('/api/user/getalldata', stall),
      http.get('/api/expense/getuserallexpenses', () => {
        listReads++;
        return HttpResponse.json(expensePage(saved));
      }),
      http.post('/api/expense/addexpense', () => {
        saved.push(TEAM_LUNCH);
        return added();
      }),
    );
    const store = makeStore(signedIn());
    const list = store.dispatch(expensesApi.endpoints.getExpenses.initiate({}));
    await list;
    const dashboard = store.dispatch(
      dashboardApi.endpoints.getDashboard.initiate({ today: '2026-11-26' }),
    );
    const listNow = () => expensesApi.endpoints.getExpenses.select({})(store.getState());

    await store.dispatch(expensesApi.endpoints.addExpense.initiate(lunch)).unwrap();
    // While the dashboard's read is open, the list's refresh waits for it.
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1_000);
    expect(listReads).toBe(1);
    expect(listNow().data?.totalAmount).toBe(0);

    await vi.advanceTimersByTimeAsync(1_000);
    const failed = await dashboard;
    expect(loadErrorMessage(failed.error)).toBe('The server took too long to answer.');
    await vi.waitFor(() => expect(listNow().data?.totalAmount).toBe(TEAM_LUNCH.amount));
    expect(listReads).toBe(2);
    // The edit refetched the dashboard too, into the same stall: it gives up in turn.
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    const open = Object.values(store.getState().api.queries).filter((q) => q?.status === 'pending');
    expect(open).toEqual([]);
    list.unsubscribe();
    dashboard.unsubscribe();
  });

  it('gives a write longer; one with no answer in time says it may have been saved, and the list is fetched again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    let answer: (() => void) | undefined;
    let listReads = 0;
    server.use(
      http.get('/api/expense/getuserallexpenses', () => {
        listReads++;
        return HttpResponse.json(expensePage([]));
      }),
      // The first write is answered late, the second never.
      http.post(
        '/api/expense/addexpense',
        () => new Promise<Response>((resolve) => (answer = () => resolve(added()))),
        { once: true },
      ),
      http.post('/api/expense/addexpense', stall),
    );
    const store = makeStore(signedIn());
    const list = store.dispatch(expensesApi.endpoints.getExpenses.initiate({}));
    await list;
    const late = store.dispatch(expensesApi.endpoints.addExpense.initiate(lunch));
    await vi.waitFor(() => expect(answer).toBeDefined());
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS * 3);
    answer!();
    const saved = await late;
    expect(saved.error).toBeUndefined();
    expect(saved.data?.data._id).toBe(TEAM_LUNCH._id);
    await vi.waitFor(() => expect(listReads).toBe(2));

    const unanswered = store.dispatch(expensesApi.endpoints.addExpense.initiate(lunch));
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS);
    const { error } = await unanswered;
    expect(failureMessage(error, 'Could not add the expense.')).toBe(
      'The server did not answer in time. It may still have saved this: check before sending it again.',
    );
    // It may have been saved: the list is read again, to show whether it was.
    await vi.waitFor(() => expect(listReads).toBe(3));
    list.unsubscribe();
  });
});
