import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginAnswer, ProfileAnswer, SessionAnswer, UserAnswer } from '../../contract/api/auth';
import { makeStore } from '../../src/app/store';
import { startCrossTabSync } from '../../src/session/crossTab';
import { loggedIn, sessionEnded } from '../../src/session/sessionSlice';
import {
  accountHandlers,
  dashboardHandler,
  recordRequests,
  renderWithProviders,
  signedIn,
  testUser,
  thisSession,
} from './helpers';
import { server } from './msw';
import { renderApp, refill, refusal, renderSignedOut } from './fixtures/screens';

// The screens load lazily: loaded once here, not inside the first test's time.
beforeAll(async () => {
  await import('../../src/features/auth/LoginScreen');
  await import('../../src/features/profile/ProfileScreen');
}, 30_000);

async function fillLogin(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(await screen.findByLabelText('Email Address'), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.selectOptions(screen.getByLabelText('User Type'), 'admin');
}

const session = (token: string) =>
  SessionAnswer.parse({
    success: true,
    message: 'Login successful',
    data: { token, user: testUser },
  });

describe('Remember Me', () => {
  it('without it the session is kept for this tab only (sessionStorage), not in localStorage', async () => {
    server.use(
      http.post('/api/user/loginuser', () => HttpResponse.json(session('tok-tab'))),
      dashboardHandler(1, 10),
    );
    const { user, location } = renderSignedOut('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location().pathname).toBe('/app/dashboard'));
    expect(sessionStorage.getItem('token')).toBe('tok-tab');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.runIf(typeof BroadcastChannel === 'function')(
    'a new tab asks the open ones for a session that is not remembered, and a logout ends both',
    async () => {
      // The open tab signed in without Remember Me.
      const open = makeStore();
      open.dispatch(loggedIn({ token: 'tok-open', user: testUser, remember: false }));
      const stopOpen = startCrossTabSync(open);
      sessionStorage.clear(); // a new tab has its own, empty, sessionStorage
      const fresh = makeStore();
      expect(fresh.getState().session.token).toBeNull();
      const stopFresh = startCrossTabSync(fresh);
      expect(fresh.getState().session.restoring).toBe(true);
      await waitFor(() => expect(fresh.getState().session.token).toBe('tok-open'));
      expect(fresh.getState().session.restoring).toBe(false);

      open.dispatch(sessionEnded({ reason: 'logout' }));
      await waitFor(() => expect(fresh.getState().session.token).toBeNull());
      stopOpen();
      stopFresh();
    },
  );
});

describe('two-factor sign-in', () => {
  /** The password is right, and two-factor sign-in is on: the code is asked for. */
  const askingForCode = () =>
    http.post('/api/user/loginuser', () =>
      HttpResponse.json(
        LoginAnswer.parse({
          success: true,
          message: 'Enter the code from your authenticator app',
          data: { twoFactor: true, challenge: 'ch-1' },
        }),
      ),
    );

  it('asks for the code after the password; a wrong code says so under the field', async () => {
    let tries = 0;
    server.use(
      askingForCode(),
      http.post('/api/user/loginuser/code', () =>
        ++tries === 1
          ? refusal('That code is not right. Please try again.', {
              code: 'wrong_code',
              field: 'code',
              status: 401,
            })
          : HttpResponse.json(session('tok-2fa')),
      ),
      dashboardHandler(1, 10),
    );
    const log = recordRequests();
    const { user, location } = renderSignedOut('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Please try again.')).toBeVisible();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(location().pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/app/dashboard'));
    const sent = await Promise.all(log.to('/api/user/loginuser/code').map((r) => r.json()));
    expect(sent).toEqual([
      { challenge: 'ch-1', code: '000000' },
      { challenge: 'ch-1', code: 'abcde-fghij' },
    ]);
  });

  it('an expired sign-in goes back to the password, told by its code', async () => {
    const EXPIRED = 'Your sign-in took too long. Enter your password again.';
    server.use(
      askingForCode(),
      http.post('/api/user/loginuser/code', () =>
        HttpResponse.json(
          { success: false, message: EXPIRED, code: 'sign_in_expired' },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderSignedOut('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(EXPIRED)).toBeVisible();
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});

describe('Profile security', () => {
  const profile = (user = testUser) =>
    http.get('/api/user/profile', () =>
      HttpResponse.json(UserAnswer.parse({ success: true, data: user })),
    );

  it('a new e-mail asks for the current password and sends it; a new name alone does not', async () => {
    const waiting =
      'Profile updated. Open the link we sent to asha.new@example.com to finish changing your e-mail; until then you sign in with your current one.';
    server.use(
      profile(),
      ...accountHandlers(),
      http.post('/api/user/updateprofile', () =>
        HttpResponse.json(
          ProfileAnswer.parse({
            success: true,
            message: waiting,
            data: testUser,
            pendingEmail: 'asha.new@example.com',
          }),
        ),
      ),
    );
    const log = recordRequests();
    const { user, store } = renderApp('/app/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    expect(within(dialog).queryByLabelText('Current Password')).not.toBeInTheDocument();
    await refill(user, dialog, { Email: 'asha.new@example.com' });
    expect(within(dialog).getByLabelText('Current Password')).toHaveAccessibleDescription(
      /It changes when you open the link we send to it/,
    );
    await user.type(within(dialog).getByLabelText('Current Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    // The e-mail waits for its link: the toast says where to look, the stored user keeps the old.
    expect(await screen.findByText(waiting)).toBeInTheDocument();
    expect(await log.to('/api/user/updateprofile')[0]!.json()).toEqual({
      version: 1,
      name: testUser.name,
      email: 'asha.new@example.com',
      currentPassword: 'my password',
    });
    expect(store.getState().session.user?.email).toBe(testUser.email);
  });

  it('the link mailed to a new address confirms it with a click, not the visit', async () => {
    let calls = 0;
    server.use(
      http.post('/api/user/email/confirm', async ({ request }) => {
        calls++;
        const { token } = (await request.json()) as { token: string };
        return token === 'good'
          ? HttpResponse.json({
              success: true,
              message: 'Your e-mail is now asha.new@example.com. Use it to log in from now on.',
            })
          : refusal('This link is invalid, used or has expired.', { code: 'invalid_link' });
      }),
    );
    const { user } = renderSignedOut('/confirm-email?token=good');
    const confirm = await screen.findByRole('button', { name: 'Confirm my new e-mail' });
    expect(calls).toBe(0);
    await user.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your e-mail is now asha.new@example.com',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');

    const spent = renderSignedOut('/confirm-email?token=used');
    await spent.user.click(
      (await screen.findAllByRole('button', { name: 'Confirm my new e-mail' })).at(-1)!,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, used or has expired.',
    );
  });

  it('a password someone else chose keeps the user on Profile with the form open', async () => {
    const given = { ...testUser, pending: 'password' as const };
    server.use(profile(given), ...accountHandlers(), dashboardHandler(1, 10));
    const { location } = renderApp('/app/dashboard', signedIn(given));
    await waitFor(() => expect(location().pathname).toBe('/app/profile'));
    expect(await screen.findByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
    expect(screen.getByText(/Your password was chosen by someone else/)).toBeInTheDocument();
  });

  it('lists the sessions and signs another one out', async () => {
    const sessions = [
      thisSession,
      {
        _id: 's2',
        device: 'Firefox 133 on Linux',
        address: '10.0.0.9',
        signedInAt: '2026-11-19T10:00:00.000Z',
        lastUsedAt: '2026-11-19T12:30:00.000Z',
        remembered: false,
        current: false,
      },
    ];
    server.use(
      profile(),
      // Before the defaults: the first handler for a path answers.
      http.get('/api/user/sessions', () => HttpResponse.json({ success: true, data: sessions })),
      ...accountHandlers(),
      http.post('/api/user/sessions/:id/end', ({ params }) => {
        sessions.splice(
          sessions.findIndex((s) => s._id === params.id),
          1,
        );
        return HttpResponse.json({ success: true, message: 'That session is signed out' });
      }),
    );
    const { user } = renderApp('/app/profile');
    expect(await screen.findByText('This session')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: /Sign out Firefox 133 on Linux/ });
    await user.click(other);
    expect(await screen.findByText('That session is signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Linux')).not.toBeInTheDocument());
    expect(
      screen.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });

  it('turns two-factor on: password, key and QR code, first code, then the recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    server.use(
      profile(),
      ...accountHandlers(),
      http.post('/api/user/two-factor/setup', () =>
        HttpResponse.json({
          success: true,
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
            qrCode: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        }),
      ),
      http.post('/api/user/two-factor/confirm', () =>
        HttpResponse.json({
          success: true,
          message: 'Two-factor sign-in is on',
          data: { recoveryCodes: codes },
        }),
      ),
    );
    const log = recordRequests();
    const { user } = renderApp('/app/profile');
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code of the two-factor key' })).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(await log.to('/api/user/two-factor/confirm')[0]!.json()).toEqual({ code: '123456' });
  });
});
