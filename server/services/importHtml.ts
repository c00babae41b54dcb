import { createReadStream } from 'node:fs';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINE_CHARS,
} from '../../contract/imports';
import { HttpError, badRequest } from '../lib/errors';
import { tooManyColumns } from './importBounds';
import { strictText } from './importCsv';

/**
 * The rows of a table saved as a web page: what many banks send as an ".xls" download (an
 * HTML table, or Excel's XML spreadsheet, under an Excel name). Read in pieces of 16 KB with
 * a scanner of its own, not a document parser: only rows and cells are kept (`tr`/`td`/`th`,
 * or the XML spreadsheet's `Row`/`Cell`), a cell's text is cut at IMPORT_MAX_CELL_CHARS as
 * it grows, and an unfinished tag carried into the next piece may not pass
 * IMPORT_MAX_LINE_CHARS, so memory stays bounded and the cost linear in the file.
 */
export async function* htmlRows(path: string): AsyncGenerator<string[]> {
  const source = createReadStream(path, { highWaterMark: 16 * 1024 }).pipe(strictText());
  const table = new TableScanner();
  try {
    for await (const piece of source as AsyncIterable<string>) {
      yield* table.feed(piece);
      if (table.carried > IMPORT_MAX_LINE_CHARS)
        throw badRequest(
          `Row ${table.rows + 1} of the file has a tag longer than ${IMPORT_MAX_LINE_CHARS / 1024} KB: check the file`,
          { code: 'invalid_file' },
        );
    }
    yield* table.end();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('The file cannot be read as a table: save it from Excel as .xlsx or CSV', {
      code: 'invalid_file',
    });
  } finally {
    source.destroy();
  }
}

/** True when a file's first characters are those of a web page or an XML spreadsheet. */
export function looksLikeMarkup(head: string): boolean {
  return /^\s*<(!doctype\s+html|html|head|body|table|meta|style|\?xml|!--)/i.test(
    head.replace(/^\uFEFF/, ''),
  );
}

const ROW_TAGS = new Set(['tr', 'row']);
const CELL_TAGS = new Set(['td', 'th', 'cell']);
/** Elements whose content is never a cell's text. */
const SKIPPED = new Set(['script', 'style', 'head', 'title']);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ndash: '–',
  mdash: '—',
  rupee: '₹',
};

/** A cell's text with its entities decoded and its white space as one space. */
function decoded(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff && code !== 0 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

class TableScanner {
  private buffer = '';
  private row: string[] | null = null;
  private cell: string | null = null;
  private skipping: string | null = null;
  /** Columns the open cell spans after its own. */
  private span = 0;
  rows = 0;

  get carried() {
    return this.buffer.length;
  }

  *feed(piece: string): Generator<string[]> {
    this.buffer += piece;
    let at = 0;
    for (;;) {
      const open = this.buffer.indexOf('<', at);
      if (open === -1) {
        this.text(this.buffer.slice(at));
        at = this.buffer.length;
        break;
      }
      this.text(this.buffer.slice(at, open));
      if (this.buffer.startsWith('<!--', open)) {
        const close = this.buffer.indexOf('-->', open + 4);
        if (close === -1) {
          at = open;
          break;
        }
        at = close + 3;
        continue;
      }
      const close = this.buffer.indexOf('>', open + 1);
      if (close === -1) {
        at = open;
        break;
      }
      const finished = this.tag(this.buffer.slice(open + 1, close));
      if (finished) yield finished;
      at = close + 1;
    }
    this.buffer = this.buffer.slice(at);
  }

  *end(): Generator<string[]> {
    this.text(this.buffer);
    this.buffer = '';
    const last = this.closeRow();
    if (last) yield last;
  }

  /** Text between tags: part of the open cell's, if any (cut at the cell limit). */
  private text(text: string) {
    if (this.cell === null || this.skipping || !text) return;
    if (this.cell.length < IMPORT_MAX_CELL_CHARS * 2)
      this.cell += text.slice(0, IMPORT_MAX_CELL_CHARS * 2 - this.cell.length);
  }

  /** A tag (its inside, without < and >); answers a row it closes. */
  private tag(inside: string): string[] | undefined {
    const m = /^(\/?)\s*([a-z][a-z0-9]*:)?([a-z][a-z0-9]*)/i.exec(inside);
    if (!m) return undefined;
    const closing = m[1] === '/';
    const name = m[3]!.toLowerCase();
    if (this.skipping) {
      if (closing && name === this.skipping) this.skipping = null;
      return undefined;
    }
    if (SKIPPED.has(name) && !closing && !inside.endsWith('/')) {
      this.skipping = name;
      return undefined;
    }
    if (name === 'br' || name === 'p' || name === 'div') {
      this.text(' ');
      return undefined;
    }
    if (ROW_TAGS.has(name)) {
      const finished = this.closeRow();
      if (!closing) this.row = [];
      return finished;
    }
    if (CELL_TAGS.has(name)) {
      this.closeCell();
      if (closing) return undefined;
      this.row ??= [];
      if (inside.endsWith('/')) this.row.push('');
      else this.cell = '';
      // A cell spanning columns keeps the columns after it in their places.
      const span = /colspan\s*=\s*["']?(\d+)/i.exec(inside);
      this.span = span ? Math.min(Number(span[1]), IMPORT_MAX_COLUMNS + 1) - 1 : 0;
      if (inside.endsWith('/')) this.pushSpan();
      return undefined;
    }
    if (closing && name === 'table') return this.closeRow();
    return undefined;
  }

  private closeCell() {
    if (this.cell === null) return;
    this.row ??= [];
    this.row.push(decoded(this.cell).slice(0, IMPORT_MAX_CELL_CHARS));
    this.cell = null;
    this.pushSpan();
  }

  private pushSpan() {
    for (; this.span > 0; this.span--) this.row!.push('');
    if (this.row!.length > IMPORT_MAX_COLUMNS + 1) throw tooManyColumns(this.rows + 1);
  }

  private closeRow(): string[] | undefined {
    this.closeCell();
    const finished = this.row;
    this.row = null;
    if (!finished) return undefined;
    this.rows++;
    return finished;
  }
}
