import { calendarDate } from '../../contract/api/fields';
import { z } from 'zod';
import { EXPENSE_CATEGORIES, LOAN_DIRECTIONS } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import { dashboardFigures } from '../services/dashboard';

const Figure = z.object({ count: z.number(), totalAmount: z.number() });
const LoanFigure = Figure.extend({ outstandingAmount: z.number(), overdueCount: z.number() });
const Dashboard = z.object({
  success: z.boolean(),
  data: z.object({
    expenses: Figure,
    lend: LoanFigure,
    borrowed: LoanFigure,
    totalTurnoverLength: z.number(),
    totalTurnoverAmount: z.number(),
    lentRepaidPercent: z.number().nullable(),
    recent: z.array(
      z.object({
        kind: z.enum(['expense', ...LOAN_DIRECTIONS]),
        _id: z.string(),
        label: z.string(),
        amount: z.number(),
        date: z.string(),
      }),
    ),
    expensesByMonth: z.array(
      z.object({
        month: z.string(),
        category: z.enum(EXPENSE_CATEGORIES),
        amount: z.number(),
      }),
    ),
  }),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/getalldata',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        operationId: 'dashboard',
        summary:
          "The caller's dashboard figures; `today` is the user's local date (for overdue and the 12 months)",
        querystring: z.object({ today: calendarDate.optional() }),
        response: { 200: Dashboard, ...errors },
      },
    },
    async (request) => ({
      success: true,
      data: await dashboardFigures(app.db, callerOf(request), request.query.today),
    }),
  );
};
