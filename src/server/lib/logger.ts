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
 * Where log lines go: standard output, as JSON lines (what a service manager, a container
 * platform or a log shipper reads) or, for a person at a terminal, as readable lines (time,
 * level, message, then the fields indented). Either way the lines are written as the logger
 * redacted them: secrets are masked before they reach a format.
 */
export function logDestination(format: LogFormat, output: number | NodeJS.WritableStream = 1): DestinationStream {
  if (format === 'pretty')
    return pinoPretty({
      destination: output,
      colorize: output === 1 && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    });
  // Written in the background: under load, lines queue up and go out together instead of one
  // blocking write each (a third of a busy server's time). Pending lines are flushed on exit.
  return typeof output === 'number' ? pino.destination({ dest: output, sync: false }) : (output as DestinationStream);
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
