import { notificationEndpoints } from '../../contract/api/notifications';
import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import { callerOf } from '../plugins/auth';
import * as notifications from '../services/notifications';

const KINDS =
  'a payment recorded on the company’s accounts by someone else (for the company and its admin), a PM’s status update of a project (for its company), a lend of the caller’s own that became overdue (checked hourly)';

export const notificationRoutes = signedInRoutes(notificationEndpoints)((app, { page }) => ({
  listNotifications: {
    tags: ['live'],
    summary: 'The caller’s notifications, newest first, with how many are unread',
    description: `What they tell of: ${KINDS}. New ones come on the live stream as the \`notifications\` tag.`,
    answers: 'One page of the notifications',
    refusals: errors(400, 401),
    handler: page(notifications.listNotifications),
  },

  countUnreadNotifications: {
    tags: ['live'],
    summary: 'How many of the caller’s notifications are unread (the bell’s badge)',
    answers: 'The number unread',
    refusals: errors(400, 401),
    handler: async (request) => ({
      success: true,
      unread: await notifications.unreadCount(app.db, callerOf(request)),
    }),
  },

  markNotificationsRead: {
    tags: ['live'],
    summary: 'Marks the caller’s notifications read: those named, or all',
    description:
      'Ids of notifications that are not the caller’s change nothing. Answers how many are still unread.',
    answers: 'Marked read',
    refusals: errors(...BODY, 401),
    handler: async (request) => ({
      success: true,
      message: 'Marked as read',
      unread: await notifications.markRead(app.db, callerOf(request), request.body.ids),
    }),
  },
}));
