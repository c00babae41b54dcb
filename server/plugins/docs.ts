import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../contract/api/endpoints';
import { API_OVERVIEW } from '../../contract/api/overview';
import { limitsTable } from '../services/rateLimits';

const LIMITS_INTRO = `## Limits

Counts are kept in the database, so every app server shares them. A limit allows at most so
many calls per key in a window that starts at the key's first call; a call past it answers 429
with \`Retry-After\` (seconds until the window ends).`;

const LIMITS_NOTES = `- Address: the caller's IP address (IPv6 by its /56); behind load balancers, read from
  \`X-Forwarded-For\` as the servers named in \`TRUST_PROXY\` wrote it.
- Login: every attempt is counted before any password is hashed. The limits per account and
  address and per address are checked first; an attempt they refuse does not count against the
  account from every address. A successful login clears the account's counts; a password reset
  lifts the account's login limits from every address.
- Busy: calls that hash a password (register, login, update or reset password, create user)
  answer 503 with \`Retry-After\` at once when too many are being hashed.
- Forgot password answers at once and the same whether or not the account exists.
- Reminders go only for lends with something outstanding; only a reminder that went out counts
  against the lend and the borrower.`;

/** The areas of the API, in the order the document lists them. */
const TAGS = [
  { name: 'auth', description: 'Registering, logging in, and a forgotten password' },
  { name: 'profile', description: 'The signed-in user: profile, password, their data' },
  { name: 'people', description: "Companies and a company's people" },
  { name: 'projects', description: "A company's projects" },
  { name: 'bank', description: "A company's bank accounts, payments and statements" },
  {
    name: 'reconciliation',
    description: "A bank account reconciled against the bank's own statement download",
  },
  {
    name: 'invoicing',
    description:
      "A company's GST invoices and credit notes, its clients and invoicing profile, their PDFs, share links and e-mail",
  },
  {
    name: 'expenses',
    description:
      "The caller's own expenses, its recurring ones (recorded on their days), its categories and their monthly budgets",
  },
  {
    name: 'import',
    description: 'Expenses, lend/borrowed and payments from a CSV file or an Excel workbook',
  },
  { name: 'lend', description: 'Money the caller lent, its repayments and reminders' },
  { name: 'borrowed', description: 'Money the caller borrowed and its repayments' },
  { name: 'dashboard', description: "The caller's figures" },
  { name: 'audit', description: 'Who changed what' },
  { name: 'live', description: 'Changes to what the caller reads, as they happen' },
  { name: 'health', description: 'Whether the server and its database are up' },
];

type Responses = Record<string, { headers?: Record<string, unknown>; content?: object }>;
interface Operation {
  operationId?: string;
  requestBody?: object;
  responses?: Responses;
}
interface OpenApi {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
}

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 1 },
};
const CONTENT_DISPOSITION = {
  description: 'attachment, with the file name',
  schema: { type: 'string' },
};

/** The operations whose success is a file to save (the table's entries with a download). */
const DOWNLOADS = new Set(
  Object.entries(ENDPOINTS)
    .filter(([, entry]) => 'download' in entry)
    .map(([operationId]) => operationId),
);

/** The operations whose body is a file, not JSON, by operation id: the media types it may have. */
const UPLOADS = new Map(
  Object.entries(ENDPOINTS).flatMap(([operationId, entry]) =>
    'upload' in entry ? [[operationId, entry.upload.types] as const] : [],
  ),
);

/**
 * The streams whose events have a schema of their own, by operation id: the media type and
 * its `itemSchema` (each event as parsed), as OpenAPI 3.2 describes a stream of items.
 */
const STREAM_ITEMS = new Map(
  Object.entries(ENDPOINTS).flatMap(([operationId, entry]) =>
    'stream' in entry && 'item' in entry.stream
      ? [
          [
            operationId,
            { type: entry.stream.type, item: z.toJSONSchema(entry.stream.item) },
          ] as const,
        ]
      : [],
  ),
);

/** A file sent as the whole body; Fastify's schema cannot say so, as it validates bodies as JSON. */
const uploadBody = (types: readonly string[]) => ({
  required: true,
  description:
    'The file itself (not a form): CSV (UTF-8, or UTF-16 with its byte-order mark; comma, semicolon or tab separated) or an Excel workbook (.xlsx)',
  content: Object.fromEntries(
    types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
});

/**
 * The finished document: the schemas registered with an id as components (the error
 * envelope), without the input twins nothing sends, the headers of answers that a schema
 * cannot carry (Retry-After on 429 and 503, Content-Disposition on downloads), and the
 * bodies that are files.
 */
const finish: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const { components, paths } = document as OpenApi;
  const schemas = components?.schemas ?? {};
  // Input twins of answer-only schemas, referenced by nothing.
  for (const name of Object.keys(schemas))
    if (name.endsWith('Input') && schemas[name.slice(0, -'Input'.length)]) delete schemas[name];
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const upload = UPLOADS.get(operation.operationId ?? '');
      if (upload) operation.requestBody = uploadBody(upload);
      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        // A refusal for now (not health's 503, which says what it found).
        const refusal = JSON.stringify(response.content).includes('/ErrorResponse"');
        if ((status === '429' || status === '503') && refusal)
          response.headers = { 'Retry-After': RETRY_AFTER };
        if (status.startsWith('2') && DOWNLOADS.has(operation.operationId ?? ''))
          response.headers = { 'Content-Disposition': CONTENT_DISPOSITION };
        const stream = STREAM_ITEMS.get(operation.operationId ?? '');
        const media = (response.content as Record<string, Record<string, unknown>> | undefined)?.[
          stream?.type ?? ''
        ];
        if (status.startsWith('2') && stream && media) {
          const { $schema: _dialect, ...itemSchema } = stream.item;
          media.itemSchema = itemSchema;
        }
      }
    }
  }
  return document;
};

/** The OpenAPI document, generated from the same Zod schemas the routes validate with. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.2.0',
      info: {
        title: 'Expense and company manager API',
        description: `${API_OVERVIEW}\n\n${LIMITS_INTRO}\n\n${limitsTable(app.limits)}\n\n${LIMITS_NOTES}`,
        version: '1.0.0',
      },
      // Every path starts with /api: the document is served by the API it describes.
      servers: [{ url: '/', description: 'The server this document is served from' }],
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: finish,
  });
  // Areas start folded: Swagger UI stops part-way when it lays out every operation of a
  // document this size at once (136 and more); one area opened at a time renders whole.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
});
