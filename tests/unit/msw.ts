import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The fake API of the unit tests; each test adds the handlers it needs with `server.use`.
 * Every signed-in screen has the header's bell: by default nothing is unread.
 */
export const server = setupServer(
  http.get('/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })),
);
