import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../contract/headers';
import { canonicalTimeZone } from './lib/timeZone';

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/** Configuration comes only from the environment, checked once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Expense Manager <no-reply@localhost>'),
  /** The address people open the app at, for links in e-mails. */
  PUBLIC_URL: z.url().optional(),
  /** The users' IANA time zone when the app does not say (X-Time-Zone): their "today". */
  DEFAULT_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(
      (zone) => canonicalTimeZone(zone) !== null,
      'must be an IANA time zone, e.g. Asia/Kolkata',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Serve /api/metrics for the benchmark. */
  METRICS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Behind load balancers: their addresses or CIDR ranges, comma-separated, so that the
   * client's address is read from X-Forwarded-For as those proxies wrote it, and from
   * nobody else. "true" would believe any hop a client makes up, so it is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        if (entry === 'false' || entry === '0') continue;
        if (!isProxyAddress(entry))
          ctx.addIssue({
            code: 'custom',
            message:
              entry === 'true' || entry === '1'
                ? "TRUST_PROXY=true would let any client choose the address that rate limits see; list your proxies' addresses or CIDR ranges instead, e.g. TRUST_PROXY=10.0.0.0/8"
                : `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, loopback)`,
          });
      }
    })
    .transform((entries) => entries.filter((e) => e !== 'false' && e !== '0')),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}
