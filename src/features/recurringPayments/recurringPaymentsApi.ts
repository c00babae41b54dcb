import type { z } from 'zod';
import type { RecurringPayment as RecurringPaymentSchema } from '../../../contract/api/recurringPayments';
import type { BodyOf } from '../../api/contractTypes';
import { templateApi } from '../../ui/schedules/templateApi';

export type { RecurringPaymentSort } from '../../../contract/api/recurringPayments';
export type RecurringPayment = z.output<typeof RecurringPaymentSchema>;
/** What the form sends: the amount in rupees. */
export type RecurringPaymentInput = BodyOf<'addRecurringPayment'>;

/**
 * The company's recurring payments: the list, its rows' actions, the form's calls. A change
 * of a template may post its payments due at once: the accounts, their statements and every
 * total then refresh with the template's list.
 */
export const recurringPayments = templateApi('RecurringPayment', 'recurringPayment', (answer) =>
  answer && answer.posted + answer.skipped > 0 ? ['bank', 'dashboard', 'notifications'] : [],
);
