import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the message is handed over; rejects within ~10 s if it cannot be. */
  send(message: MailMessage): Promise<void>;
  kind: 'smtp' | 'outbox';
}

// Every step of an SMTP exchange gives up after 8 s, so a dead relay is an error within 10 s.
const TIMEOUT_MS = 8_000;

/**
 * A transport made on the first message: nodemailer is loaded then, not at start (it holds
 * ~3 MB of heap that a server sending no mail never needs).
 */
function lazyTransport(options: object): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
}

/**
 * SMTP when SMTP_URL is set (smtp:// or smtps://, credentials in the URL). Without it,
 * each message is written as an .eml file to DATA_DIR/outbox and logged, so a local
 * install loses no mail.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): Mailer {
  const timeout = opts.timeoutMs ?? TIMEOUT_MS;
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const transport = lazyTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A local relay often has a self-signed certificate: ?tlsInsecure=1 accepts it.
      tls: url.searchParams.get('tlsInsecure') === '1' ? { rejectUnauthorized: false } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      kind: 'smtp',
      async send(message) {
        // Belt and braces: nodemailer's own timeouts do not cover every stall.
        let timer: NodeJS.Timeout | undefined;
        const expiry = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('SMTP timed out')), timeout + 1000);
        });
        try {
          await Promise.race([
            (await transport()).sendMail({ from: opts.from, ...message }),
            expiry,
          ]);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }

  // Mail holds reset links: only this user may read the outbox; an older, wider one is narrowed.
  mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
  chmodSync(opts.outboxDir, 0o700);
  const transport = lazyTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport()).sendMail({ from: opts.from, ...message });
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
