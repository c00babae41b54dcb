import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Message } from '../../contract/api/fields';
import { recordRequests } from './helpers';
import { renderSignedOut } from './fixtures/screens';
import { server } from './msw';

const NEUTRAL = 'If an account exists for that email, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

describe('Forgot Password', () => {
  it('is linked from the login screen', async () => {
    const { user, location } = renderSignedOut('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot Password' }));
    await waitFor(() => expect(location().pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it("sends the e-mail and shows the server's neutral message", async () => {
    server.use(
      http.post('/api/user/forgotpassword', () =>
        HttpResponse.json(Message.parse({ success: true, message: NEUTRAL })),
      ),
    );
    const log = recordRequests();
    const { user } = renderSignedOut('/forgot-password');
    await user.type(await screen.findByLabelText('Email Address'), ' who@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(await log.to('/api/user/forgotpassword')[0]!.json()).toEqual({
      email: 'who@example.com',
    });
    log.stop();
  });
});

describe('Reset Password', () => {
  it('sets the new password, toasts the server message and goes to Login', async () => {
    server.use(
      http.post('/api/user/resetpassword', () =>
        HttpResponse.json(
          Message.parse({ success: true, message: 'Password has been reset. Please log in.' }),
        ),
      ),
    );
    const log = recordRequests();
    const { user, location } = renderSignedOut('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New Password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new passwore');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(log.to('/api/user/resetpassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password has been reset. Please log in.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await log.to('/api/user/resetpassword')[0]!.json()).toEqual({
      token: 'abc123',
      password: 'a new password',
      cpassword: 'a new password',
    });
    log.stop();
  });

  it("shows the server's message for an invalid or expired link", async () => {
    server.use(
      http.post('/api/user/resetpassword', () =>
        HttpResponse.json(
          { success: false, message: INVALID, code: 'invalid_link' },
          { status: 400 },
        ),
      ),
    );
    const { user, location } = renderSignedOut('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New Password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(location().pathname).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('a link without a token says so and cannot be sent', async () => {
    renderSignedOut('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });
});
