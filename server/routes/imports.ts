import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_BODY_TYPES,
  IMPORT_MAX_BYTES,
  ImportRefusal,
  importEndpoints,
  type ImportEvent,
} from '../../contract/api/imports';
import { ErrorResponse } from '../../contract/api/fields';
import { callerOf } from '../plugins/auth';
import { limitImports } from '../plugins/rateLimit';
import { HttpError, badRequest } from '../lib/errors';
import { Slots } from '../lib/slots';
import { errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import {
  fileTooLarge,
  receiveUpload,
  startReading,
  type ReceivedFile,
  type Upload,
} from '../services/importFile';
import type { Database } from '../db/client';
import {
  ImportRefused,
  checkImport,
  maxRowsOn,
  previewImport,
  runImport,
} from '../services/imports';

/**
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

const fileRefusals = {
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

const FILE_TYPE_MESSAGE =
  'Send the file itself as the body of the call (a CSV or Excel file), not a form or JSON';

interface Received {
  upload: Upload;
  /** Gives the turn back and removes the file. */
  release(): Promise<void>;
}

/** Writes the body to a file of its own, then waits for a turn to read it. */
async function receive(request: FastifyRequest): Promise<Received> {
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

/**
 * Import from a file: the body is the file, the settings are in the query. Every CSV or
 * workbook is read a row at a time from a temporary file of its own (removed after).
 */
export const importRoutes: FastifyPluginAsyncZod<{ database: Database['kind'] }> = async (
  app,
  { database },
) => {
  const maxRows = maxRowsOn(database);
  app.addHook('onRequest', app.authenticate);
  // A file reaches the handler as it arrives, unread: it is counted and written to disk
  // there, and refused past the size limit. Any other body is a 415, JSON included.
  app.removeAllContentTypeParsers();
  // A file declared too large is refused before anything else is read of the call.
  app.addHook('preParsing', async (request) => {
    if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES) throw fileTooLarge();
  });
  app.addContentTypeParser([...IMPORT_BODY_TYPES], (_request, payload, done) =>
    done(null, payload),
  );

  registerRoutes(app, importEndpoints, {
    previewImport: {
      tags: ['import'],
      summary: 'Checks every row of a file and shows the first ones, saving nothing',
      description: [
        'The settings not given are taken from the caller’s last import of this kind when no',
        'column is given, else guessed from the file (the header line is the first naming a',
        'date and an amount, or a name; columns by their headers). The answer has the settings',
        'used, every one filled in, to send to /import/run; the first rows with their status',
        '(ready, error, duplicate: a record with the same date, amount and text is there, or',
        'skipped: money in, in an expense import) and each problem on its cell; and the counts',
        'over the whole file. Settings that cannot work (a column mapped twice, a required',
        'field unmapped) are answered in `settingProblems`, the rows shown as they are.',
        'Payments: the company only, into one of its open accounts (404 otherwise).',
      ].join(' '),
      answers: 'The preview',
      refusals: { ...errors(400, 401, 403, 404, 429), ...fileRefusals },
      options: { preHandler: limitImports(app), config: { mediaTypeMessage: FILE_TYPE_MESSAGE } },
      handler: async (request) => {
        const { upload, release } = await receive(request);
        try {
          return await previewImport(app.db, callerOf(request), upload, request.query, maxRows);
        } finally {
          await release();
        }
      },
    },

    runImport: {
      tags: ['import'],
      summary: 'Records every row of a file, in one transaction, or none',
      description: [
        'Every row is checked first: a setting that cannot work, or any row with an error, is',
        'a 400 naming the setting, or listing the rows and cells (`problems`), and nothing is',
        'saved. Then the rows are recorded in one transaction, and the answer is one JSON',
        'object per line: `progress` (rows done of the total) as the work goes on, then',
        '`result`, or `error` if the transaction was refused (for payments, a balance that',
        'would fall below zero on some day; nothing is saved then either). Rows matching a',
        'record already there are skipped unless `keepDuplicates=true`. The settings are',
        'remembered for the caller’s next import of this kind. A bank account’s payments are',
        'recorded on the account locked; a newest-first download is recorded oldest first.',
      ].join(' '),
      answers: 'Progress lines, then the result (application/x-ndjson)',
      refusals: {
        400: {
          description: 'A setting that cannot work, or rows with errors: nothing was saved',
          content: { 'application/json': { schema: ImportRefusal } },
        },
        ...errors(401, 403, 404, 429),
        ...fileRefusals,
      },
      options: {
        preHandler: limitImports(app),
        compress: false,
        config: { mediaTypeMessage: FILE_TYPE_MESSAGE },
      },
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const { upload, release } = await receive(request);
        let checked;
        try {
          checked = await checkImport(app.db, caller, upload, request.query, maxRows);
        } catch (error) {
          await release();
          if (error instanceof ImportRefused)
            return reply
              .code(400)
              .send({ success: false, message: error.message, problems: error.problems });
          throw error;
        }
        const out = new PassThrough();
        const line = (event: ImportEvent) => out.write(`${JSON.stringify(event)}\n`);
        line({ progress: { done: 0, total: checked.total } });
        runImport(
          app.db,
          caller,
          upload,
          checked,
          request.query.keepDuplicates ?? false,
          (done, total) => line({ progress: { done, total } }),
        )
          .then(
            (result) => line({ result }),
            (error: unknown) => {
              const known = error instanceof HttpError;
              if (!known) request.log.error({ err: error }, 'import failed');
              line({
                error: {
                  statusCode: known ? error.statusCode : 500,
                  message: known
                    ? error.message
                    : 'The import failed and nothing was saved. Please try again.',
                },
              });
            },
          )
          .finally(() => {
            out.end();
            return release();
          });
        return (
          reply
            .header('content-type', `${importEndpoints.runImport.stream.type}; charset=utf-8`)
            .header('cache-control', 'no-store')
            // The lines are the answer's events, written as they come (the schema documents them).
            .send(out as never)
        );
      },
    },
  });
};
