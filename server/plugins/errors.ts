import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { answerWrongMethod } from './routeMethods';
import {
  categoryViolation,
  isDatabaseUnavailable,
  pgErrorCode,
  uniqueViolationMessage,
} from '../lib/pgErrors';

/** A deadlock detected (40P01) or a serialization failure (40001). */
const CONFLICTING_WRITES = new Set(['40P01', '40001']);

/** "amount must be greater than 0" from a Zod issue at /amount. */
function describeValidation(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
) {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is invalid';
  if (!field) {
    return context === 'body'
      ? 'Request body must be a JSON object'
      : `Invalid ${context ?? 'request'}`;
  }
  return /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
}

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

/** One error handler: every answer is `{ success: false, message }`, never internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // No route took the call, and reading its body failed (QUERY without one): the answer is
    // still the not-found handler's, 405 for a known path with another method, else 404.
    if (request.is404) {
      if (answerWrongMethod(request, reply)) return reply;
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        success: false,
        message: describeValidation(error.validation, error.validationContext),
      });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message });
    }
    const duplicate = uniqueViolationMessage(error);
    if (duplicate) return reply.status(409).send({ success: false, message: duplicate });
    const category = categoryViolation(error);
    if (category)
      return reply.status(category.status).send({ success: false, message: category.message });
    // Two transactions that each waited for the other (one was rolled back), or a snapshot
    // that could not be kept: nothing was saved, and the same call again goes through.
    if (CONFLICTING_WRITES.has(pgErrorCode(error) ?? '')) {
      request.log.warn({ err: error }, 'a write met another at the same moment');
      return reply.status(503).header('retry-after', '1').send({
        success: false,
        message: 'Another change was being saved at the same moment. Please try again.',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.server.dbHealth.markDown();
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ success: false, message: 'Service unavailable, please try again' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? request.routeOptions.config.mediaTypeMessage
          : undefined) ??
        FASTIFY_MESSAGES[error.code] ??
        (status === 404 ? 'Not found' : 'Invalid request');
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Something went wrong' });
  });
}
