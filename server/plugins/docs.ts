import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

/** The OpenAPI document, generated from the same Zod schemas the routes validate with. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Expense and company manager API',
        description: `${API_OVERVIEW}\n\n${LIMITS_INTRO}\n\n${limitsTable(app.limits)}\n\n${LIMITS_NOTES}`,
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
