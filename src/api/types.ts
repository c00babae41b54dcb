import type { z } from 'zod';
import type { Message, PageQuery, pageMeta } from '../../contract/api/fields';
import type { User as UserSchema } from '../../contract/api/auth';
import type { Role } from '../../contract/enums';

/** The enumerations are contract/enums.ts's. */
export type { Role };

/** The signed-in user, as the server tells it (contract/api/auth.ts). */
export type User = z.output<typeof UserSchema>;

type MessageAnswer = z.output<typeof Message>;
type PageQueryOutput = z.output<typeof PageQuery>;

/** An answer's envelope: `success`, perhaps a message, perhaps data. */
export type Envelope<T = undefined> = Pick<MessageAnswer, 'success'> &
  Partial<Pick<MessageAnswer, 'message'>> & { data?: T };

/** A page of a server-side list: its rows and what the page says of the whole. */
export type Page<T> = Pick<MessageAnswer, 'success'> & { data: T[] } & {
  [K in keyof typeof pageMeta]: z.output<(typeof pageMeta)[K]>;
};

export type SortOrder = PageQueryOutput['order'];

/** Query arguments every server-side list takes. */
export type ListParams<S extends string = string> = Required<
  Pick<PageQueryOutput, 'search' | 'page' | 'pageSize' | 'order'>
> & {
  sort: S;
  /** A keyset page (lists whose answers carry `cursors`): after or before a row's position. */
  after?: string;
  before?: string;
};
