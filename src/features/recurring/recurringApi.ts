import type { z } from 'zod';
import type { RecurringExpense as RecurringSchema } from '../../../contract/api/recurring';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { reloadOf, request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/injectEndpoints';
import { sendBody, sendId, toggleMutations } from '../../api/recordMutations';
import type { TemplateCalls } from '../../ui/schedules/useTemplateForm';
import { invalidates, listTags, type Tag } from '../../api/tags';

export type { RecurringSort } from '../../../contract/api/recurring';
export type Recurring = z.output<typeof RecurringSchema>;
/** What the form sends: the amount in rupees. */
export type RecurringInput = BodyOf<'addRecurring'>;
export type RecurringPage = AnswerOf<'listRecurring'>;
type Answer = AnswerOf<'addRecurring'>;
type Toggle = BodyOf<'pauseRecurring'>;

/**
 * A change of a template may record its expenses due at once: the expense list and every
 * total refresh with the template's list.
 */
const recorded: Tag[] = [{ type: 'expense', id: 'LIST' }, 'dashboard'];
const LIST: Tag = { type: 'recurring', id: 'LIST' };
const changed = (id: string): Tag[] => [{ type: 'recurring', id }, LIST, ...recorded];

const toggles = toggleMutations<Answer>(
  { pause: 'pauseRecurring', resume: 'resumeRecurring' },
  changed,
);

export const recurringApi = injectEndpoints((build) => ({
  getRecurring: build.query<RecurringPage, QueryOf<'listRecurring'>>({
    query: (params) => request('listRecurring', { query: params }),
    providesTags: listTags('recurring'),
  }),
  /** One template as it is now, for an edit form's Reload: always fetched, never cached. */
  getOneRecurring: build.query<Recurring | null, string>(reloadOf<Recurring>('listRecurring')),
  addRecurring: build.mutation<Answer, RecurringInput>(
    sendBody('addRecurring', [LIST, ...recorded]),
  ),
  updateRecurring: build.mutation<Answer, BodyOf<'updateRecurring'>>({
    query: (body) => request('updateRecurring', { body }),
    invalidatesTags: invalidates((_r, arg) => changed(arg._id)),
  }),
  deleteRecurring: build.mutation<AnswerOf<'deleteRecurring'>, string>(
    sendId('deleteRecurring', (id) => [{ type: 'recurring', id }, LIST]),
  ),
  pauseRecurring: build.mutation<Answer, Toggle>(toggles.pause),
  resumeRecurring: build.mutation<Answer, Toggle>(toggles.resume),
}));

export const { useGetRecurringQuery } = recurringApi;

/** A template's row actions, as its list screen takes them (useTemplateList). */
export const recurringRowActions = {
  useDelete: recurringApi.useDeleteRecurringMutation,
  usePause: recurringApi.usePauseRecurringMutation,
  useResume: recurringApi.useResumeRecurringMutation,
};

/** A template's calls, as its create/edit form takes them (useTemplateForm). */
export const recurringFormCalls = {
  kind: 'recurring',
  useOne: recurringApi.useLazyGetOneRecurringQuery,
  useAdd: recurringApi.useAddRecurringMutation,
  useUpdate: recurringApi.useUpdateRecurringMutation,
} satisfies TemplateCalls<Recurring, RecurringInput>;
