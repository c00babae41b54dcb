import { z } from 'zod';
import { categoryName, rupeesInput, text } from './fields';
import {
  TemplateDelete,
  TemplateToggle,
  scheduleShown,
  stateShown,
  templateAnswer,
  templateEndpoints,
  templateFields,
  templateList,
  templateListQuery,
  templateUpdate,
} from './schedules';

/**
 * Recurring expenses: a template (rent, a salary, an EMI) with a schedule, from which the
 * server records the expense on each of its days, once, whichever app server gets there.
 */

/** The columns a list of recurring expenses may be sorted by. */
export const RECURRING_SORTS = ['nextDate', 'description', 'amount', 'createdAt'] as const;
export type RecurringSort = (typeof RECURRING_SORTS)[number];

export const RecurringExpense = z.object({
  _id: z.string(),
  description: z.string(),
  amount: z.number(),
  category: z.string(),
  ...scheduleShown,
  ...stateShown,
});

const fields = {
  description: text(500),
  amount: rupeesInput,
  category: categoryName,
};

/** What a form sends: the amount in rupees, handed on as paise. */
export const RecurringFields = templateFields(fields, 'recorded');

/** Changes only the fields sent (`endDate: null` removes the end). */
export const RecurringUpdate = templateUpdate(fields, 'recorded');

export const RecurringDelete = TemplateDelete;
/** Pause or resume: the template as read at `version`. */
export const RecurringToggle = TemplateToggle;

export const RecurringAnswer = templateAnswer(RecurringExpense, {
  /** How many expenses the call recorded at once (days already due). */
  created: z.number(),
});

export const RecurringListQuery = templateListQuery(RECURRING_SORTS);

export const RecurringList = templateList(RecurringExpense);

export const recurringEndpoints = templateEndpoints(
  '/expense',
  { one: 'Recurring', many: 'Recurring' },
  {
    query: RecurringListQuery,
    list: RecurringList,
    fields: RecurringFields,
    update: RecurringUpdate,
    answer: RecurringAnswer,
  },
);
