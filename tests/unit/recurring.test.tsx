import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RecurringAnswer, RecurringList } from '../../contract/api/recurring';
import type { Recurring } from '../../src/features/recurring/recurringApi';
import { todayLocalISO } from '../../src/lib/dates';
import { expectShown, recordRequests } from './helpers';
import { server } from './msw';
import {
  asksBeforeDeleting,
  editsWithItsVersion,
  pausesAndResumes,
  SCHEDULED,
  rowAction,
  templatePages,
  type TemplateScreen,
} from './scheduleScenarios';
import { renderApp, openDialog, fill, refusal } from './fixtures/screens';

const LIST = '/api/expense/getrecurring';

const rows: Recurring[] = [
  { _id: 'r1', description: 'Flat rent', amount: 25000.5, category: 'other', ...SCHEDULED.monthly },
  { _id: 'r2', description: 'Cleaner', amount: 700, category: 'shopping', ...SCHEDULED.weekly },
];

const { page, listHandler } = templatePages(LIST, RecurringList, rows);
const answer = (message: string, data: Recurring, created = 0, status = 200) =>
  HttpResponse.json(RecurringAnswer.parse({ success: true, message, data, created }), { status });

const renderRecurring = () => renderApp('/app/recurring');

const recurringScreen: TemplateScreen<Recurring> = {
  what: 'recurring expense',
  paths: {
    pause: '/expense/pauserecurring',
    resume: '/expense/resumerecurring',
    delete: '/expense/deleterecurring',
  },
  listHandler,
  answer: (message, data) => answer(message, data),
  render: renderRecurring,
  active: { id: 'r1', name: 'Flat rent', version: 3, row: rows[0]! },
  paused: { id: 'r2', name: 'Cleaner', version: 1, row: rows[1]! },
};

describe('Recurring expenses', () => {
  it('lists each template with its amount, schedule in words, next date and status', async () => {
    server.use(listHandler());
    const log = recordRequests();
    renderRecurring();
    const rent = (await screen.findByText('Flat rent')).closest('tr')!;
    expectShown(rent, ['₹25,000.50', 'Monthly on the 1st', '2026-12-01', 'Active']);
    const cleaner = screen.getByText('Cleaner').closest('tr')!;
    expectShown(cleaner, ['Weekly on Monday', 'Paused']);
    expect(screen.getByText('2 recurring expenses')).toBeInTheDocument();
    // Sorted and paged on the server: by the next date, soonest first.
    const params = new URL(log.to(LIST)[0]!.url).searchParams;
    expect([params.get('sort'), params.get('order'), params.get('page')]).toEqual([
      'nextDate',
      'asc',
      '1',
    ]);
  });

  it("shows 'No data' and how to start when there are none", async () => {
    server.use(listHandler([]));
    renderRecurring();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first recurring expense' })).toBeVisible();
  });

  it('adds a monthly template from today: sends the payload, toasts, refetches the list', async () => {
    let created = false;
    server.use(
      http.get(LIST, () => HttpResponse.json(page(created ? rows : rows.slice(1)))),
      http.post('/api/expense/addrecurring', () => {
        created = true;
        return answer('Recurring expense created successfully', rows[0]!, 1, 201);
      }),
    );
    const log = recordRequests();
    const { user } = renderRecurring();
    await screen.findByText('Cleaner');
    const dialog = await openDialog(user, 'Add Recurring Expense');
    await fill(user, dialog, { Description: 'Flat rent', 'Amount (₹)': '25000.50' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'other');
    await user.selectOptions(within(dialog).getByLabelText('Day of the month'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Recurring expense created successfully')).toBeInTheDocument();
    expect(await log.to('/api/expense/addrecurring')[0]!.json()).toEqual({
      description: 'Flat rent',
      amount: 25000.5,
      category: 'other',
      schedule: 'monthly',
      day: 1,
      startDate: todayLocalISO(),
      endDate: null,
    });
    expect(await screen.findByText('Flat rent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('weekly offers the weekdays; an end before the start is refused before sending', async () => {
    server.use(listHandler());
    const log = recordRequests();
    const { user } = renderRecurring();
    await screen.findByText('Flat rent');
    const dialog = await openDialog(user, 'Add Recurring Expense');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'weekly');
    const weekday = within(dialog).getByLabelText('Day of the week');
    expect(
      within(weekday)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    await fill(user, dialog, { Description: 'Cleaner', 'Amount (₹)': '700' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'other');
    const start = within(dialog).getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2026-12-10');
    await user.type(within(dialog).getByLabelText('End date (optional)'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('End date (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(log.to('/api/expense/addrecurring')).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names and keeps the form open", async () => {
    server.use(
      listHandler(),
      http.post('/api/expense/addrecurring', () =>
        refusal('startDate must be at most a year before today', { field: 'startDate' }),
      ),
    );
    const { user } = renderRecurring();
    await screen.findByText('Flat rent');
    const dialog = await openDialog(user, 'Add Recurring Expense');
    await fill(user, dialog, { Description: 'Old rent', 'Amount (₹)': '10' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const error = await within(dialog).findByText('startDate must be at most a year before today');
    expect(within(dialog).getByLabelText('Start date')).toHaveAttribute(
      'aria-describedby',
      error.id,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a template with its values and sends its id and version', () =>
    editsWithItsVersion(recurringScreen, {
      title: 'Edit Recurring Expense',
      path: '/expense/updaterecurring',
      shows: (dialog) =>
        expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('25,000.50'),
      amount: ['26000', 26000],
      sent: {
        description: 'Flat rent',
        category: 'other',
        schedule: 'monthly',
        day: 1,
        startDate: '2026-01-01',
        endDate: null,
      },
    }));

  it('pauses an active template and resumes a paused one, with the version it read', () =>
    pausesAndResumes(recurringScreen));

  it('asks before deleting, then deletes and toasts', () =>
    asksBeforeDeleting(
      recurringScreen,
      recurringScreen.active,
      'The expenses it already recorded stay.',
    ));

  it('Show opens the Data Details with the schedule in words', async () => {
    server.use(listHandler());
    const { user } = renderRecurring();
    await screen.findByText('Flat rent');
    await rowAction(user, 'Cleaner', 'Show');
    const details = screen.getByRole('dialog', { name: 'Data Details' });
    expectShown(details, ['Weekly on Monday', 'Paused', '₹700.00']);
  });
});
