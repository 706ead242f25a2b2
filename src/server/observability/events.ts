/**
 * What the server reports of its own work, for metrics and traces to listen to. Each is a
 * diagnostics channel (node:diagnostics_channel), the way Node, undici and Fastify report theirs:
 * with nobody subscribed, publishing is a property check, so observability that is switched off
 * costs nothing, and the code doing the work knows nothing of Prometheus or OpenTelemetry.
 */
import diagnosticsChannel, { type Channel, type TracingChannel } from 'node:diagnostics_channel';

/** One statement sent to the database; parameters travel apart from the text, so it holds no user data. */
export interface DatabaseQueryEvent {
  engine: 'pglite' | 'postgres';
  /** Which connections ran it: reads, or those kept for writes (one and the same embedded). */
  pool: 'read' | 'write';
  statement: string;
  /** Set by the channel when the query fails. */
  error?: unknown;
}

/** One mail handed to the SMTP relay or written to the outbox. */
export interface MailSendEvent {
  transport: 'smtp' | 'outbox';
  /** The template's subject; the address is never reported. */
  subject: string;
  error?: unknown;
}

/** One AI draft streamed from the model, from the request to the last piece or the failure. */
export interface AiDraftEvent {
  provider: string;
  model: string;
  /** How it ended, set before asyncEnd: finished, failed (with the failure code) or left by the student. */
  outcome?: 'finished' | 'failed' | 'abandoned';
  failureCode?: string;
  error?: unknown;
}

/** One picture upload answered: stored, refused (a client error: too large, not a picture...) or failed on our side. */
export interface PictureUploadEvent {
  outcome: 'accepted' | 'refused' | 'failed';
  /** The picture's size as received; 0 when refused before it was read. */
  bytes: number;
}

export const databaseQueries: TracingChannel<object, DatabaseQueryEvent> =
  diagnosticsChannel.tracingChannel('tutorly:database.query');
export const mailSends: TracingChannel<object, MailSendEvent> = diagnosticsChannel.tracingChannel('tutorly:mail.send');
export const aiDrafts: TracingChannel<object, AiDraftEvent> = diagnosticsChannel.tracingChannel('tutorly:ai.draft');
/** Its messages are PictureUploadEvents. */
export const pictureUploads: Channel = diagnosticsChannel.channel('tutorly:picture.upload');
