import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { mailSends } from '../observability/events';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'outbox' means nobody receives the mail: it is a file on disk for the operator. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ outboxFile?: string }>;
  close(): void;
}

export function createMailer(mail: Config['mail']): Mailer {
  return reportingSends(
    mail.transport === 'smtp' ? createSmtpMailer(mail.url, mail.from) : createOutboxMailer(mail.dir, mail.from),
  );
}

/** Reports each mail on the mailSends channel, for metrics and traces. */
function reportingSends(mailer: Mailer): Mailer {
  const send = mailer.send.bind(mailer);
  return {
    kind: mailer.kind,
    send: (message) =>
      mailSends.hasSubscribers
        ? mailSends.tracePromise(send, { transport: mailer.kind, subject: message.subject }, undefined, message)
        : send(message),
    close: () => mailer.close(),
  };
}

function createSmtpMailer(url: string, from: string): Mailer {
  const parsed = new URL(url);
  // Plain smtp:// to a loopback relay is common in self-hosting; require TLS only when asked (smtps:// or ?requireTLS).
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    ignoreTLS: parsed.searchParams.get('ignoreTLS') === 'true',
    requireTLS: parsed.searchParams.get('requireTLS') === 'true',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
      return {};
    },
    close: () => transport.close(),
  };
}

function createOutboxMailer(dir: string, from: string): Mailer {
  // nodemailer renders the complete RFC 5322 message without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { outboxFile: file };
    },
    close: () => transport.close(),
  };
}
