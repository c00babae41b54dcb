import type { z } from 'zod';
import type { ENDPOINTS, OperationId } from '../../contract/api/endpoints';

/*
 * A call's types by its operation id, read from the contract's table of endpoints (types
 * only: zod stays out of the bundle). An endpoint names the call it makes, and what it sends
 * and answers follow from the schemas the server validates against.
 */

type Entry<K extends OperationId> = (typeof ENDPOINTS)[K];

/** A call's JSON answer on success, as parsed. */
export type AnswerOf<K extends OperationId> =
  Entry<K> extends { answer: infer S extends z.ZodType } ? z.output<S> : never;

/** What a call sends as its JSON body, as a form gives it (before the server parses it). */
export type BodyOf<K extends OperationId> =
  Entry<K> extends { body: infer S extends z.ZodType } ? z.input<S> : never;

/** A call's query, as a screen gives it (before the server parses it). */
export type QueryOf<K extends OperationId> =
  Entry<K> extends { query: infer S extends z.ZodType } ? z.input<S> : never;
