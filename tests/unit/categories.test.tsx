import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BudgetList } from '../../contract/api/budgets';
import { CategoryAnswer, CategoryList } from '../../contract/api/categories';
import { Message } from '../../contract/api/fields';
import type { Category } from '../../src/api/categoriesApi';
import { recordRequests } from './helpers';
import { category, server } from './msw';
import { renderApp, refusal } from './fixtures/screens';

const LIST = '/api/category/getcategories';

const groceries = category('Groceries', { expenses: 3, totalAmount: 1234.5 });
const movie = category('movie');
const rent = { ...category('Rent', { expenses: 1, totalAmount: 25000 }), recurring: 1 };

const listHandler = (data: () => Category[]) =>
  http.get(LIST, () => HttpResponse.json(CategoryList.parse({ success: true, data: data() })));
const answer = (message: string, data: Category, status = 200) =>
  HttpResponse.json(CategoryAnswer.parse({ success: true, message, data }), { status });

const renderCategories = () => renderApp('/app/categories');

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Categories', () => {
  it('lists each category with its expenses, total and recurring expenses', async () => {
    server.use(listHandler(() => [groceries, movie, rent]));
    renderCategories();
    const row = await rowOf('Groceries');
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('₹1,234.50')).toBeInTheDocument();
    // One in use cannot be deleted, and says why; an unused one can.
    expect(within(row).getByRole('button', { name: 'Delete Groceries' })).toBeDisabled();
    expect(
      within(row).getByText('Used by 3 expenses: merge it into another instead'),
    ).toBeVisible();
    const rentRow = await rowOf('Rent');
    expect(
      within(rentRow).getByText(
        'Used by 1 expense and 1 recurring expense: merge it into another instead',
      ),
    ).toBeVisible();
    expect(
      within(await rowOf('movie')).getByRole('button', { name: 'Delete movie' }),
    ).toBeEnabled();
  });

  it('adds a category: sends the name, toasts, refetches the list', async () => {
    let added = false;
    const travel = category('Travel');
    server.use(
      listHandler(() => (added ? [groceries, movie, travel] : [groceries, movie])),
      http.post('/api/category/addcategory', () => {
        added = true;
        return answer('Category added', travel, 201);
      }),
    );
    const log = recordRequests();
    const { user } = renderCategories();
    await screen.findByText('Groceries');
    await user.type(screen.getByLabelText('New category'), 'Travel');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category added')).toBeInTheDocument();
    expect(await screen.findByText('Travel', { selector: 'td' })).toBeInTheDocument();
    expect(await log.to('/api/category/addcategory')[0]!.json()).toEqual({ name: 'Travel' });
    expect(screen.getByLabelText('New category')).toHaveValue('');
  });

  it("shows the server's refusal of a name that is taken", async () => {
    server.use(
      listHandler(() => [groceries, movie]),
      http.post('/api/category/addcategory', () =>
        refusal('You have a category named "movie" already', {
          code: 'duplicate',
          field: 'name',
          status: 409,
        }),
      ),
    );
    const { user } = renderCategories();
    await screen.findByText('Groceries');
    await user.type(screen.getByLabelText('New category'), 'Movie');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(
      await screen.findByText('You have a category named "movie" already'),
    ).toBeInTheDocument();
    // The name stays, to be corrected.
    expect(screen.getByLabelText('New category')).toHaveValue('Movie');
  });

  it('renames a category in its row', async () => {
    let renamed = false;
    const food = { ...groceries, name: 'Food' };
    server.use(
      listHandler(() => [renamed ? food : groceries, movie]),
      http.post('/api/category/renamecategory', () => {
        renamed = true;
        return answer('Category renamed', food);
      }),
    );
    const log = recordRequests();
    const { user } = renderCategories();
    const row = await rowOf('Groceries');
    await user.click(within(row).getByRole('button', { name: 'Rename Groceries' }));
    const field = within(row).getByLabelText('New name of Groceries');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Food{Enter}');
    expect(await screen.findByText('Category renamed')).toBeInTheDocument();
    expect(await screen.findByText('Food', { selector: 'td' })).toBeInTheDocument();
    expect(await log.to('/api/category/renamecategory')[0]!.json()).toEqual({
      _id: groceries._id,
      name: 'Food',
    });
  });

  it('merges a category into the one picked', async () => {
    let merged = false;
    server.use(
      listHandler(() =>
        merged ? [{ ...movie, expenses: 3, totalAmount: 1234.5 }] : [groceries, movie],
      ),
      http.post('/api/category/mergecategory', () => {
        merged = true;
        return answer('Categories merged', { ...movie, expenses: 3, totalAmount: 1234.5 });
      }),
    );
    const log = recordRequests();
    const { user } = renderCategories();
    const row = await rowOf('Groceries');
    await user.click(within(row).getByRole('button', { name: 'Merge Groceries' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge "Groceries"' });
    // Without a choice nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(log.to('/api/category/mergecategory')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), 'movie');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Categories merged')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Groceries')).not.toBeInTheDocument());
    expect(await log.to('/api/category/mergecategory')[0]!.json()).toEqual({
      _id: groceries._id,
      into: movie._id,
    });
  });

  it('says in the merge dialog what becomes of the budget: moved, or added to the other', async () => {
    const budgetOf = (c: Category, amount: number, n: number) => ({
      _id: `00000000-0000-4000-9000-00000000000${n}`,
      categoryId: c._id,
      category: c.name,
      amount,
      spent: 0,
      remaining: amount,
      spentPercent: 0,
      pace: 'on_pace' as const,
      version: 1,
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    server.use(
      listHandler(() => [groceries, movie, rent]),
      http.get('/api/budget/getbudgets', () =>
        HttpResponse.json(
          BudgetList.parse({
            success: true,
            month: '2026-11',
            monthElapsedPercent: 40,
            data: [budgetOf(groceries, 1000.25, 1), budgetOf(rent, 20000.5, 2)],
          }),
        ),
      ),
    );
    const { user } = renderCategories();
    await screen.findByText('₹1,000.25', { exact: false });
    const row = await rowOf('Groceries');
    await user.click(within(row).getByRole('button', { name: 'Merge Groceries' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge "Groceries"' });
    const says = (text: string) =>
      expect(
        within(dialog).getByText((_, el) => el?.tagName === 'P' && el.textContent === text),
      ).toBeInTheDocument();
    says(
      'Its monthly budget of ₹1,000.25 moves to the category you choose, or is added to that category’s budget if it has one.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), 'movie');
    says('Its monthly budget of ₹1,000.25 moves to “movie”.');
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), 'Rent');
    says(
      'Its monthly budget of ₹1,000.25 is added to the ₹20,000.50 budget of “Rent”, which becomes ₹21,000.75 a month.',
    );
  });

  it('deletes an unused category after asking', async () => {
    let deleted = false;
    server.use(
      listHandler(() => (deleted ? [groceries] : [groceries, movie])),
      http.post('/api/category/deletecategory', () => {
        deleted = true;
        return HttpResponse.json(Message.parse({ success: true, message: 'Category deleted' }));
      }),
    );
    const { user } = renderCategories();
    const row = await rowOf('movie');
    await user.click(within(row).getByRole('button', { name: 'Delete movie' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('movie')).not.toBeInTheDocument());
  });

  it('shows an error with Retry when the list fails', async () => {
    let fail = true;
    server.use(
      http.get(LIST, () =>
        fail
          ? refusal('Something went wrong', { code: 'internal', status: 500 })
          : HttpResponse.json(CategoryList.parse({ success: true, data: [movie] })),
      ),
    );
    const { user } = renderCategories();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('movie')).toBeInTheDocument();
  });
});
