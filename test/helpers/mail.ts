import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Just enough MIME to read what nodemailer writes: headers (with RFC 2047 encoded words),
// nested multipart bodies, and quoted-printable or base64 text parts.

export interface ReceivedMail {
  /** The bare address of the first recipient. */
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The link of the mail's purpose found in the text (verification, invitation, reset, change of address), if any. */
  link: string | undefined;
}

interface MimeEntity {
  headers: Map<string, string>;
  body: string;
}

export function parseMail(raw: string | Buffer): ReceivedMail {
  const entity = parseEntity(raw.toString('utf8').replace(/\r\n/g, '\n'));
  const text = findTextPart(entity, 'text/plain') ?? '';
  const to = entity.headers.get('to') ?? '';
  return {
    to: /<([^>]+)>/.exec(to)?.[1] ?? to.trim(),
    subject: decodeHeader(entity.headers.get('subject') ?? ''),
    text,
    link: /https?:\/\/[^\s<>"]+\/(?:verify|welcome|reset-password|confirm-email|cancel-email-change)\?[^\s<>"]+/.exec(
      text,
    )?.[0],
  };
}

/** Every mail in the outbox folder, oldest first (file names start with the time written). */
export async function readMails(outboxDir: string): Promise<ReceivedMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((file) => readMail(path.join(outboxDir, file))));
}

/**
 * Mails read once they can no longer be half-written, by file: a browser run polls an outbox of
 * hundreds of mails, and reading and parsing every one at every poll cost more than the test.
 */
const settledMails = new Map<string, ReceivedMail>();
const SETTLED_AFTER_MS = 5_000;

async function readMail(file: string): Promise<ReceivedMail> {
  const known = settledMails.get(file);
  if (known) return known;
  const mail = parseMail(await readFile(file));
  // The mailer writes each file in one go and never again; its name starts with the time written.
  const written = Date.parse(writtenAt(path.basename(file)));
  if (Date.now() - written > SETTLED_AFTER_MS) settledMails.set(file, mail);
  return mail;
}

/** `2026-12-07T20-01-02-345Z-ab12cd34.eml` (src/server/mail/mailer.ts) → `2026-12-07T20:01:02.345Z`. */
function writtenAt(name: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : '';
}

export async function readLatestMail(outboxDir: string): Promise<ReceivedMail> {
  const mail = (await readMails(outboxDir)).at(-1);
  if (!mail) throw new Error(`No mail in ${outboxDir}`);
  return mail;
}

/** The two values the verify page posts to the API. */
export function verificationParams(link: string): { userId: string; secret: string } {
  const url = new URL(link);
  return { userId: url.searchParams.get('userId') ?? '', secret: url.searchParams.get('secret') ?? '' };
}

function parseEntity(raw: string): MimeEntity {
  const split = raw.indexOf('\n\n');
  const headerText = split === -1 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split === -1 ? '' : raw.slice(split + 2) };
}

function findTextPart(entity: MimeEntity, mimeType: string): string | undefined {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return undefined;
    for (const part of splitMultipart(entity.body, boundary)) {
      const found = findTextPart(parseEntity(part), mimeType);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!contentType.toLowerCase().startsWith(mimeType)) return undefined;
  return decodeBody(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit');
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split('\n')) {
    if (line.trimEnd() === `--${boundary}--`) break;
    if (line.trimEnd() === `--${boundary}`) {
      if (current) parts.push(current.join('\n'));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`; whitespace between two encoded words goes. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
