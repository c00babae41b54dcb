import type { TagType } from './apiSlice';
import { request, type IdRoute, type PlainRoute } from './endpoint';
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
  const byId = (call: PlainRoute) => sendId(call, (id) => changedTags(type, id));
  return {
    add: sendBody(calls.add, createdTags(type)),
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

/** A mutation that sends its argument as the body and, once it succeeded, refreshes `tags`. */
export const sendBody = (call: PlainRoute, tags: Tag[]) => ({
  query: (body: object) => request(call, { body }),
  invalidatesTags: invalidates(() => tags),
});

/** A mutation whose argument is a record's id, sent as the body's `id` (a delete). */
export const sendId = (call: PlainRoute, changed: (id: string) => Tag[]) => ({
  query: (id: string) => request(call, { body: { id } }),
  invalidatesTags: invalidates((_r, id: string) => changed(id)),
});

/**
 * A mutation on the record its path names (`/vendors/:id`): the argument's `id` goes in the
 * path, the rest is the body; once it succeeded it refreshes what `changed` names for the id.
 */
export const onRecord = (call: IdRoute, changed: (id: string) => Tag[]) => ({
  query: ({ id, ...body }: { id: string }) => request(call, { params: { id }, body }),
  invalidatesTags: invalidates((_r, arg: { id: string }) => changed(arg.id)),
});

/** A mutation on the record its path names whose argument is the id alone (a delete). */
export const onRecordId = (call: IdRoute, changed: (id: string) => Tag[]) => ({
  query: (id: string) => request(call, { params: { id } }),
  invalidatesTags: invalidates((_r, id: string) => changed(id)),
});
