import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import type Papa from 'papaparse';
import { IMPORT_MAX_LINE_CHARS } from '../../contract/imports';
import { HttpError, badRequest } from '../lib/errors';
import { onFirstUse } from '../lib/onFirstUse';

const papa = onFirstUse<typeof Papa>('papaparse');

/**
 * A CSV file's lines as cells, read in pieces of 16 KB. Each piece is parsed once, with the
 * unfinished line at its end carried into the next; that line may not grow past
 * IMPORT_MAX_LINE_CHARS, so the cost stays linear in the file whatever it holds (Papa
 * Parse's own streaming mode parses the rest of a piece again on every pause, which a file
 * of blank lines turns into minutes of one core).
 */
export async function* csvLines(path: string): AsyncGenerator<string[]> {
  const delimiter = await delimiterOf(path);
  let carried = '';
  let newline: '\n' | '\r\n' | '\r' | undefined;
  let line = 0;
  const source = createReadStream(path, { highWaterMark: 16 * 1024 }).pipe(strictText());
  try {
    for await (const piece of source as AsyncIterable<string>) {
      const text = carried + piece;
      newline ??= newlineOf(text);
      const { data, meta } = new (papa().Parser)({ delimiter, newline }).parse(text, 0, true) as {
        data: string[][];
        meta: { cursor: number };
      };
      carried = text.slice(meta.cursor);
      line += data.length;
      if (carried.length > IMPORT_MAX_LINE_CHARS) throw lineTooLong(line + 1);
      yield* data;
    }
    if (carried) {
      const { data } = new (papa().Parser)({ delimiter, newline }).parse(carried, 0, false) as {
        data: string[][];
      };
      yield* data;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`The CSV file cannot be read near row ${line + 1}: ${message}`, {
      code: 'invalid_file',
    });
  } finally {
    source.destroy();
  }
}

const lineTooLong = (line: number) =>
  badRequest(
    `Row ${line} of the file is longer than ${IMPORT_MAX_LINE_CHARS / 1024} KB (a quote left open?): check the file`,
    { code: 'invalid_file' },
  );

/** The line ending a file uses: its first, as Papa Parse would guess it. */
function newlineOf(text: string): '\n' | '\r\n' | '\r' {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  if (r === -1) return '\n';
  if (n === -1) return '\r';
  return r + 1 === n ? '\r\n' : n < r ? '\n' : '\r';
}

/**
 * The text of the file, decoded strictly: UTF-8 (with or without its byte-order mark), or
 * UTF-16 when it starts with that mark (Excel's "Unicode text"). Anything else, such as a
 * file saved in a Windows code page, is a 400 rather than names turned to question marks.
 */
export function strictText() {
  let text: TextDecoder | undefined;
  let offset = 0;
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (!text) {
          const utf16 =
            chunk[0] === 0xff && chunk[1] === 0xfe
              ? 'utf-16le'
              : chunk[0] === 0xfe && chunk[1] === 0xff
                ? 'utf-16be'
                : undefined;
          text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true });
        }
        const decoded = text.decode(chunk, { stream: true });
        if (decoded.includes('\u0000'))
          throw badRequest('This is not a text file: import a CSV or Excel (.xlsx) file', {
            code: 'invalid_file',
          });
        offset += chunk.length;
        done(null, decoded);
      } catch (error) {
        done(
          error instanceof HttpError
            ? error
            : badRequest(
                `The file is not UTF-8 text (a byte near position ${offset + 1} is not): save it from Excel as "CSV UTF-8" and import that`,
                { code: 'invalid_file' },
              ),
        );
      }
    },
    flush(done) {
      try {
        done(null, text?.decode() ?? '');
      } catch {
        done(
          badRequest('The file ends in the middle of a character: it is not UTF-8 text', {
            code: 'invalid_file',
          }),
        );
      }
    },
  });
}

/** The separator a CSV file uses: comma, semicolon or tab, whichever its first lines use most. */
async function delimiterOf(path: string): Promise<string> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(16 * 1024);
  let length: number;
  try {
    ({ bytesRead: length } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  const sample = head.subarray(0, length).toString('latin1').split(/\r?\n/).slice(0, 30).join('\n');
  const counts = [',', ';', '\t'].map((d) => [d, sample.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
