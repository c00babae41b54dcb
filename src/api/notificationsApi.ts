import type { z } from 'zod';
import type {
  MarkRead,
  MarkReadAnswer,
  Notification as NotificationSchema,
  NotificationList,
  UnreadCount,
} from '../../contract/api/notifications';
import { request } from './endpoint';
import { injectEndpoints } from './apiSlice';
import { invalidates } from './tags';

/** One notification of the signed-in user (contract/api/notifications.ts). */
export type Notification = z.output<typeof NotificationSchema>;

/** How many the bell's panel shows: the latest. */
export const BELL_PAGE_SIZE = 10;

/**
 * The bell's calls. New notifications come as the 'notifications' tag on the live stream,
 * so both queries refetch when one arrives, and when another tab or device reads them.
 */
export const notificationsApi = injectEndpoints((build) => ({
  getUnreadNotifications: build.query<number, void>({
    query: () => request('countUnreadNotifications'),
    transformResponse: (answer: z.output<typeof UnreadCount>) => answer.unread,
    providesTags: ['notifications'],
  }),
  getNotifications: build.query<z.output<typeof NotificationList>, void>({
    query: () => request('listNotifications', { query: { page: 1, pageSize: BELL_PAGE_SIZE } }),
    providesTags: ['notifications'],
  }),
  markNotificationsRead: build.mutation<z.output<typeof MarkReadAnswer>, z.input<typeof MarkRead>>({
    query: (body) => request('markNotificationsRead', { body }),
    invalidatesTags: invalidates(() => ['notifications']),
  }),
}));

export const {
  useGetUnreadNotificationsQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} = notificationsApi;
