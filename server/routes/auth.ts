import { Readable } from 'node:stream';
import { authEndpoints } from '../../contract/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';
import { addressOf, limitExports } from '../plugins/rateLimit';
import { badRequest } from '../lib/errors';
import { errors } from '../lib/schemas';
import * as auth from '../services/auth';
import { exportMyData } from '../services/myData';
import { revokeSession } from '../services/sessions';

const {
  registerAdmin,
  login,
  logout,
  getProfile,
  exportMyData: exportMine,
  updateProfile,
  updatePassword,
} = authEndpoints;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    registerAdmin.path,
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
        body: registerAdmin.body,
        response: { [registerAdmin.status]: registerAdmin.answer, ...errors },
      },
    },
    async (request, reply) => {
      const { cpassword, ...input } = request.body;
      if (cpassword !== input.password) throw badRequest('Passwords do not match');
      await auth.registerAdmin(app.db, input);
      return reply
        .status(registerAdmin.status)
        .send({ success: true, message: 'Registration successful. Please log in.' });
    },
  );

  app.post(
    login.path,
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in as admin, company or PM',
        security: [],
        body: login.body,
        response: { 200: login.answer, ...errors },
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
      logout.path,
      {
        schema: {
          tags: ['auth'],
          operationId: 'logout',
          response: { 200: logout.answer, ...errors },
        },
      },
      async (request) => {
        await revokeSession(app.db, callerOf(request).sessionId);
        return { success: true, message: 'Logout successful' };
      },
    );

    scope.get(
      getProfile.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'getProfile',
          response: { 200: getProfile.answer, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await auth.getProfile(app.db, callerOf(request)),
      }),
    );

    scope.get(
      exportMine.path,
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
      updateProfile.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'updateProfile',
          body: updateProfile.body,
          response: { 200: updateProfile.answer, ...errors },
        },
      },
      async (request) => ({
        success: true,
        message: 'Profile updated successfully',
        data: await auth.updateProfile(app.db, callerOf(request), request.body),
      }),
    );

    scope.post(
      updatePassword.path,
      {
        schema: {
          tags: ['profile'],
          operationId: 'updatePassword',
          body: updatePassword.body,
          response: { 200: updatePassword.answer, ...errors },
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
