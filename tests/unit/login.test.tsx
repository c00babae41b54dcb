import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LoginAnswer } from '../../contract/api/auth';
import { AppRoutes } from '../../src/app/router';
import { dashboardHandler, recordRequests, renderWithProviders, testUser } from './helpers';
import { emptyPage } from './fixtures/pages';
import { server } from './msw';
import { renderApp, refusal, renderSignedOut } from './fixtures/screens';

async function fillLogin(user: ReturnType<typeof renderWithProviders>['user'], type?: string) {
  await user.type(await screen.findByLabelText('Email Address'), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  if (type) await user.selectOptions(screen.getByLabelText('User Type'), type);
}

const loginOk = http.post('/api/user/loginuser', () =>
  HttpResponse.json(
    LoginAnswer.parse({
      success: true,
      message: 'Login successful',
      data: { token: 'tok-9', user: testUser },
    }),
  ),
);

describe('Login', () => {
  it('without a user type shows "Please select user type." and sends nothing', async () => {
    const log = recordRequests();
    const { user } = renderSignedOut('/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please select user type.')).toBeInTheDocument();
    expect(log.requests).toHaveLength(0);
  });

  it('on success stores token and user, toasts the server message and opens the dashboard', async () => {
    server.use(loginOk, dashboardHandler(3, 1500));
    const log = recordRequests();
    const { user, location } = renderSignedOut('/login');
    await fillLogin(user, 'admin');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/app/dashboard'));
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(testUser);
    const body = await log.to('/api/user/loginuser')[0]!.json();
    expect(body).toEqual({
      email: 'asha@example.com',
      password: 'correct horse',
      userType: 'admin',
      remember: true,
    });
    expect(await screen.findByText('₹1,500.00')).toBeInTheDocument();
  });

  it('shows "Loading..." on the button while the call runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/user/loginuser', async () => {
        await gate;
        return refusal('Invalid email or password', { code: 'wrong_credentials', status: 401 });
      }),
    );
    const { user } = renderSignedOut('/login');
    await fillLogin(user, 'pm');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('returns to the page the user originally wanted', async () => {
    server.use(
      loginOk,
      http.get('/api/expense/getuserallexpenses', () => HttpResponse.json(emptyPage())),
    );
    const { user, location } = renderWithProviders(<AppRoutes />, {
      route: { pathname: '/login', state: { from: { pathname: '/app/expenses', search: '' } } },
    });
    await fillLogin(user, 'company');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location().pathname).toBe('/app/expenses'));
    expect(await screen.findByRole('heading', { name: 'Expenses List' })).toBeInTheDocument();
  });

  it('on failure toasts the server message and stays on the login page', async () => {
    server.use(
      http.post('/api/user/loginuser', () =>
        refusal('Invalid email or password', { code: 'wrong_credentials', status: 401 }),
      ),
    );
    const { user, location } = renderSignedOut('/login');
    await fillLogin(user, 'admin');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('on a network error shows the generic login error', async () => {
    server.use(http.post('/api/user/loginuser', () => HttpResponse.error()));
    const { user } = renderSignedOut('/login');
    await fillLogin(user, 'admin');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText('An error occurred during the login. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('sends a visitor who already has a session on to the dashboard', async () => {
    server.use(dashboardHandler());
    const { location } = renderApp('/login');
    await waitFor(() => expect(location().pathname).toBe('/app/dashboard'));
  });

  it('links to Register and Home', async () => {
    renderSignedOut('/login');
    expect(await screen.findByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
