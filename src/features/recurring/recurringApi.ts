import type { z } from 'zod';
import type { RecurringExpense as RecurringSchema } from '../../../contract/api/recurring';
import type { BodyOf } from '../../api/contractTypes';
import type { Tag } from '../../api/tags';
import { templateApi } from '../../ui/schedules/templateApi';

export type { RecurringSort } from '../../../contract/api/recurring';
export type Recurring = z.output<typeof RecurringSchema>;
/** What the form sends: the amount in rupees. */
export type RecurringInput = BodyOf<'addRecurring'>;

/**
 * A change of a template may record its expenses due at once: the expense list and every
 * total refresh with the template's list.
 */
const recorded: Tag[] = [{ type: 'expense', id: 'LIST' }, 'dashboard'];

/** The signed-in user's recurring expenses: the list, its rows' actions, the form's calls. */
export const recurringExpenses = templateApi('Recurring', 'recurring', () => recorded);
