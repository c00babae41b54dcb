import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { expect } from 'vitest';
import { Message } from '../../contract/api/fields';
import { refill } from './fixtures/screens';
import { recordRequests, type renderWithProviders } from './helpers';
import { server } from './msw';

/**
 * The scenarios every recurring entry's list screen (recurring expenses, recurring payments)
 * plays the same way: pause and resume, delete after asking. Each test file describes its
 * screen once and runs them.
 */

type User = ReturnType<typeof renderWithProviders>['user'];

/** A row of the list: its id, the name its row menu is labelled with, the version it has. */
interface ListedRow<R> {
  id: string;
  name: string;
  version: number;
  row: R;
}

export interface TemplateScreen<R> {
  /** "recurring expense": the toasts and the delete dialog name it so. */
  what: string;
  /** The API paths of pause, resume and delete. */
  paths: { pause: string; resume: string; delete: string };
  /** The list, with the `active` and `paused` rows. */
  listHandler: () => HttpHandler;
  /** The answer of a call that wrote a template. */
  answer: (message: string, data: R) => Response;
  render: () => { user: User };
  active: ListedRow<R>;
  paused: ListedRow<R>;
}

/** Opens a row's menu and clicks one of its actions. */
export async function rowAction(user: User, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(screen.getByRole('button', { name: action }));
}

const capital = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

/** Pauses the active row and resumes the paused one, each with the version it read. */
export async function pausesAndResumes<R>(t: TemplateScreen<R>) {
  const Name = capital(t.what);
  server.use(
    t.listHandler(),
    http.post(`/api${t.paths.pause}`, () =>
      t.answer(`${Name} paused`, { ...t.active.row, paused: true, version: 4 }),
    ),
    http.post(`/api${t.paths.resume}`, () =>
      t.answer(`${Name} resumed`, { ...t.paused.row, paused: false, version: 2 }),
    ),
  );
  const log = recordRequests();
  const { user } = t.render();
  await screen.findByText(t.active.name);
  await rowAction(user, t.active.name, 'Pause');
  expect(await screen.findByText(`${Name} paused`)).toBeInTheDocument();
  expect(await log.to(`/api${t.paths.pause}`)[0]!.json()).toEqual({
    id: t.active.id,
    version: t.active.version,
  });
  await rowAction(user, t.paused.name, 'Resume');
  expect(await screen.findByText(`${Name} resumed`)).toBeInTheDocument();
  expect(await log.to(`/api${t.paths.resume}`)[0]!.json()).toEqual({
    id: t.paused.id,
    version: t.paused.version,
  });
  log.stop();
}

/**
 * Asks before deleting `target` (Cancel sends nothing, and the dialog says what it made
 * stays: `stays`), then deletes it and toasts.
 */
export async function asksBeforeDeleting<R>(
  t: TemplateScreen<R>,
  target: ListedRow<R>,
  stays: string,
) {
  const Name = capital(t.what);
  const path = `/api${t.paths.delete}`;
  server.use(
    t.listHandler(),
    http.post(path, () =>
      HttpResponse.json(Message.parse({ success: true, message: `${Name} deleted successfully` })),
    ),
  );
  const log = recordRequests();
  const { user } = t.render();
  await screen.findByText(target.name);
  await rowAction(user, target.name, 'Delete');
  const confirm = screen.getByRole('dialog', { name: `Delete ${t.what}` });
  expect(confirm).toHaveTextContent(stays);
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(log.to(path)).toHaveLength(0);

  await rowAction(user, target.name, 'Delete');
  await user.click(
    within(screen.getByRole('dialog', { name: `Delete ${t.what}` })).getByRole('button', {
      name: 'Delete',
    }),
  );
  expect(await screen.findByText(`${Name} deleted successfully`)).toBeInTheDocument();
  expect(await log.to(path)[0]!.json()).toEqual({ id: target.id });
  log.stop();
}

/**
 * A template list's answers: `page` of some rows (as the contract's `List` parses it), and a
 * handler of `path` answering it (all of `rows` by default).
 */
export function templatePages<R>(
  path: string,
  List: { parse: (page: unknown) => unknown },
  rows: R[],
) {
  const page = (data: R[]) =>
    List.parse({ success: true, data, total: data.length, page: 1, pageSize: 20 }) as object;
  const listHandler = (data: R[] = rows) => http.get(path, () => HttpResponse.json(page(data)));
  return { page, listHandler };
}

/**
 * The schedules of the two rows each template list shows: a monthly one running since January,
 * and a weekly one, paused, with an end date.
 */
export const SCHEDULED = {
  monthly: {
    schedule: 'monthly',
    day: 1,
    startDate: '2026-01-01',
    endDate: null,
    nextDate: '2026-12-01',
    lastDate: '2026-11-01',
    paused: false,
    createdAt: '2026-01-01T08:00:00.000Z',
    version: 3,
  },
  weekly: {
    schedule: 'weekly',
    day: 1,
    startDate: '2026-10-01',
    endDate: '2027-03-31',
    nextDate: '2026-11-30',
    lastDate: null,
    paused: true,
    createdAt: '2026-10-01T08:00:00.000Z',
    version: 1,
  },
} as const;

/**
 * Edits the active row: its Edit dialog (`title`) opens with its values (`shows` checks one),
 * a new amount is typed, and the update (`path`) sends the row's id, the version it read and
 * the form's fields (`sent`), and toasts.
 */
export async function editsWithItsVersion<R>(
  t: TemplateScreen<R>,
  edit: {
    title: string;
    path: string;
    amount: [typed: string, sent: number];
    shows: (dialog: HTMLElement) => void;
    sent: Record<string, unknown>;
  },
) {
  const message = `${capital(t.what)} updated successfully`;
  const [typed, amount] = edit.amount;
  server.use(
    t.listHandler(),
    http.post(`/api${edit.path}`, () => t.answer(message, { ...t.active.row, amount })),
  );
  const log = recordRequests();
  const { user } = t.render();
  await screen.findByText(t.active.name);
  await rowAction(user, t.active.name, 'Edit');
  const dialog = screen.getByRole('dialog', { name: edit.title });
  edit.shows(dialog);
  await refill(user, dialog, { 'Amount (₹)': typed });
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(await log.to(`/api${edit.path}`)[0]!.json()).toEqual({
    _id: t.active.id,
    version: t.active.version,
    ...edit.sent,
    amount,
  });
  log.stop();
}
