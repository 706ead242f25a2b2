import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from '../config';
import { serializeError } from './log-errors';

const SENSITIVE_QUERY = /([?&](?:secret|token|password|key|code|state)[^=&]*=)[^&]*/gi;

/** Request URLs reach the log with secret-bearing query values masked (the verify link carries one). */
function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[REDACTED]');
}

/**
 * Lines held while the destination refuses them (a full disk, a pipe nobody reads): past this,
 * new lines are dropped rather than kept in memory.
 */
const MAX_PENDING_LOG_BYTES = 8 * 1024 * 1024;

/**
 * A file descriptor as a log destination that can fail without consequence. pino's own
 * destination lets a write error other than EPIPE (ENOSPC on a full disk, EIO) through as an
 * unhandled 'error' event, which ends the process: the log is where the server says what goes
 * wrong, so it must never be what takes it down. A failed write is tried again with the next
 * line (so logging resumes once the disk has room), and what waits meanwhile is bounded.
 */
export function resilientLogStream(fd: number, sync: boolean): DestinationStream {
  const stream = pino.destination({ dest: fd, sync, maxLength: MAX_PENDING_LOG_BYTES });
  let failing = false;
  // Nowhere to report it: the log is what failed. The lines that cannot be written are lost.
  stream.on('error', () => (failing = true));
  stream.on('write', () => (failing = false));
  // Flushing at exit retries a failed write until it succeeds: on a full disk, forever. While
  // writes fail, what is pending is given up instead, so a stop still ends.
  const flushSync = stream.flushSync.bind(stream);
  stream.flushSync = () => {
    if (!failing) flushSync();
  };
  return stream;
}

/**
 * Where log lines go: standard output, as JSON lines (what a service manager, a container
 * platform or a log shipper reads) or, for a person at a terminal, as readable lines (time,
 * level, message, then the fields indented). Either way the lines are written as the logger
 * redacted them: secrets are masked before they reach a format. A destination that fails
 * loses lines, never the process (resilientLogStream).
 */
export function logDestination(
  format: LogFormat,
  output: number | NodeJS.WritableStream = 1,
  { sync = false }: { sync?: boolean } = {},
): DestinationStream {
  if (format === 'pretty')
    return pinoPretty({
      destination: typeof output === 'number' ? resilientLogStream(output, sync) : output,
      colorize: output === 1 && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    });
  // Written in the background: under load, lines queue up and go out together instead of one
  // blocking write each (a third of a busy server's time). Pending lines are flushed on exit.
  return typeof output === 'number' ? resilientLogStream(output, sync) : (output as DestinationStream);
}

export function loggerOptions(level: string, stream: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.secret',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      err: serializeError,
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

/**
 * A line for every request costs a busy server nearly half its throughput, and the reverse
 * proxy in front keeps an access log anyway: requests are logged once, when answered, at debug;
 * at the default level only those this slow (as warnings) and failures.
 */
const SLOW_REQUEST_MS = 1_000;

export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error && clientLeft(request)) request.log.debug({ ...line, err: error }, 'client closed the connection');
    else if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (reply.elapsedTime >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request completed');
  }

  /** An answer cut off while it was being sent: usually a visitor who closed the tab, nothing to act on. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || clientLeft(request))
      request.log.debug({ res: reply, err: error }, 'client closed the connection before the answer was sent');
    else request.log.warn({ res: reply, err: error }, 'answer cut off by an error after its headers were sent');
  }
}

/** Whether the client's side of the connection is gone. */
function clientLeft(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}
