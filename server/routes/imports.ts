import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImportRefusal, importEndpoints, type ImportEvent } from '../../contract/api/imports';
import { callerOf } from '../plugins/auth';
import { limitImports } from '../plugins/rateLimit';
import { HttpError } from '../lib/errors';
import { errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { FILE_TYPE_MESSAGE, fileRefusals, receive, takeFiles } from '../services/importUpload';
import type { Database } from '../db/client';
import {
  ImportRefused,
  checkImport,
  maxRowsOn,
  previewImport,
  runImport,
} from '../services/imports';

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
  // A file reaches the handler as it arrives, unread (importUpload.ts).
  takeFiles(app);

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
