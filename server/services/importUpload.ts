import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BODY_TYPES, IMPORT_MAX_BYTES } from '../../contract/imports';
import { ErrorResponse } from '../../contract/api/fields';
import { callerOf } from '../plugins/auth';
import { badRequest } from '../lib/errors';
import { Slots } from '../lib/slots';
import {
  fileTooLarge,
  receiveUpload,
  startReading,
  type ReceivedFile,
  type Upload,
} from './importFile';

/**
 * A file sent as the body of a call (an import, a bank statement to reconcile), received to
 * a temporary file and given its turn to be read.
 *
 * Files arriving at once (each user two), and files read at once (each user one, so that no
 * one takes every turn). A file takes its turn to be read only once it has arrived whole,
 * so a slow or stalled upload holds nothing anyone else waits for; the body guard ends one
 * that stalls. A file waits up to 15 s in line for a turn, then is refused (503).
 */
const arriving = new Slots(
  32,
  2,
  0,
  'You are sending two files already (or the server is busy receiving files): wait for them, then try again.',
);
const reading = new Slots(
  2,
  1,
  15_000,
  'The server is busy reading other files. Please try again in a moment.',
);

export const fileRefusals = {
  413: {
    description: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
    content: { 'application/json': { schema: ErrorResponse } },
  },
  415: {
    description: `The body is not a file of these types: ${IMPORT_BODY_TYPES.join(', ')}`,
    content: { 'application/json': { schema: ErrorResponse } },
  },
  503: {
    description: 'Busy reading other files: try again after Retry-After seconds',
    content: { 'application/json': { schema: ErrorResponse } },
  },
};

export const FILE_TYPE_MESSAGE =
  'Send the file itself as the body of the call (a CSV or Excel file), not a form or JSON';

/**
 * Makes the routes of `app` (a plugin of their own) take a file as the body, unread: it is
 * counted and written to disk by `receive`, and refused past the size limit. Any other body
 * is a 415, JSON included.
 */
export function takeFiles(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  // A file declared too large is refused before anything else is read of the call.
  app.addHook('preParsing', async (request) => {
    if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES) throw fileTooLarge();
  });
  app.addContentTypeParser([...IMPORT_BODY_TYPES], (_request, payload, done) =>
    done(null, payload),
  );
}

export interface Received {
  upload: Upload;
  /** Gives the turn back and removes the file. */
  release(): Promise<void>;
}

/** Writes the body to a file of its own, then waits for a turn to read it. */
export async function receive(request: FastifyRequest): Promise<Received> {
  if (!(request.body instanceof Readable))
    throw badRequest('Send the file as the body of the call');
  const { userId } = callerOf(request);
  const arrived = await arriving.take(userId);
  let file: ReceivedFile;
  try {
    const length = Number(request.headers['content-length']);
    file = await receiveUpload(request.body, Number.isFinite(length) ? length : undefined);
  } finally {
    arrived();
  }
  let read: (() => void) | undefined;
  try {
    read = await reading.take(userId);
    const upload = await startReading(file);
    return {
      upload,
      async release() {
        read!();
        await file.discard();
      },
    };
  } catch (error) {
    read?.();
    await file.discard();
    throw error;
  }
}

/** Runs `read` on the file of the call, then releases it. */
export async function withUpload<T>(
  request: FastifyRequest,
  read: (upload: Upload) => Promise<T>,
): Promise<T> {
  const { upload, release } = await receive(request);
  try {
    return await read(upload);
  } finally {
    await release();
  }
}
