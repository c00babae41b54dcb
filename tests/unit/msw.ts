import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const categoryIds = new Map<string, string>();

/** A category as the server lists it (the same id for the same name), by default unused. */
export function category(name: string, figures: { expenses?: number; totalAmount?: number } = {}) {
  if (!categoryIds.has(name))
    categoryIds.set(
      name,
      `00000000-0000-4000-8000-${String(categoryIds.size + 1).padStart(12, '0')}`,
    );
  return {
    _id: categoryIds.get(name)!,
    name,
    expenses: figures.expenses ?? 0,
    totalAmount: figures.totalAmount ?? 0,
    recurring: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/**
 * The fake API of the unit tests; each test adds the handlers it needs with `server.use`.
 * Every signed-in screen has the header's bell: by default nothing is unread. The expense
 * forms offer the user's categories: by default the three every account starts with, and
 * the dashboard and the Categories screen their budgets: by default none; Profile the UPI ID
 * of khata reminders: by default none.
 */
export const server = setupServer(
  http.get('/api/notifications/unread', () => HttpResponse.json({ success: true, unread: 0 })),
  http.get('/api/category/getcategories', () =>
    HttpResponse.json({
      success: true,
      data: ['movie', 'other', 'shopping'].map((name) => category(name)),
    }),
  ),
  http.get('/api/budget/getbudgets', () =>
    HttpResponse.json({ success: true, month: '2026-11', monthElapsedPercent: 50, data: [] }),
  ),
  // The project form suggests the company's earlier statuses: by default it has none.
  http.get('/api/company/projectsuggestions', () => HttpResponse.json({ success: true, data: [] })),
  // Profile shows the UPI ID khata reminders ask to be paid to: by default none.
  http.get('/api/user/upi', () =>
    HttpResponse.json({ success: true, data: { upiId: null, name: 'Asha' } }),
  ),
);
