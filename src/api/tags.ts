import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from './apiSlice';
import { mayHaveBeenSaved } from './errors';

export type Tag = TagDescription<TagType>;

/** A list provides its LIST tag plus one tag per row. */
export function listTags(type: TagType) {
  return (result: { data: ReadonlyArray<{ _id: string }> } | undefined): Tag[] => [
    { type, id: 'LIST' },
    ...(result?.data ?? []).map((row) => ({ type, id: row._id })),
  ];
}

/** After a create: the list and every total. */
export function createdTags(type: TagType): Tag[] {
  return [{ type, id: 'LIST' }, 'dashboard'];
}

/** After an update or delete: the row, the list and every total. */
export function changedTags(type: TagType, id: string): Tag[] {
  return [{ type, id }, { type, id: 'LIST' }, 'dashboard'];
}

type TagsOf = (result: unknown, error: unknown, arg: unknown) => Tag[];

/** Each mutation's `invalidatesTags`, by endpoint name: what the cross-tab listener sends. */
const mutationTags = new Map<string, TagsOf>();

/**
 * Wraps a mutation's `invalidatesTags`: a successful mutation invalidates `tags(result, arg)`;
 * a refused one changed nothing and invalidates nothing; one that got no answer in time may
 * still have been saved, so what it would have changed is fetched again (`result` undefined).
 */
export function invalidates<R, A>(tags: (result: R | undefined, arg: A) => Tag[]) {
  return (result: R | undefined, error: unknown, arg: A): Tag[] =>
    error && !mayHaveBeenSaved(error) ? [] : tags(result, arg);
}

/**
 * Registers an API file's mutations so that the tags a successful one invalidated here can be
 * sent to the other open tabs (src/app/listeners.ts) – the tag callbacks themselves stay pure.
 */
export function withSyncedMutations<T extends Record<string, object>>(definitions: T): T {
  for (const [name, definition] of Object.entries(definitions)) {
    const { type, invalidatesTags } = definition as { type?: unknown; invalidatesTags?: unknown };
    if (type === 'mutation' && typeof invalidatesTags === 'function') {
      mutationTags.set(name, invalidatesTags as TagsOf);
    }
  }
  return definitions;
}

/** The tags a fulfilled mutation invalidated (none for one not registered). */
export function tagsInvalidatedBy(endpointName: string, result: unknown, arg: unknown): Tag[] {
  return mutationTags.get(endpointName)?.(result, undefined, arg) ?? [];
}
