import type { z } from 'zod';

/** What a download may be: a CSV, a JSON file, a ZIP of CSVs, or a PDF. */
export type DownloadType = 'text/csv' | 'application/json' | 'application/zip' | 'application/pdf';

/** One call of the API: how it is reached, what it takes and what it answers on success. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api, in Fastify's syntax (`/users/:id`). */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The success status; 200 unless given. */
  status?: 200 | 201;
  /** The JSON answer on success; absent for a download (CSV, a JSON file). */
  answer?: z.ZodType;
  /** A download's media type and the shape of its content, for the OpenAPI document. */
  download?: { type: DownloadType; schema: z.ZodType };
  /**
   * An answer written as the work goes on (Server-Sent Events, or one JSON object per line):
   * its media type and the shape of each event; `item`, where given, each event as parsed
   * (the document's `itemSchema`, as OpenAPI 3.2 describes a stream of items).
   */
  stream?: {
    type: 'text/event-stream' | 'application/x-ndjson';
    schema: z.ZodType;
    item?: z.ZodType;
  };
  /** A file sent as the whole body, not JSON: the media types it may have. */
  upload?: { types: readonly string[] };
}
