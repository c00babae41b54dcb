import { Message, email, password, text } from '../../contract/api/fields';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { LOGIN_ROLES, ROLES } from '../../contract/enums';
import { PASSWORD_MAX } from '../../contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { addressOf, limitExports } from '../plugins/rateLimit';
import { badRequest } from '../lib/errors';
import { errors } from '../lib/schemas';
import * as auth from '../services/auth';
import { exportMyData } from '../services/myData';
import { revokeSession } from '../services/sessions';

export const User = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  position: z.number().nullable(),
  createdAt: z.string(),
});
const UserResponse = z.object({ success: z.boolean(), message: z.string().optional(), data: User });

const Register = z.object({
  name: text(100),
  email,
  password,
  cpassword: z.string({ error: 'is required' }),
});
const Login = z.object({
  email,
  password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(PASSWORD_MAX, 'is too long'),
  userType: z.enum(LOGIN_ROLES, { error: 'Please select user type.' }),
  remember: z.boolean().optional().default(false),
});
const LoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ token: z.string(), user: User }),
});
const UpdateProfile = z.object({ name: text(100), email });
const UpdatePassword = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  newPassword: password,
  confirmPassword: z.string({ error: 'is required' }),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/registeruser',
    {
      onRequest: app.limitBy({
        limit: app.limits.registerPerAddress,
        key: (request) => `register:address:${addressOf(request)}`,
        message: 'Too many registrations from your address. Please try again later.',
      }),
      schema: {
        tags: ['auth'],
        operationId: 'registerAdmin',
        summary: 'Register an admin account',
        security: [],
        body: Register,
        response: { 201: Message, ...errors },
      },
    },
    async (request, reply) => {
      const { cpassword, ...input } = request.body;
      if (cpassword !== input.password) throw badRequest('Passwords do not match');
      await auth.registerAdmin(app.db, input);
      return reply
        .status(201)
        .send({ success: true, message: 'Registration successful. Please log in.' });
    },
  );

  app.post(
    '/user/loginuser',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in as admin, company or PM',
        security: [],
        body: Login,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => {
      const data = await auth.login(app.db, app.limits, {
        ...request.body,
        address: addressOf(request),
      });
      return { success: true, message: 'Login successful', data };
    },
  );

  // Everything below needs a session.
  const sessionRoutes: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', scope.authenticate);

    scope.post(
      '/logout',
      { schema: { tags: ['auth'], operationId: 'logout', response: { 200: Message, ...errors } } },
      async (request) => {
        await revokeSession(app.db, callerOf(request).sessionId);
        return { success: true, message: 'Logout successful' };
      },
    );

    scope.get(
      '/user/profile',
      {
        schema: {
          tags: ['profile'],
          operationId: 'getProfile',
          response: { 200: UserResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await auth.getProfile(app.db, callerOf(request)),
      }),
    );

    scope.get(
      '/user/exportmydata',
      {
        preHandler: limitExports(app),
        schema: {
          tags: ['profile'],
          operationId: 'exportMyData',
          summary: "Everything that is the caller's own, as a JSON download",
        },
      },
      async (request, reply) => {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', 'attachment; filename="my-data.json"')
          .send(Readable.from(exportMyData(app.db, callerOf(request))));
      },
    );

    scope.post(
      '/user/updateprofile',
      {
        schema: {
          tags: ['profile'],
          operationId: 'updateProfile',
          body: UpdateProfile,
          response: { 200: UserResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        message: 'Profile updated successfully',
        data: await auth.updateProfile(app.db, callerOf(request), request.body),
      }),
    );

    scope.post(
      '/user/updatepassword',
      {
        schema: {
          tags: ['profile'],
          operationId: 'updatePassword',
          body: UpdatePassword,
          response: { 200: Message, ...errors },
        },
      },
      async (request) => {
        const { confirmPassword, ...input } = request.body;
        if (confirmPassword !== input.newPassword) throw badRequest('Passwords do not match');
        await auth.updatePassword(app.db, callerOf(request), input);
        return { success: true, message: 'Password updated successfully' };
      },
    );
  };
  await app.register(sessionRoutes);
};
