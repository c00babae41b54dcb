import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints } from '../../contract/api/notifications';
import { BODY, answer, errors } from '../lib/schemas';
import { callerOf } from '../plugins/auth';
import * as notifications from '../services/notifications';

const { listNotifications, countUnreadNotifications, markNotificationsRead } =
  notificationEndpoints;

const KINDS =
  'a payment recorded on the company’s accounts by someone else (for the company and its admin), a PM’s status update of a project (for its company), a lend of the caller’s own that became overdue (checked hourly)';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    listNotifications.path,
    {
      schema: {
        tags: ['live'],
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first, with how many are unread',
        description: `What they tell of: ${KINDS}. New ones come on the live stream as the \`notifications\` tag.`,
        querystring: listNotifications.query,
        response: {
          200: answer('One page of the notifications', listNotifications.answer),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await notifications.listNotifications(app.db, callerOf(request), request.query)),
    }),
  );

  app.get(
    countUnreadNotifications.path,
    {
      schema: {
        tags: ['live'],
        operationId: 'countUnreadNotifications',
        summary: 'How many of the caller’s notifications are unread (the bell’s badge)',
        response: {
          200: answer('The number unread', countUnreadNotifications.answer),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      unread: await notifications.unreadCount(app.db, callerOf(request)),
    }),
  );

  app.post(
    markNotificationsRead.path,
    {
      schema: {
        tags: ['live'],
        operationId: 'markNotificationsRead',
        summary: 'Marks the caller’s notifications read: those named, or all',
        description:
          'Ids of notifications that are not the caller’s change nothing. Answers how many are still unread.',
        body: markNotificationsRead.body,
        response: {
          200: answer('Marked read', markNotificationsRead.answer),
          ...errors(...BODY, 401),
        },
      },
    },
    async (request) => ({
      success: true,
      message: 'Marked as read',
      unread: await notifications.markRead(app.db, callerOf(request), request.body.ids),
    }),
  );
};
