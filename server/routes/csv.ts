import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a CSV file to save as `name`, its lines streamed as they are made. */
export const sendCsv = (
  reply: FastifyReply,
  name: string,
  lines: Iterable<string> | AsyncIterable<string>,
) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Readable.from(lines));
