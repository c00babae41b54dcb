import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LoanList } from '../../contract/api/loans';
import { todayLocalISO } from '../../src/lib/dates';
import { onePage } from './fixtures/pages';
import { server } from './msw';
import { renderApp } from './fixtures/screens';

describe("a Lend/Borrowed Report's total", () => {
  it('says on its face and in its name that it resets the dates to today', async () => {
    server.use(
      http.get('/api/lend/getuseralllends', () =>
        HttpResponse.json(
          LoanList.parse(
            onePage([], { totalAmount: 1500.5, repaidAmount: 0, outstandingAmount: 1500.5 }),
          ),
        ),
      ),
    );
    const { user, location } = renderApp('/app/lendreport?from=2025-01-01&to=2025-02-01');
    const total = await screen.findByRole('button', {
      name: 'Total Amount: ₹1,500.50, reset both dates to today',
    });
    expect(total).toHaveTextContent('Total Amount: ₹1,500.50 · reset to today');
    // The chosen range goes: both dates are today, the report's default (left out of the address).
    await user.click(total);
    await waitFor(() => expect(location().search).not.toContain('2025'));
    expect(screen.getByLabelText('Start Date')).toHaveValue(todayLocalISO());
  });
});
