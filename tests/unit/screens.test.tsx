import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserAnswer } from '../../contract/api/auth';
import {
  accountHandlers,
  captureSaves,
  dashboardHandler,
  recordRequests,
  signedIn,
  testUser,
  textsOf,
} from './helpers';
import { server } from './msw';
import { renderApp, openDialog, fill, refill, refusal, renderSignedOut } from './fixtures/screens';

describe('Landing and Not Found', () => {
  it('landing shows the spec copy and links to Login and Register', () => {
    renderSignedOut('/');
    expect(screen.getByText(/Manage Your Expenses With/)).toBeInTheDocument();
    expect(screen.getByText(/Manage Your Company With/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('an unknown path shows Not Found with a link home', () => {
    renderSignedOut('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('an unknown /app path shows Not Found inside the shell', async () => {
    renderApp('/app/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Not Found');
  });
});

describe('Shell', () => {
  it('shows the user, the menu links of this release, and the page title', async () => {
    server.use(dashboardHandler());
    const { user } = renderApp('/app/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = textsOf(nav, 'link');
    // The Dashboard, then every role's own screens (the company screens of other roles
    // follow), Profile last.
    expect(links.slice(0, 7)).toEqual([
      'Dashboard',
      'Expenses',
      'Recurring',
      'Categories',
      'Lend',
      'Borrowed',
      'People',
    ]);
    expect(links).toContain('Lend Report');
    expect(links).toContain('Borrowed Report');
    expect(links.at(-1)).toBe('Profile');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const account = screen.getByRole('button', { name: /Asha Rao/ });
    // A disclosure (not an ARIA menu): it names the panel it shows.
    expect(account).not.toHaveAttribute('aria-haspopup');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(account.getAttribute('aria-controls')!)!;
    // The whole address, wrapping rather than cut off.
    expect(within(panel).getByText(testUser.email)).toHaveClass('break-all');
    expect(within(panel).getByText(testUser.email)).not.toHaveClass('truncate');
    // The dropdown adds its own Profile link beside the menu's.
    expect(screen.getAllByRole('link', { name: 'Profile' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(2);
  });
});

describe('Role labels', () => {
  it.each([
    ['pm', 'PM'],
    ['company', 'Company'],
    ['admin', 'Admin'],
  ] as const)("the side menu shows the role '%s' as '%s'", async (role, label) => {
    server.use(dashboardHandler());
    renderApp('/app/dashboard', signedIn({ ...testUser, role }));
    const menu = (await screen.findByRole('navigation', { name: 'Main' })).closest('aside')!;
    // Under the user's name (a menu group may have the same word).
    const who = within(menu).getByText(testUser.name).parentElement!;
    expect(within(who).getByText(label, { exact: true })).toBeInTheDocument();
  });
});

describe('Profile', () => {
  beforeEach(() => server.use(...accountHandlers()));
  const profile = http.get('/api/user/profile', () =>
    HttpResponse.json(UserAnswer.parse({ success: true, data: testUser })),
  );

  it('shows name, email, created date and initials', async () => {
    server.use(profile);
    renderApp('/app/profile');
    expect(await screen.findByText('05/03/2024')).toBeInTheDocument();
    expect(screen.getAllByText(testUser.email).length).toBeGreaterThan(0);
    expect(screen.getAllByText('AR').length).toBeGreaterThan(0);
  });

  it("Download my data saves the server's JSON as a file, with the session token", async () => {
    let auth: string | null = null;
    server.use(
      profile,
      http.get('/api/user/exportmydata', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(
          { profile: testUser, expenses: [] },
          { headers: { 'content-disposition': 'attachment; filename="my-data.json"' } },
        );
      }),
    );
    const { clicked, blob } = captureSaves();
    const { user } = renderApp('/app/profile');
    await screen.findByText('05/03/2024');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(auth).toMatch(/^Bearer /);
    expect(clicked[0]!.download).toBe('my-data.json');
    expect(JSON.parse(await blob().text())).toMatchObject({ profile: { email: testUser.email } });
  });

  it('Update Profile saves on the server and updates the stored user', async () => {
    const renamed = { ...testUser, name: 'Asha Menon' };
    let saved = false;
    server.use(
      http.get('/api/user/profile', () =>
        HttpResponse.json(UserAnswer.parse({ success: true, data: saved ? renamed : testUser })),
      ),
      http.post('/api/user/updateprofile', () => {
        saved = true;
        return HttpResponse.json(
          UserAnswer.parse({
            success: true,
            message: 'Profile updated successfully',
            data: renamed,
          }),
        );
      }),
    );
    const log = recordRequests();
    const { user, store } = renderApp('/app/profile');
    await screen.findByText('05/03/2024');
    const dialog = await openDialog(user, 'Edit', 'Update Profile');
    await refill(user, dialog, { Name: 'Asha Menon' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await log.to('/api/user/updateprofile')[0]!.json()).toEqual({
      version: 1,
      name: 'Asha Menon',
      email: testUser.email,
    });
    await waitFor(() => expect(store.getState().session.user?.name).toBe('Asha Menon'));
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Asha Menon');
  });

  it('Update Password checks the match, then sends the three fields', async () => {
    server.use(
      profile,
      http.post('/api/user/updatepassword', () =>
        refusal('Current password is incorrect', {
          code: 'wrong_password',
          field: 'currentPassword',
        }),
      ),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/profile');
    await screen.findByText('05/03/2024');
    const dialog = await openDialog(user, 'Update Password');
    await fill(user, dialog, {
      'Current Password': 'oldpassword',
      'New Password': 'newpassword1',
      'Confirm New Password': 'newpassword2',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
    expect(log.to('/api/user/updatepassword')).toHaveLength(0);

    await refill(user, dialog, { 'Confirm New Password': 'newpassword1' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(await log.to('/api/user/updatepassword')[0]!.json()).toEqual({
      currentPassword: 'oldpassword',
      newPassword: 'newpassword1',
      confirmPassword: 'newpassword1',
    });
  });
});
