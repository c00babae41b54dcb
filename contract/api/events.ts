import { z } from 'zod';
import type { Endpoint } from './endpoint';

/**
 * What a change event names: the SPA's cache tags that the change touches, so that every
 * query providing one of them refetches, as after the user's own edit.
 */
export const LIVE_TAGS = [
  'expense',
  'recurring',
  'recurringPayment',
  'category',
  'budget',
  'lend',
  'borrowed',
  'project',
  'bank',
  'reconciliation',
  'invoice',
  'users',
  'dashboard',
  'audit',
  'notifications',
] as const;
export type LiveTag = (typeof LIVE_TAGS)[number];

/** The data of an `event: change`: the tags, and up to 20 ids of the records changed. */
export interface ChangeEventData {
  tags: LiveTag[];
  ids: string[];
}

/** An event's id: the server's epoch (its start), a dash, and its count of events. */
export const EVENT_ID_PATTERN = '^[0-9a-z]{1,24}-[0-9]{1,15}$';

export const EventsQuery = z.object({
  /**
   * The id of the last event received, to resume after a reconnect (the standard
   * Last-Event-ID header works too); events since then are sent first when the server
   * still has them, else `event: reset`.
   */
  lastEventId: z
    .string()
    .regex(new RegExp(EVENT_ID_PATTERN), 'must be the id of an event')
    .optional()
    .meta({ description: 'The id of the last event received (or the Last-Event-ID header)' }),
});

export const EventStream = z.string().meta({
  description: [
    'Server-Sent Events, UTF-8. `event: ready` once the stream is live; `event: change` with',
    '`data: {"tags":[...],"ids":[...]}` after each committed change the caller may read',
    '(tags among expense, recurring, recurringPayment, lend, borrowed, project, bank, users, dashboard, audit, notifications;',
    'at most 20 record ids, never the data); `event: reset` when changes may have been missed (refetch',
    'everything once); a comment line every 25 seconds. Every event has an `id:` to resume from.',
  ].join(' '),
});

const eventId = z.string().regex(new RegExp(EVENT_ID_PATTERN));

/**
 * One event of the stream as a reader parses it (its `data` read as JSON), the stream's item
 * schema in the document: `change` names tags and ids; `ready` and `reset` carry `{}`.
 */
export const LiveEvent = z
  .discriminatedUnion('event', [
    z.object({
      event: z.literal('change'),
      id: eventId,
      data: z
        .object({ tags: z.array(z.enum(LIVE_TAGS)), ids: z.array(z.string()).max(20) })
        .strict(),
    }),
    z.object({ event: z.enum(['ready', 'reset']), id: eventId, data: z.object({}).strict() }),
  ])
  .meta({ description: 'One event: its name, its id to resume from, and its data read as JSON' });

export const eventEndpoints = {
  /** The caller's live changes: a stream that stays open while the session lasts. */
  streamEvents: {
    method: 'GET',
    path: '/events',
    query: EventsQuery,
    stream: { type: 'text/event-stream', schema: EventStream, item: LiveEvent },
  },
} as const satisfies Record<string, Endpoint>;
