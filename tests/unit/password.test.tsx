import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Message } from '../../contract/api/fields';
import { recordRequests } from './helpers';
import { renderSignedOut } from './fixtures/screens';
import { server } from './msw';
import { linkPage } from './fixtures/linkPages';

const NEUTRAL = 'If an account exists for that email, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
const RESET_PAGE = linkPage({
  path: '/reset-password',
  endpoint: '/api/user/resetpassword',
  password: 'New Password',
  confirm: 'Confirm New Password',
  button: 'Reset Password',
});

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
  });
});

describe('Reset Password', () => {
  it('sets the new password, toasts the server message and goes to Login', async () => {
    const { user, location, log } = RESET_PAGE.openGood('Password has been reset. Please log in.');
    await RESET_PAGE.chooseAfterMismatch(user, log, 'a new password', 'a new passwore');
    expect(await screen.findByText('Password has been reset. Please log in.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await RESET_PAGE.expectPasswordSent(log, 'a new password');
  });

  it("shows the server's message for an invalid or expired link", async () => {
    await RESET_PAGE.expectUsedLinkRefused(INVALID, 'a new password');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('a link without a token says so and cannot be sent', async () => {
    await RESET_PAGE.expectNoTokenRefused(INVALID);
  });
});
