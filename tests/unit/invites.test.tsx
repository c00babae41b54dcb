import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { Message } from '../../contract/api/fields';
import { Person } from '../../contract/api/people';
import { recordRequests, renderWithProviders, textsOf } from './helpers';
import { adminCompanies, created, personPage } from './fixtures/people';
import { linkPage } from './fixtures/linkPages';
import { server } from './msw';
import { fill, renderAs, openRowMenu } from './fixtures/screens';

/** Create New User's invite or first password, Resend invite in a row's menu, the invite page. */

beforeAll(async () => {
  await import('../../src/features/people/PeopleScreen');
  await import('../../src/features/auth/AcceptInviteScreen');
}, 30_000);

const INVALID = 'This invite link is invalid or has expired. Ask for a new one.';
const INVITE_PAGE = linkPage({
  path: '/invite',
  endpoint: '/api/user/acceptinvite',
  password: 'Password',
  confirm: 'Confirm Password',
  button: 'Set Password',
});

const bluebird = Person.parse({
  _id: 'c2',
  date: '2026-01-05T10:00:00.000Z',
  name: 'Bluebird Traders',
  email: 'bluebird@example.com',
  mobile: '9000000002',
  registration_number: 'CO-2',
  status: 'active',
  role: 'company',
  country: 'India',
  employeeCount: 0,
  invitePending: true,
  version: 1,
});
const priya = Person.parse({
  ...bluebird,
  _id: 'pm-2',
  name: 'Priya Menon',
  email: 'priya@example.com',
  role: 'pm',
  employeeCount: undefined,
});

const lists = (companies: unknown[], pms: unknown[] = []) => [
  adminCompanies(companies),
  http.get('/api/company/getallpm', () => HttpResponse.json(personPage(pms))),
];

type UserEv = ReturnType<typeof renderWithProviders>['user'];

async function fillDetails(user: UserEv, dialog: HTMLElement) {
  await fill(user, dialog, {
    Name: 'Bluebird Traders',
    Email: 'bluebird@example.com',
    Contact: '9000000002',
    'Registration Number': 'CO-2',
  });
}

/** Add New PM's Create New User, filled in, `pm` what the server answers it made. */
async function fillNewPm(pm: unknown) {
  server.use(...lists([]), created('User created successfully', pm));
  const log = recordRequests();
  const { user } = renderAs('company', '/app/pm');
  await user.click(await screen.findByRole('button', { name: 'Add New PM' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New User' });
  await fillDetails(user, dialog);
  return { user, log, dialog };
}

describe('Create New User for someone who signs in', () => {
  it('sends an invite by default: no password is asked for or sent', async () => {
    const message =
      'User created successfully. An invite to set a password was e-mailed to bluebird@example.com.';
    server.use(...lists([]), created(message, bluebird));
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/company');
    await user.click(await screen.findByRole('button', { name: 'Add New Company' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    const choice = within(dialog).getByRole('group', { name: 'Sign-in password' });
    expect(within(choice).getByRole('radio', { name: /Send an invite/ })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: /Set a first password/ })).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();

    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await log.to('/api/user/createUser')[0]!.json()).toEqual({
      name: 'Bluebird Traders',
      email: 'bluebird@example.com',
      mobile: '9000000002',
      registration_number: 'CO-2',
      userType: 'company',
    });
  }, 15_000);

  it('Set a first password shows the password field and sends it', async () => {
    const { user, log, dialog } = await fillNewPm({ ...priya, invitePending: false });
    await user.click(within(dialog).getByRole('radio', { name: /Set a first password/ }));
    const password = within(dialog).getByLabelText('Password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('minLength', '8');
    expect(within(dialog).getByText(/must change it when they first sign in/)).toBeVisible();
    await user.type(password, 'first secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(await log.to('/api/user/createUser')[0]!.json()).toMatchObject({
      userType: 'pm',
      password: 'first secret',
    });
  }, 15_000);

  it('back to Send an invite, a password typed is not sent', async () => {
    const { user, log, dialog } = await fillNewPm(priya);
    await user.click(within(dialog).getByRole('radio', { name: /Set a first password/ }));
    await user.type(within(dialog).getByLabelText('Password'), 'first secret');
    await user.click(within(dialog).getByRole('radio', { name: /Send an invite/ }));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(log.to('/api/user/createUser')).toHaveLength(1));
    expect(await log.to('/api/user/createUser')[0]!.json()).not.toHaveProperty('password');
  }, 15_000);

  it('offers no choice for people who never sign in', async () => {
    server.use(http.get('/api/company/getalltl', () => HttpResponse.json(personPage([]))));
    const { user } = renderAs('company', '/app/tl');
    await user.click(await screen.findByRole('button', { name: 'Add New Tl' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

/** Opens the row's '...' menu and returns its items. */

describe('Resend invite', () => {
  it('is in the menu of a row whose invite is pending, and sends one', async () => {
    const acme = { ...bluebird, _id: 'c1', name: 'Acme Builders', invitePending: false };
    server.use(
      ...lists([acme, bluebird]),
      http.post('/api/users/c2/invite', () =>
        HttpResponse.json(
          Message.parse({ success: true, message: 'Invite sent to bluebird@example.com.' }),
        ),
      ),
    );
    const log = recordRequests();
    const { user } = renderAs('admin', '/app/company');
    const row = (await screen.findByText('Bluebird Traders')).closest('tr')!;
    expect(within(row).getByText('Invite pending')).toBeInTheDocument();
    const acmeRow = screen.getByText('Acme Builders').closest('tr')!;
    expect(within(acmeRow).queryByText('Invite pending')).not.toBeInTheDocument();

    const acmeMenu = await openRowMenu(user, 'Acme Builders');
    expect(within(acmeMenu).queryByRole('button', { name: 'Resend invite' })).toBeNull();
    await user.keyboard('{Escape}');

    const menu = await openRowMenu(user, 'Bluebird Traders');
    expect(textsOf(menu, 'button')).toEqual(['Show', 'Edit', 'Resend invite', 'Deactivate']);
    await user.click(within(menu).getByRole('button', { name: 'Resend invite' }));
    expect(await screen.findByText('Invite sent to bluebird@example.com.')).toBeInTheDocument();
    expect(log.to('/api/users/c2/invite')).toHaveLength(1);
  });

  it("shows the server's refusal past the limit", async () => {
    const limit = 'This person has been sent enough invites for today. Please try again tomorrow.';
    server.use(
      ...lists([], [priya]),
      http.post('/api/users/pm-2/invite', () =>
        HttpResponse.json(
          { success: false, message: limit, code: 'rate_limited' },
          { status: 429, headers: { 'retry-after': '3600' } },
        ),
      ),
    );
    const { user } = renderAs('company', '/app/pm');
    const menu = await openRowMenu(user, 'Priya Menon');
    await user.click(within(menu).getByRole('button', { name: 'Resend invite' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
  });

  it('an admin reading a pending PM sees the badge but no Resend invite', async () => {
    server.use(...lists([bluebird], [priya]));
    const { user } = renderAs('admin', '/app/pm');
    const row = (await screen.findByText('Priya Menon')).closest('tr')!;
    expect(within(row).getByText('Invite pending')).toBeInTheDocument();
    const menu = await openRowMenu(user, 'Priya Menon');
    expect(textsOf(menu, 'button')).toEqual(['Show']);
  });
});

describe('the invite page', () => {
  it('sets the password twice, says so and links to Login', async () => {
    const { user, log } = INVITE_PAGE.openGood('Your password is set. Please log in.');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('minLength', '8');
    expect(password).toHaveAttribute('maxLength', '128');
    await INVITE_PAGE.chooseAfterMismatch(user, log, 'my own secret', 'my own secrett');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is set. Please log in.',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    await INVITE_PAGE.expectPasswordSent(log, 'my own secret');
  });

  it("shows the server's message for a used or expired link and stays", async () => {
    await INVITE_PAGE.expectUsedLinkRefused(INVALID, 'my own secret');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a link without a token says so and cannot be sent', async () => {
    await INVITE_PAGE.expectNoTokenRefused(INVALID);
  });
});
