import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Message } from '../../contract/api/fields';
import { recordRequests, renderWithProviders } from './helpers';
import { server } from './msw';
import { refusal, renderSignedOut } from './fixtures/screens';

async function fillRegister(
  user: ReturnType<typeof renderWithProviders>['user'],
  confirm = 'longpassword',
) {
  await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'longpassword');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('Register', () => {
  it('refuses mismatched passwords on the client and sends nothing', async () => {
    const log = recordRequests();
    const { user } = renderSignedOut('/register');
    await fillRegister(user, 'otherpassword');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(log.requests).toHaveLength(0);
  });

  it('on success sends the payload, goes home and shows the server message', async () => {
    server.use(
      http.post('/api/user/registeruser', () =>
        HttpResponse.json(
          Message.parse({ success: true, message: 'Registration successful. Please log in.' }),
          { status: 201 },
        ),
      ),
    );
    const log = recordRequests();
    const { user, location } = renderSignedOut('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful. Please log in.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(await log.to('/api/user/registeruser')[0]!.json()).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'longpassword',
      cpassword: 'longpassword',
    });
  });

  it('shows the server message of a refusal (409)', async () => {
    server.use(
      http.post('/api/user/registeruser', () =>
        refusal('An account with this email already exists', {
          code: 'duplicate',
          field: 'email',
          status: 409,
        }),
      ),
    );
    const { user, location } = renderSignedOut('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('An account with this email already exists'),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/register');
  });

  it('shows the exception message when the server cannot be reached', async () => {
    server.use(http.post('/api/user/registeruser', () => HttpResponse.error()));
    const { user } = renderSignedOut('/register');
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('An error occurred during registration. Please try again later.'),
    ).toBeInTheDocument();
  });
});
