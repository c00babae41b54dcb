import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { Person, PersonAnswer } from '../../contract/api/people';
import { recordRequests, textsOf } from './helpers';
import { adminCompanies, created, deactivates, DEACTIVATED, personPage } from './fixtures/people';
import { server } from './msw';
import { openDialog, fill, refusal, renderAs, rowMenuItems } from './fixtures/screens';

/** An admin's company list: edit, deactivate, reactivate; a company's people: deactivate,
 * reactivate, delete for good; the team and other lists. */

// The screen loads lazily: loaded once here, not inside the first test's time.
beforeAll(() => import('../../src/features/people/PeopleScreen'), 30_000);

const acme = Person.parse({
  _id: 'c1',
  date: '2026-01-05T10:00:00.000Z',
  name: 'Acme Builders',
  email: 'acme@example.com',
  mobile: '9000000001',
  registration_number: 'CO-1',
  status: 'active',
  role: 'company',
  country: 'India',
  employeeCount: 3,
  invitePending: false,
  version: 1,
});
const esha = Person.parse({
  ...acme,
  _id: 'p1',
  name: 'Esha Nair',
  email: 'esha@example.com',
  registration_number: 'EMP-1',
  role: 'employee',
  employeeCount: undefined,
});

const answer = (message: string, data: unknown) =>
  HttpResponse.json(PersonAnswer.parse({ success: true, message, data }));
/** A status change answered with `message` and the person as it now is. */
const statusChanged = (message: string, data: unknown) =>
  http.post('/api/users/:id/status', () => answer(message, data));
const COMPANY_BACK = 'Company reactivated. It and its people can sign in again.';
const PERSON_BACK = 'User reactivated. They can sign in again.';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

type Log = ReturnType<typeof recordRequests>;

/**
 * Confirms Reactivate (its dialog `title`) from the row menu just opened: the server's
 * `message` shows, and person `id`'s status is sent as active.
 */
async function confirmReactivate(
  user: ReturnType<typeof renderAs>['user'],
  log: Log,
  { title, message, id }: { title: string; message: string; id: string },
) {
  const confirm = await openDialog(user, 'Reactivate', title);
  await user.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(await log.to(`/api/users/${id}/status`)[0]!.json()).toEqual({ status: 'active' });
}

describe("an admin's company list", () => {
  const companies = (data = [acme]) => adminCompanies(data);

  it('offers Edit and Deactivate on an active company', async () => {
    server.use(companies());
    const { user } = renderAs('admin', '/app/company');
    expect(within(await rowOf('Acme Builders')).queryByText('Inactive')).not.toBeInTheDocument();
    expect(await rowMenuItems(user, 'Acme Builders')).toEqual(['Show', 'Edit', 'Deactivate']);
  });

  it('Edit opens Update Company Details and saves the details', async () => {
    server.use(
      companies(),
      http.post('/api/admin/editcompany', () =>
        answer('Company updated successfully', { ...acme, name: 'Acme Infra' }),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/company');
    await rowMenuItems(user, 'Acme Builders');
    const dialog = await openDialog(user, 'Edit', 'Update Company Details');
    // Status is not a field here: deactivating has its own confirmation.
    expect(within(dialog).queryByLabelText('Status')).not.toBeInTheDocument();
    // The company signs in with its e-mail: only it changes that, on its Profile.
    const email = within(dialog).getByLabelText('Contact Email');
    expect(email).toHaveValue('acme@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      'Only the company can change the e-mail it signs in with, on its Profile.',
    );
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme Infra');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Company updated successfully')).toBeInTheDocument();
    const sent = await log.to('/api/admin/editcompany')[0]!.json();
    expect(sent).toMatchObject({
      _id: 'c1',
      name: 'Acme Infra',
      mobile: '9000000001',
      registration_number: 'CO-1',
    });
    expect(sent).not.toHaveProperty('email');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Company Details' })).toBeNull(),
    );
  });

  it('Deactivate says what happens, sends nothing on Cancel, then deactivates', async () => {
    server.use(
      companies(),
      statusChanged('Company deactivated. It and its people can no longer sign in.', {
        ...acme,
        status: 'inactive',
      }),
    );
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/company');
    await rowMenuItems(user, 'Acme Builders');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    let confirm = screen.getByRole('dialog', { name: 'Deactivate company' });
    expect(confirm).toHaveTextContent(/all of its people .* cannot sign in until you reactivate/);
    expect(confirm).toHaveTextContent('Nothing is deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(log.to('/api/users/c1/status')).toHaveLength(0);

    await rowMenuItems(user, 'Acme Builders');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    confirm = screen.getByRole('dialog', { name: 'Deactivate company' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Company deactivated. It and its people can no longer sign in.'),
    ).toBeInTheDocument();
    expect(await log.to('/api/users/c1/status')[0]!.json()).toEqual({ status: 'inactive' });
  });

  it('an inactive company shows Inactive and offers Reactivate, never Delete', async () => {
    server.use(companies([{ ...acme, status: 'inactive' }]), statusChanged(COMPANY_BACK, acme));
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/company');
    // Marked by its name, the one cell of the wide list that always shows.
    const name = within(await rowOf('Acme Builders')).getAllByRole('cell')[2]!;
    expect(name).toHaveTextContent('Acme BuildersInactive');
    expect(await rowMenuItems(user, 'Acme Builders')).toEqual(['Show', 'Edit', 'Reactivate']);
    await confirmReactivate(user, log, {
      title: 'Reactivate company',
      message: COMPANY_BACK,
      id: 'c1',
    });
  });
});

describe("a company's people", () => {
  const employees = (data = [esha]) =>
    http.get('/api/company/getcompanyallemployee', () => HttpResponse.json(personPage(data)));

  it('Deactivate explains the permanent delete, then deactivates through the delete call', async () => {
    server.use(employees(), deactivates());
    const log = recordRequests();
    const { user } = renderAs('company', '/app/employee');
    expect(await rowMenuItems(user, 'Esha Nair')).toEqual(['Show', 'Edit', 'Deactivate']);
    const confirm = await openDialog(user, 'Deactivate', 'Deactivate employee');
    expect(confirm).toHaveTextContent('can no longer sign in');
    expect(confirm).toHaveTextContent('you can reactivate them at any time');
    expect(confirm).toHaveTextContent(
      /deactivate them first, then choose Delete .* refused while they still own expenses/,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(DEACTIVATED)).toBeInTheDocument();
    const [sent] = log.to('/api/users/p1');
    expect(sent!.method).toBe('DELETE');
    expect(new URL(sent!.url).search).toBe('');
  });

  it('an inactive person shows Inactive, is reactivated, or deleted for good', async () => {
    server.use(employees([{ ...esha, status: 'inactive' }]), statusChanged(PERSON_BACK, esha));
    const log = recordRequests();
    const { user } = renderAs('company', '/app/employee');
    expect(within(await rowOf('Esha Nair')).getByText('Inactive')).toBeInTheDocument();
    expect(await rowMenuItems(user, 'Esha Nair')).toEqual(['Show', 'Edit', 'Reactivate', 'Delete']);
    await confirmReactivate(user, log, {
      title: 'Reactivate employee',
      message: PERSON_BACK,
      id: 'p1',
    });
  });

  it("a refused permanent delete shows the server's reason", async () => {
    const reason = 'Cannot delete Esha Nair: they still own 2 expenses. Deactivate them instead.';
    server.use(
      employees([{ ...esha, status: 'inactive' }]),
      http.delete('/api/users/:id', () =>
        HttpResponse.json({ success: false, message: reason, code: 'in_use' }, { status: 409 }),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/employee');
    await rowMenuItems(user, 'Esha Nair');
    const confirm = await openDialog(user, 'Delete', 'Delete employee permanently');
    expect(confirm).toHaveTextContent('cannot be brought back');
    expect(confirm).toHaveTextContent('the audit trail keeps its history');
    await user.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const [sent] = log.to('/api/users/p1');
    expect(new URL(sent!.url).searchParams.get('hard')).toBe('true');
  });
});

describe('team and other lists', () => {
  const member = { ...esha, _id: 't1', name: 'Tara Team', role: 'team' };
  const other = { ...esha, _id: 'o1', name: 'Omar Other', role: 'other' };
  /** The new team member's details, as typed into Create New User. */
  const TARA = {
    Name: 'Tara Team',
    Email: 'tara@example.com',
    Contact: '9000000009',
    'Registration Number': 'TM-1',
  };

  it('a company gets both in its menu and adds a team member', async () => {
    server.use(
      http.get('/api/company/getallteam', () => HttpResponse.json(personPage([member]))),
      created('User created successfully', member),
    );
    const log = recordRequests();
    const { user } = renderAs('company', '/app/team');
    expect(await screen.findByRole('heading', { name: 'Team List' })).toBeInTheDocument();
    expect(await rowOf('Tara Team')).toHaveTextContent('Active');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = textsOf(nav, 'link');
    expect(links).toEqual(expect.arrayContaining(['Team List', 'Other Users']));

    const dialog = await openDialog(user, 'Add New Team Member', 'Create New User');
    expect(within(dialog).getByLabelText('User Type')).toHaveValue('team');
    await fill(user, dialog, TARA);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(await log.to('/api/user/createUser')[0]!.json()).toMatchObject({ userType: 'team' });
  });

  it('a taken e-mail shows under Email; the form keeps what was typed and the error goes on edit', async () => {
    server.use(
      http.get('/api/company/getallteam', () => HttpResponse.json(personPage([member]))),
      http.post('/api/user/createUser', () =>
        refusal('An account with this email already exists', {
          code: 'duplicate',
          field: 'email',
          status: 409,
        }),
      ),
    );
    const { user } = renderAs('company', '/app/team');
    await user.click(await screen.findByRole('button', { name: 'Add New Team Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    await fill(user, dialog, TARA);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this email already exists'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Tara Team');
    // Said once, under its field: no toast repeats it.
    expect(screen.queryByRole('alert', { name: /already exists/ })).toBeNull();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(0);

    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription('An account with this email already exists');
  });

  it('an admin reads the other users of a company, Show only', async () => {
    server.use(
      http.get('/api/company/getallother', () => HttpResponse.json(personPage([other]))),
      adminCompanies([acme]),
    );
    const { user } = renderAs('admin', '/app/other');
    expect(await screen.findByRole('heading', { name: 'Other Users' })).toBeInTheDocument();
    await rowOf('Omar Other');
    expect(screen.queryByRole('button', { name: 'Add New Other User' })).not.toBeInTheDocument();
    expect(await rowMenuItems(user, 'Omar Other')).toEqual(['Show']);
  });

  it('a PM has neither', async () => {
    server.use(http.get('/api/company/getalltl', () => HttpResponse.json(personPage([]))));
    renderAs('pm', '/app/tl');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = textsOf(nav, 'link');
    expect(links).not.toContain('Team List');
    expect(links).not.toContain('Other Users');
  });
});
