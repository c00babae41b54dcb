import { z } from 'zod';
import { SIGN_IN_OUTCOMES } from '../enums';
import { PASSWORD_MAX } from '../rules';
import type { Endpoint } from './endpoint';
import { LoginCode } from './auth';
import { Message, NO_NUL_PATTERN, id, linkToken, savedAnswer } from './fields';

/** The account owner's own sessions, sign-ins and second factor. */

/** A password the server checks against the stored one (never against the rules). */
const currentPassword = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(PASSWORD_MAX)
  .meta({ pattern: NO_NUL_PATTERN });

/** One open session of the caller. */
export const SessionInfo = z.object({
  _id: z.string(),
  /** "Chrome 131 on Windows 10", from the browser's User-Agent. */
  device: z.string(),
  address: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** Remember Me: 30 days; otherwise it ends after 12 idle hours. */
  remembered: z.boolean(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export const SessionList = z.object({ success: z.boolean(), data: z.array(SessionInfo) });
export const SessionParams = z.object({ id });

/** A sign-in or a failed attempt. */
export const SignIn = z.object({
  _id: z.string(),
  at: z.string(),
  address: z.string(),
  device: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
});
export const SignInList = z.object({ success: z.boolean(), data: z.array(SignIn) });

export const PasswordCheck = z.object({ password: currentPassword });
/** A new key to add to an authenticator app: as text, as an otpauth:// link and as a QR code. */
export const TwoFactorSetup = z.object({
  success: z.boolean(),
  data: z.object({
    secret: z.string(),
    uri: z.string(),
    /** An SVG image of the QR code of `uri`. */
    qrCode: z.string(),
  }),
});
export const TwoFactorConfirm = z.object({ code: LoginCode.shape.code });
/** The password and a current code: turning two-factor off, or new recovery codes. */
export const TwoFactorDisable = z.object({
  password: currentPassword,
  code: LoginCode.shape.code,
});
/** Ten one-time recovery codes, shown this once: only their hashes are kept. */
export const RecoveryCodes = savedAnswer(z.object({ recoveryCodes: z.array(z.string()) }));
export const TwoFactorStatus = z.object({
  success: z.boolean(),
  data: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
});
export const TwoFactorPolicy = z.object({
  required: z.boolean({ error: 'must be true or false' }),
});
/** The token of the link e-mailed to the old address when the e-mail changed. */
export const RevertEmail = z.object({ token: linkToken('revert') });

/** The token of the link e-mailed to the new address when one's e-mail is to change. */
export const ConfirmEmail = z.object({ token: linkToken('confirmation') });

export const accountEndpoints = {
  listSessions: { method: 'GET', path: '/user/sessions', answer: SessionList },
  endSession: {
    method: 'POST',
    path: '/user/sessions/:id/end',
    params: SessionParams,
    answer: Message,
  },
  endOtherSessions: { method: 'POST', path: '/user/sessions/end-others', answer: Message },
  listSignIns: { method: 'GET', path: '/user/signins', answer: SignInList },
  getTwoFactor: { method: 'GET', path: '/user/two-factor', answer: TwoFactorStatus },
  startTwoFactor: {
    method: 'POST',
    path: '/user/two-factor/setup',
    body: PasswordCheck,
    answer: TwoFactorSetup,
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/user/two-factor/confirm',
    body: TwoFactorConfirm,
    answer: RecoveryCodes,
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/user/two-factor/disable',
    body: TwoFactorDisable,
    answer: Message,
  },
  newRecoveryCodes: {
    method: 'POST',
    path: '/user/two-factor/recovery-codes',
    body: TwoFactorDisable,
    answer: RecoveryCodes,
  },
  setTwoFactorPolicy: {
    method: 'POST',
    path: '/company/two-factor-policy',
    body: TwoFactorPolicy,
    answer: Message,
  },
  confirmEmail: {
    method: 'POST',
    path: '/user/email/confirm',
    body: ConfirmEmail,
    answer: Message,
  },
  revertEmail: { method: 'POST', path: '/user/email/revert', body: RevertEmail, answer: Message },
} as const satisfies Record<string, Endpoint>;
