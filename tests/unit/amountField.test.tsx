import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ExpenseAnswer, ExpenseList } from '../../contract/api/expenses';
import { AMOUNT_GROUPING_MESSAGE, parseRupees, wronglyGrouped } from '../../contract/rules';
import { readAmount } from '../../server/services/importValues';
import { recordRequests } from './helpers';
import { emptyPage } from './fixtures/pages';
import { server } from './msw';
import { renderApp } from './fixtures/screens';

const ADD = '/api/expense/addexpense';

describe('the grouping of a typed amount', () => {
  it('reads plain digits and Indian grouping; refuses commas in the wrong places', () => {
    expect(parseRupees('12,34,567.89')).toBe(1234567.89);
    expect(parseRupees('1234567')).toBe(1234567);
    expect(parseRupees('₹ 1,000')).toBe(1000);
    for (const wrong of ['12,34,5', '1,2', '12,3456', ',123'])
      expect([wrong, parseRupees(wrong), wronglyGrouped(wrong)]).toEqual([wrong, NaN, true]);
    expect(wronglyGrouped('12.5')).toBe(false);
  });

  it("is the server's rule for amounts read from a file", () => {
    expect(readAmount('12,34,567.89')).toEqual({ value: 123456789 });
    expect(readAmount('12,34,5')).toEqual({ problem: '"12,34,5" is not an amount' });
  });
});

describe('an amount field', () => {
  it('says under the field that "12,34,5" is wrongly grouped and sends nothing; 12,34,567.89 goes', async () => {
    server.use(
      http.get('/api/expense/getuserallexpenses', () =>
        HttpResponse.json(ExpenseList.parse(emptyPage())),
      ),
      http.post(ADD, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          ExpenseAnswer.parse({
            success: true,
            message: 'Expense added successfully',
            data: { _id: 'e9', ...body, createdAt: '2026-11-26T10:00:00.000Z', version: 1 },
          }),
          { status: 201 },
        );
      }),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/expenses');
    await user.click(await screen.findByRole('button', { name: 'Add New Expense' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Expense' });
    await user.type(within(dialog).getByLabelText('Description'), 'Cement');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'other');
    const amount = within(dialog).getByLabelText('Amount (₹)');

    await user.type(amount, '12,34,5');
    // Not while typing on the way to a right grouping…
    expect(within(dialog).queryByText(AMOUNT_GROUPING_MESSAGE)).toBeNull();
    await user.tab();
    // …but once the field is left, under it, and the figure stays as typed.
    expect(within(dialog).getByText(AMOUNT_GROUPING_MESSAGE)).toHaveAttribute('role', 'alert');
    expect(amount).toHaveValue('12,34,5');
    expect(amount).toHaveAccessibleDescription(AMOUNT_GROUPING_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(AMOUNT_GROUPING_MESSAGE)).toBeInTheDocument();
    expect(log.to(ADD)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '12,34,567.89');
    await user.tab();
    expect(within(dialog).queryByText(AMOUNT_GROUPING_MESSAGE)).toBeNull();
    expect(amount).toHaveValue('12,34,567.89');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(log.to(ADD)).toHaveLength(1));
    expect(await log.to(ADD)[0]!.json()).toMatchObject({ amount: 1234567.89 });
  });
});
