import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { codeForStatus, type ErrorCode } from '../../contract/api/errorCodes';
import type { ErrorResponse } from '../../contract/api/fields';
import { HttpError } from '../lib/errors';
import { answerWrongMethod } from './routeMethods';
import {
  categoryViolation,
  isDatabaseUnavailable,
  pgErrorCode,
  reconciledViolation,
  uniqueViolation,
} from '../lib/pgErrors';

/** A deadlock detected (40P01) or a serialization failure (40001). */
const CONFLICTING_WRITES = new Set(['40P01', '40001']);

/**
 * A Zod refusal: "amount must be greater than 0" from an issue at /amount, with that field
 * (`items.0.date` deeper down); a body that is not an object at all names none.
 */
function describeValidation(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): ErrorBody {
  const first = issues[0];
  if (!first) return refusal('Invalid request', 'validation');
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is invalid';
  if (!field) {
    return context === 'body'
      ? refusal('Request body must be a JSON object', 'malformed_request')
      : refusal(`Invalid ${context ?? 'request'}`, 'validation');
  }
  return refusal(
    /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`,
    'validation',
    field,
  );
}

/** The error envelope, as the contract's ErrorResponse has it. */
type ErrorBody = z.infer<typeof ErrorResponse>;

const refusal = (message: string, code: ErrorCode, field?: string): ErrorBody =>
  field === undefined
    ? { success: false, message, code }
    : { success: false, message, code, field };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body of the wrong media type is told, where the route takes other than JSON. */
    mediaTypeMessage?: string;
  }
}

/** Known client mistakes that Fastify itself reports, in words a person understands. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length is wrong',
};

/**
 * One error handler: every answer is the error envelope (`{ success: false, message, code,
 * field? }`), never internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // No route took the call, and reading its body failed (QUERY without one): the answer is
    // still the not-found handler's, 405 for a known path with another method, else 404.
    if (request.is404) {
      if (answerWrongMethod(request, reply)) return reply;
      return reply.status(404).send(refusal('Not found', 'not_found'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error.validation, error.validationContext));
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(refusal(error.message, error.code, error.field));
    }
    const duplicate = uniqueViolation(error);
    if (duplicate)
      return reply.status(409).send(refusal(duplicate.message, duplicate.code, duplicate.field));
    const reconciled = reconciledViolation(error);
    if (reconciled) return reply.status(409).send(refusal(reconciled.message, reconciled.code));
    const category = categoryViolation(error);
    if (category)
      return reply
        .status(category.status)
        .send(refusal(category.message, category.code, category.field));
    // Two transactions that each waited for the other (one was rolled back), or a snapshot
    // that could not be kept: nothing was saved, and the same call again goes through.
    if (CONFLICTING_WRITES.has(pgErrorCode(error) ?? '')) {
      request.log.warn({ err: error }, 'a write met another at the same moment');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(
          refusal(
            'Another change was being saved at the same moment. Please try again.',
            'unavailable',
          ),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.server.dbHealth.markDown();
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(refusal('Service unavailable, please try again', 'unavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? request.routeOptions.config.mediaTypeMessage
          : undefined) ??
        FASTIFY_MESSAGES[error.code] ??
        (status === 404 ? 'Not found' : 'Invalid request');
      // Fastify's own 400s are about the call's form (its JSON, its length), not a value.
      const code = status === 400 ? 'malformed_request' : codeForStatus(status);
      return reply.status(status).send(refusal(message, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(refusal('Something went wrong', 'internal'));
  });

  // Refusals some handlers send themselves, without going through the error handler (an
  // unknown address, a wrong method, a refusal written by a route): given their status's
  // code, so that every error answer has one.
  // A callback, not an async hook: it runs for every JSON answer, and most pass straight on.
  app.addHook('preSerialization', (_request, reply, payload: unknown, done) => {
    if (reply.statusCode < 400 || !isUncodedRefusal(payload)) return done(null, payload);
    done(null, { ...payload, code: codeForStatus(reply.statusCode) });
  });
}

function isUncodedRefusal(payload: unknown): payload is { success: false } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { success?: unknown }).success === false &&
    !('code' in payload)
  );
}
