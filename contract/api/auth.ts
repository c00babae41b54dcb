import { z } from 'zod';
import { LOGIN_ROLES, ROLES } from '../enums';
import { PASSWORD_MAX } from '../rules';
import type { Endpoint } from './endpoint';
import { Message, email, password, text, version } from './fields';

/** The signed-in user, as login and the profile calls tell it. */
export const User = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  position: z.number().nullable(),
  createdAt: z.string(),
  version: z.number(),
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
  cpassword: z.string({ error: 'is required' }),
});

export const Login = z.object({
  email,
  password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(PASSWORD_MAX, 'is too long'),
  userType: z.enum(LOGIN_ROLES, { error: 'Please select user type.' }),
  remember: z.boolean().optional().default(false),
});
export const LoginAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ token: z.string(), user: User }),
});

/** Changes only the fields sent, of the version the profile was read at. */
export const UpdateProfile = z
  .object({ name: text(100), email })
  .partial()
  .extend({ version });
export const UpdatePassword = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  newPassword: password,
  confirmPassword: z.string({ error: 'is required' }),
});

export const ForgotPassword = z.object({ email });
/** A new password with the token of an e-mailed reset link. */
export const ResetPassword = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200),
  password,
  cpassword: z.string({ error: 'is required' }),
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
  logout: { method: 'POST', path: '/logout', answer: Message },
  getProfile: { method: 'GET', path: '/user/profile', answer: UserAnswer },
  /** A JSON download of everything that is the caller's own. */
  exportMyData: { method: 'GET', path: '/user/exportmydata' },
  updateProfile: {
    method: 'POST',
    path: '/user/updateprofile',
    body: UpdateProfile,
    answer: UserAnswer,
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
