import type {
  TypedUseLazyQuery,
  TypedUseMutation,
  TypedUseQuery,
} from '@reduxjs/toolkit/query/react';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { reloadOf, request, type PlainRoute } from '../../api/endpoint';
import { injectEndpoints, type baseQuery, type TagType } from '../../api/apiSlice';
import { sendId, toggleMutations } from '../../api/recordMutations';
import { invalidates, listTags, type Tag } from '../../api/tags';

/**
 * The kinds of recurring template, by the noun of their calls (`addRecurringPayment`), with
 * their list's call. The server runs both by one schedule engine, and their calls differ
 * only by that noun.
 */
const LISTS = {
  Recurring: 'listRecurring',
  RecurringPayment: 'listRecurringPayments',
} as const satisfies Record<string, PlainRoute>;
type Noun = keyof typeof LISTS;

type List<N extends Noun> = (typeof LISTS)[N];
type Answer<N extends Noun> = AnswerOf<`add${N}`>;
type Toggle<N extends Noun> = BodyOf<`pause${N}`>;
type Row<N extends Noun> = AnswerOf<List<N>> extends { data: (infer R)[] } ? R : never;
type Base = typeof baseQuery;

/** A kind of template's hooks: its list, its rows' actions and its form's calls. */
export interface TemplateApi<N extends Noun> {
  useList: TypedUseQuery<AnswerOf<List<N>>, QueryOf<List<N>>, Base>;
  /** As its list screen takes them (useTemplateList). */
  rowActions: {
    useDelete: TypedUseMutation<AnswerOf<`delete${N}`>, string, Base>;
    usePause: TypedUseMutation<Answer<N>, Toggle<N>, Base>;
    useResume: TypedUseMutation<Answer<N>, Toggle<N>, Base>;
  };
  /** As its create/edit form takes them (useTemplateForm). */
  formCalls: {
    kind: TagType;
    useOne: TypedUseLazyQuery<Row<N> | null, string, Base>;
    useAdd: TypedUseMutation<Answer<N>, BodyOf<`add${N}`>, Base>;
    useUpdate: TypedUseMutation<Answer<N>, BodyOf<`update${N}`>, Base>;
  };
}

/**
 * A kind of template's endpoints: its list (cached under `kind`), one template as it is now
 * for an edit form's Reload (always fetched, never cached), add, update, delete, pause and
 * resume. A change may make the template's entries due at once: `made` names what then
 * refreshes besides the template and its list, by the server's answer.
 */
export function templateApi<N extends Noun>(
  noun: N,
  kind: TagType,
  made: (answer: Answer<N> | undefined) => Tag[],
): TemplateApi<N> {
  const list: PlainRoute = LISTS[noun];
  const call = (verb: 'add' | 'update' | 'delete' | 'pause' | 'resume') =>
    `${verb}${noun}` as PlainRoute;
  const LIST: Tag = { type: kind, id: 'LIST' };
  const changed = (id: string, answer: Answer<N> | undefined): Tag[] => [
    { type: kind, id },
    LIST,
    ...made(answer),
  ];
  const toggles = toggleMutations({ pause: call('pause'), resume: call('resume') }, changed);
  const names = {
    list,
    one: `getOne${noun}`,
    add: call('add'),
    update: call('update'),
    remove: call('delete'),
    pause: call('pause'),
    resume: call('resume'),
  };
  const api = injectEndpoints((build) => ({
    [names.list]: build.query<{ data: { _id: string }[] }, object>({
      query: (query) => request(list, { query }),
      providesTags: listTags(kind),
    }),
    [names.one]: build.query<unknown, string>(reloadOf(list)),
    [names.add]: build.mutation<Answer<N>, object>({
      query: (body) => request(names.add, { body }),
      invalidatesTags: invalidates((answer) => [LIST, ...made(answer)]),
    }),
    [names.update]: build.mutation<Answer<N>, { _id: string }>({
      query: (body) => request(names.update, { body }),
      invalidatesTags: invalidates((answer, arg) => changed(arg._id, answer)),
    }),
    [names.remove]: build.mutation<unknown, string>(
      sendId(names.remove, (id) => [{ type: kind, id }, LIST]),
    ),
    [names.pause]: build.mutation<Answer<N>, { id: string; version: number }>(toggles.pause),
    [names.resume]: build.mutation<Answer<N>, { id: string; version: number }>(toggles.resume),
  }));
  // The endpoints are named by the kind's noun, so their hooks are typed here, by the calls.
  const hooks = (name: string) =>
    api.endpoints[name] as unknown as { useQuery: never; useLazyQuery: never; useMutation: never };
  return {
    useList: hooks(names.list).useQuery,
    rowActions: {
      useDelete: hooks(names.remove).useMutation,
      usePause: hooks(names.pause).useMutation,
      useResume: hooks(names.resume).useMutation,
    },
    formCalls: {
      kind,
      useOne: hooks(names.one).useLazyQuery,
      useAdd: hooks(names.add).useMutation,
      useUpdate: hooks(names.update).useMutation,
    },
  };
}
