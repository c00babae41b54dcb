import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BudgetAnswer, BudgetList } from '../../contract/api/budgets';
import { Dashboard } from '../../contract/api/dashboard';
import { Message } from '../../contract/api/fields';
import type { Budget } from '../../src/api/budgetsApi';
import { dashboardData, recordRequests } from './helpers';
import { category, server } from './msw';
import { renderApp, refusal } from './fixtures/screens';

const shopping = category('shopping');
const movie = category('movie');

const budget = (over: Partial<Budget> = {}): Budget => ({
  _id: '00000000-0000-4000-9000-000000000001',
  categoryId: shopping._id,
  category: 'shopping',
  amount: 5000,
  spent: 1250.5,
  remaining: 3749.5,
  spentPercent: 25.01,
  pace: 'on_pace',
  version: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** The budgets as the server lists them (checked against the contract's answer). */
const listHandler = (data: () => Budget[]) =>
  http.get('/api/budget/getbudgets', () =>
    HttpResponse.json(
      BudgetList.parse({ success: true, month: '2026-11', monthElapsedPercent: 40, data: data() }),
    ),
  );

const dashboardHandler = http.get('/api/user/getalldata', () =>
  HttpResponse.json(Dashboard.parse({ success: true, data: dashboardData() })),
);

const render = (route: string) => renderApp(route);

describe('Dashboard budgets', () => {
  it('shows each budget in words and figures, the pace and what is left or over', async () => {
    server.use(
      dashboardHandler,
      listHandler(() => [
        budget({
          _id: '00000000-0000-4000-9000-000000000002',
          categoryId: movie._id,
          category: 'movie',
          amount: 1000,
          spent: 1200,
          remaining: -200,
          spentPercent: 120,
          pace: 'over_budget',
        }),
        budget(),
      ]),
    );
    render('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Budgets' });
    expect(await within(card).findByText('40% of this month gone')).toBeInTheDocument();
    const [first, second] = within(card).getAllByRole('listitem');
    expect(first).toHaveTextContent('movie');
    expect(first).toHaveTextContent('Over budget');
    expect(first).toHaveTextContent('₹1,200.00 spent of ₹1,000.00 (120%) · ₹200.00 over');
    expect(second).toHaveTextContent('shopping');
    expect(second).toHaveTextContent('On pace');
    expect(second).toHaveTextContent('₹1,250.50 spent of ₹5,000.00 (25%) · ₹3,749.50 left');
    expect(within(card).getByRole('link', { name: 'Set budgets' })).toHaveAttribute(
      'href',
      '/app/categories',
    );
  });

  it('says where to set budgets when there are none', async () => {
    server.use(dashboardHandler);
    render('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Budgets' });
    expect(await within(card).findByText(/No budgets yet/)).toBeInTheDocument();
  });
});

describe('Categories budgets', () => {
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

  it('sets a first budget: sends the category and the amount, no version', async () => {
    let saved = false;
    server.use(
      listHandler(() => (saved ? [budget({ spent: 0, remaining: 5000, spentPercent: 0 })] : [])),
      http.post('/api/budget/setbudget', () => {
        saved = true;
        return HttpResponse.json(
          BudgetAnswer.parse({ success: true, message: 'Budget saved', data: budget() }),
        );
      }),
    );
    const log = recordRequests();
    const { user } = render('/app/categories');
    const row = await rowOf('shopping');
    expect(within(row).getByText('No budget')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Set the budget of shopping' }));
    await user.type(within(row).getByLabelText('Monthly budget of shopping (₹)'), '5,000');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Budget saved')).toBeInTheDocument();
    expect(await log.to('/api/budget/setbudget')[0]!.json()).toEqual({
      categoryId: shopping._id,
      amount: 5000,
    });
    const after = await rowOf('shopping');
    expect(await within(after).findByText('On pace this month')).toBeInTheDocument();
    expect(within(after).getByText('₹5,000.00')).toBeInTheDocument();
  });

  it('changes a budget at the version read, refuses a bad amount, removes one', async () => {
    server.use(
      listHandler(() => [budget()]),
      http.post('/api/budget/setbudget', () =>
        refusal('This record was changed by someone else. Reload to see it.', {
          code: 'stale_record',
          status: 409,
        }),
      ),
      http.post('/api/budget/deletebudget', () =>
        HttpResponse.json(Message.parse({ success: true, message: 'Budget removed' })),
      ),
    );
    const log = recordRequests();
    const { user } = render('/app/categories');
    const row = await rowOf('shopping');
    await user.click(within(row).getByRole('button', { name: 'Change the budget of shopping' }));
    const field = within(row).getByLabelText('Monthly budget of shopping (₹)');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByText('Must be more than 0, with at most 2 decimals.')).toBeVisible();
    expect(log.to('/api/budget/setbudget')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '6000');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    expect(await log.to('/api/budget/setbudget')[0]!.json()).toEqual({
      categoryId: shopping._id,
      amount: 6000,
      version: 3,
    });

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Budget removed')).toBeInTheDocument();
    expect(await log.to('/api/budget/deletebudget')[0]!.json()).toEqual({ id: budget()._id });
  });
});
