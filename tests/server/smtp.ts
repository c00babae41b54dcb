import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For one test file: a test server whose mail goes to an SMTP server of its own, both started
 * before the file's tests and closed after them (`server` and `smtp` are set from then on).
 * `mailTo` waits for the last mail to `to` after the `after`th received, and answers its text
 * (mail goes out after the answer of the call that sends it).
 */
export function useMailingServer() {
  const mailing = {
    server: undefined as unknown as TestServer,
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtp>>,
    async mailTo(to: string, after = 0) {
      for (let i = 0; i < 100; i++) {
        const mail = mailing.smtp.received
          .slice(after)
          .findLast((m) => m.to.includes(to.toLowerCase()));
        if (mail) return bodyOf(mail.raw);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
  };
  beforeAll(async () => {
    mailing.smtp = await startSmtp();
    mailing.server = await startTestServer({ smtpUrl: mailing.smtp.url });
  });
  afterAll(async () => {
    await mailing.server?.close();
    await mailing.smtp?.close();
  });
  return mailing;
}

/** A server that accepts connections and then says nothing, like a hung mail relay. */
export async function startSilentServer() {
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The text body of a raw message, with quoted-printable soft breaks undone. */
export const bodyOf = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );
