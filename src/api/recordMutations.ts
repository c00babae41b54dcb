import type { TagType } from './apiSlice';
import { request, type PlainRoute } from './endpoint';
import { changedTags, createdTags, invalidates, type Tag } from './tags';

/**
 * The definitions of a record's add, edit, delete and undo-delete endpoints (an expense, a
 * project): each call's request and what it refreshes (an add: the list and every total; the
 * others: the row besides). Each goes to `build.mutation` with its own answer and input.
 */
export function recordMutations(
  type: TagType,
  calls: { add: PlainRoute; update: PlainRoute; remove: PlainRoute; restore: PlainRoute },
) {
  const byId = (call: PlainRoute) => ({
    query: (id: string) => request(call, { body: { id } }),
    invalidatesTags: invalidates((_r, id: string) => changedTags(type, id)),
  });
  return {
    add: {
      query: (body: object) => request(calls.add, { body }),
      invalidatesTags: invalidates(() => createdTags(type)),
    },
    update: {
      query: (body: { _id: string }) => request(calls.update, { body }),
      invalidatesTags: invalidates((_r, arg: { _id: string }) => changedTags(type, arg._id)),
    },
    remove: byId(calls.remove),
    /** Undoes a delete of moments ago: the record comes back as it was. */
    restore: byId(calls.restore),
  };
}

/**
 * The definitions of a recurring template's pause and resume endpoints: each sends the
 * template's id and version, and refreshes what `changed` names (by the server's answer).
 */
export function toggleMutations<A>(
  calls: { pause: PlainRoute; resume: PlainRoute },
  changed: (id: string, answer: A | undefined) => Tag[],
) {
  const toggle = (call: PlainRoute) => ({
    query: (body: { id: string; version: number }) => request(call, { body }),
    invalidatesTags: invalidates((answer: A | undefined, arg: { id: string }) =>
      changed(arg.id, answer),
    ),
  });
  return { pause: toggle(calls.pause), resume: toggle(calls.resume) };
}
