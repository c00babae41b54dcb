import { z } from 'zod';
import { LOGIN_ROLES, ROLES } from '../enums';
import { PASSWORD_MAX } from '../rules';
import type { Endpoint } from './endpoint';
import {
  Message,
  NO_NUL_PATTERN,
  confirmation,
  email,
  linkToken,
  password,
  savedAnswer,
  text,
  version,
} from './fields';

/** The signed-in user, as login and the profile calls tell it. */
export const User = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  position: z.number().nullable(),
  createdAt: z.string(),
  version: z.number(),
  twoFactorEnabled: z.boolean(),
  /** A company's own setting: its people must turn two-factor sign-in on. */
  requireTwoFactor: z.boolean(),
  /**
   * What the user must do before anything else: 'password' (someone else chose it: change
   * it), 'twoFactor' (the company requires two-factor sign-in: turn it on), or null. Until
   * then every other call answers 403.
   */
  pending: z.enum(['password', 'twoFactor']).nullable(),
});
export const UserAnswer = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: User,
});

/** Sign-up of an admin; `cpassword` must repeat the password. */
export const Register = z.object({
  name: text(100),
  email,
  password,
  cpassword: confirmation('password'),
});

export const Login = z.object({
  email,
  password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(PASSWORD_MAX, 'is too long')
    .meta({ pattern: NO_NUL_PATTERN }),
  userType: z.enum(LOGIN_ROLES, { error: 'Please select user type.' }),
  remember: z.boolean().optional().default(false),
});
/** Signed in: the session's token and the user. */
export const Session = z.object({ token: z.string(), user: User });
/** The password was right and two-factor sign-in is on: send the code with this challenge. */
export const CodeNeeded = z.object({ twoFactor: z.literal(true), challenge: z.string() });
export const LoginAnswer = savedAnswer(z.union([Session, CodeNeeded]));
/** The second step of a sign-in: a 6-digit code from the app, or a recovery code. */
export const LoginCode = z.object({
  challenge: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(200)
    .meta({ pattern: NO_NUL_PATTERN }),
  code: z
    .string({ error: 'is required' })
    .trim()
    .min(6, 'must be the 6-digit code or a recovery code')
    .max(20, 'must be the 6-digit code or a recovery code')
    .regex(/^[0-9A-Za-z -]+$/, 'must be the 6-digit code or a recovery code'),
});
export const SessionAnswer = savedAnswer(Session);

/**
 * The account's own password, asked when a call changes the e-mail one signs in with (one's
 * own, on every call that can: updateprofile, updatecompany, updateadmin).
 */
export const currentPasswordForEmail = z.string().max(PASSWORD_MAX).meta({
  pattern: NO_NUL_PATTERN,
  description:
    'Your current password: required when `email` changes (400 naming it when missing, 400 when wrong)',
});
/**
 * The address a new e-mail waits at: it applies when the link mailed there is opened
 * (`confirmEmail`); until then the account signs in with its current e-mail.
 */
export const pendingEmail = z.string().optional().meta({
  description:
    'Set when `email` changed: the new address, sent a link that applies the change (valid 24 hours, once); until it is opened, `email` stays the current one',
});

/**
 * Changes only the fields sent, of the version the profile was read at. A new e-mail needs
 * the current password and waits for the link mailed to it.
 */
export const UpdateProfile = z
  .object({ name: text(100), email, currentPassword: currentPasswordForEmail })
  .partial()
  .extend({ version });
/** The saved profile; a new e-mail is still waiting for its link (`pendingEmail`). */
export const ProfileAnswer = UserAnswer.extend({ pendingEmail });
export const UpdatePassword = z.object({
  currentPassword: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(PASSWORD_MAX)
    .meta({ pattern: NO_NUL_PATTERN }),
  newPassword: password,
  confirmPassword: confirmation('newPassword'),
});

export const ForgotPassword = z.object({ email });
/** A new password with the token of an e-mailed reset link. */
export const ResetPassword = z.object({
  token: linkToken('reset'),
  password,
  cpassword: confirmation('password'),
});

/** A stored row, its columns by their names in the database schema (money in paise). */
const StoredRow = z.record(z.string(), z.unknown());
/** The my-data download: the profile, and every row that is the caller's own. */
export const MyData = z.object({
  exportedAt: z.string(),
  moneyIn: z.string(),
  profile: User,
  expenses: z.array(StoredRow),
  loans: z.array(StoredRow),
  repayments: z.array(StoredRow),
  categories: z.array(StoredRow),
  recurringExpenses: z.array(StoredRow),
  /** The khata: its people, reminders sent, lends' reminder schedules, statement links. */
  khataPeople: z.array(StoredRow),
  khataReminders: z.array(StoredRow),
  lendReminderSchedules: z.array(StoredRow),
  khataLinks: z.array(StoredRow),
  /** A company's own only, as are the three lists below. */
  people: z.array(StoredRow).optional(),
  projects: z.array(StoredRow).optional(),
  bankAccounts: z.array(StoredRow).optional(),
  payments: z.array(StoredRow).optional(),
});

export const authEndpoints = {
  registerAdmin: {
    method: 'POST',
    path: '/user/registeruser',
    body: Register,
    status: 201,
    answer: Message,
  },
  login: { method: 'POST', path: '/user/loginuser', body: Login, answer: LoginAnswer },
  loginWithCode: {
    method: 'POST',
    path: '/user/loginuser/code',
    body: LoginCode,
    answer: SessionAnswer,
  },
  logout: { method: 'POST', path: '/logout', answer: Message },
  getProfile: { method: 'GET', path: '/user/profile', answer: UserAnswer },
  /** A JSON download of everything that is the caller's own. */
  exportMyData: {
    method: 'GET',
    path: '/user/exportmydata',
    download: { type: 'application/json', schema: MyData },
  },
  updateProfile: {
    method: 'POST',
    path: '/user/updateprofile',
    body: UpdateProfile,
    answer: ProfileAnswer,
  },
  updatePassword: {
    method: 'POST',
    path: '/user/updatepassword',
    body: UpdatePassword,
    answer: Message,
  },
  forgotPassword: {
    method: 'POST',
    path: '/user/forgotpassword',
    body: ForgotPassword,
    answer: Message,
  },
  resetPassword: {
    method: 'POST',
    path: '/user/resetpassword',
    body: ResetPassword,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
