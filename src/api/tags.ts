import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from './apiSlice';
import { publishInvalidatedTags } from '../session/crossTab';

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

/**
 * Wraps a mutation's `invalidatesTags`: a successful mutation invalidates `tags(result, arg)`
 * here and the same tags are broadcast to the other open tabs, which refetch them too.
 * A failed mutation changed nothing and invalidates nothing.
 */
export function invalidates<R, A>(tags: (result: R | undefined, arg: A) => Tag[]) {
  return (result: R | undefined, error: unknown, arg: A): Tag[] => {
    if (error) return [];
    const list = tags(result, arg);
    publishInvalidatedTags(list);
    return list;
  };
}
