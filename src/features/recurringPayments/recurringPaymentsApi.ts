import type { z } from 'zod';
import type { RecurringPayment as RecurringPaymentSchema } from '../../../contract/api/recurringPayments';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { reloadOf, request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/injectEndpoints';
import { sendId, toggleMutations } from '../../api/recordMutations';
import type { TemplateCalls } from '../../ui/schedules/useTemplateForm';
import { invalidates, listTags, type Tag } from '../../api/tags';

export type { RecurringPaymentSort } from '../../../contract/api/recurringPayments';
export type RecurringPayment = z.output<typeof RecurringPaymentSchema>;
/** What the form sends: the amount in rupees. */
export type RecurringPaymentInput = BodyOf<'addRecurringPayment'>;
export type RecurringPaymentPage = AnswerOf<'listRecurringPayments'>;
type Answer = AnswerOf<'addRecurringPayment'>;
type Toggle = BodyOf<'pauseRecurringPayment'>;

const LIST: Tag = { type: 'recurringPayment', id: 'LIST' };

/**
 * A change of a template may post its payments due at once: the accounts, their statements
 * and every total refresh with the template's list (only when it did).
 */
const posted = (answer: Answer | undefined): Tag[] =>
  answer && answer.posted + answer.skipped > 0 ? ['bank', 'dashboard', 'notifications'] : [];
const changed = (id: string, answer: Answer | undefined): Tag[] => [
  { type: 'recurringPayment', id },
  LIST,
  ...posted(answer),
];

const toggles = toggleMutations<Answer>(
  { pause: 'pauseRecurringPayment', resume: 'resumeRecurringPayment' },
  changed,
);

export const recurringPaymentsApi = injectEndpoints((build) => ({
  getRecurringPayments: build.query<RecurringPaymentPage, QueryOf<'listRecurringPayments'>>({
    query: (params) => request('listRecurringPayments', { query: params }),
    providesTags: listTags('recurringPayment'),
  }),
  /** One template as it is now, for an edit form's Reload: always fetched, never cached. */
  getOneRecurringPayment: build.query<RecurringPayment | null, string>(
    reloadOf<RecurringPayment>('listRecurringPayments'),
  ),
  addRecurringPayment: build.mutation<Answer, RecurringPaymentInput>({
    query: (body) => request('addRecurringPayment', { body }),
    invalidatesTags: invalidates((answer) => [LIST, ...posted(answer)]),
  }),
  updateRecurringPayment: build.mutation<Answer, BodyOf<'updateRecurringPayment'>>({
    query: (body) => request('updateRecurringPayment', { body }),
    invalidatesTags: invalidates((answer, arg) => changed(arg._id, answer)),
  }),
  deleteRecurringPayment: build.mutation<AnswerOf<'deleteRecurringPayment'>, string>(
    sendId('deleteRecurringPayment', (id) => [{ type: 'recurringPayment', id }, LIST]),
  ),
  pauseRecurringPayment: build.mutation<Answer, Toggle>(toggles.pause),
  resumeRecurringPayment: build.mutation<Answer, Toggle>(toggles.resume),
}));

export const { useGetRecurringPaymentsQuery } = recurringPaymentsApi;

/** A template's row actions, as its list screen takes them (useTemplateList). */
export const recurringPaymentRowActions = {
  useDelete: recurringPaymentsApi.useDeleteRecurringPaymentMutation,
  usePause: recurringPaymentsApi.usePauseRecurringPaymentMutation,
  useResume: recurringPaymentsApi.useResumeRecurringPaymentMutation,
};

/** A template's calls, as its create/edit form takes them (useTemplateForm). */
export const recurringPaymentFormCalls = {
  kind: 'recurringPayment',
  useOne: recurringPaymentsApi.useLazyGetOneRecurringPaymentQuery,
  useAdd: recurringPaymentsApi.useAddRecurringPaymentMutation,
  useUpdate: recurringPaymentsApi.useUpdateRecurringPaymentMutation,
} satisfies TemplateCalls<RecurringPayment, RecurringPaymentInput>;
