/**
 * OpenTelemetry traces, sent over OTLP/HTTP to the collector OTEL_EXPORTER_OTLP_ENDPOINT names.
 * Loaded only when it is set (plugins/tracing.ts, imported on demand by app.ts): otherwise
 * nothing here runs and nobody listens to the channels of events.ts.
 *
 * Spans are made explicitly, not by patching modules as they load (the server is one bundle).
 * The provider, the context of each request and the subscriptions belong to one app and are
 * not registered with the global OpenTelemetry API, so closing the app ends them all and two
 * apps in one process (the tests) keep apart.
 *
 * Nothing secret goes into a span: no header but `traceparent` is read, no query string, no
 * SQL parameter (they travel apart from the statement), no mail address, no error message
 * (a database error may quote the row it refused).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TracingChannel } from 'node:diagnostics_channel';
import {
  type Attributes,
  type Context,
  createContextKey,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { type ExportResult, ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_SERVICE_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger } from 'fastify';
import type { TracesConfig } from '../config';
import { keepQueryContexts } from '../db/query-events';
import {
  type AiDraftEvent,
  aiDrafts,
  type DatabaseQueryEvent,
  databaseQueries,
  type MailSendEvent,
  mailSends,
} from './events';

/** The request id (lib/request-id.ts), so a trace and the request's log lines can be matched. */
export const ATTR_REQUEST_ID = 'request.id';
// Generative AI conventions are still incubating: their names are copied rather than imported.
const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
const ATTR_GEN_AI_PROVIDER_NAME = 'gen_ai.provider.name';
const ATTR_GEN_AI_REQUEST_MODEL = 'gen_ai.request.model';
const ATTR_DB_POOL_NAME = 'db.client.connection.pool.name';
const ATTR_MAIL_TRANSPORT = 'tutorly.mail.transport';
const ATTR_MAIL_SUBJECT = 'tutorly.mail.subject';
const ATTR_AI_DRAFT_OUTCOME = 'tutorly.ai_draft.outcome';

/**
 * How long closing the app waits for the last spans to reach the collector. A collector that
 * is down is retried for up to the exporter's 10 s, which would hold up a restart.
 */
const FLUSH_DEADLINE_MS = 2_000;

const REQUEST_ID = createContextKey('tutorly request id');

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export class Tracing {
  readonly tracer: Tracer;
  private readonly provider: TracerProvider;
  private readonly propagator = new W3CTraceContextPropagator();
  /** The context of the request whose work is running: the parent of the spans it causes. */
  private readonly current = new AsyncLocalStorage<Context>();
  /** Spans of operations under way, by their event object (the same one from start to end). */
  private readonly open = new WeakMap<object, Span>();
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    config: TracesConfig,
    private readonly log: Log,
  ) {
    const collector = withoutCredentials(config.endpoint);
    const exporter = new ReportingExporter(
      // Credentials in the address (https://user:token@host) are sent as basic authentication.
      new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }),
      (reason) =>
        log.warn({ collector, reason }, 'traces could not be sent to the collector; they are dropped until it answers'),
      () => log.info({ collector }, 'traces reach the collector again'),
    );
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }),
      spanProcessors: [new BatchSpanProcessor({ exporter })],
    });
    this.tracer = this.provider.getTracer('tutorly');
    this.follow(databaseQueries, databaseSpans);
    this.unsubscribes.push(keepQueryContexts());
    this.follow(mailSends, mailSpans);
    this.follow(aiDrafts, aiDraftSpans);
  }

  /** The context a request's trace continues: the caller's, when its `traceparent` header names one. */
  incoming(headers: Record<string, string | string[] | undefined>): Context {
    return this.propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
  }

  /** The context of a request's work: its span as the parent, and its id for the spans below. */
  requestContext(parent: Context, span: Span, requestId: string): Context {
    return trace.setSpan(parent, span).setValue(REQUEST_ID, requestId);
  }

  /** Runs `work`, and all it starts, as part of the request whose context this is. */
  runWithin<T>(context: Context, work: () => T): T {
    return this.current.run(context, work);
  }

  /** Stops listening, then sends what is left, giving up after FLUSH_DEADLINE_MS. */
  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    let timer: NodeJS.Timeout | undefined;
    const flushed = await Promise.race([
      this.provider.shutdown().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), FLUSH_DEADLINE_MS))),
    ]);
    clearTimeout(timer);
    if (!flushed) this.log.warn('the last traces could not be sent to the collector before closing');
  }

  /**
   * Makes a span of each operation reported on `channel` within a request; work outside any
   * request (the periodic tasks) is not traced.
   */
  private follow<E extends { error?: unknown }>(channel: TracingChannel<object, E>, spans: SpansOf<E>): void {
    const finish = (event: E) => {
      const span = this.open.get(event);
      if (!span) return;
      this.open.delete(event);
      spans.ended?.(span, event);
      span.end();
    };
    const subscribers = {
      start: (event: E) => {
        const parent = this.current.getStore();
        if (!parent) return;
        const { name, kind, attributes } = spans.started(event);
        const requestId = parent.getValue(REQUEST_ID);
        if (typeof requestId === 'string') attributes[ATTR_REQUEST_ID] = requestId;
        this.open.set(event, this.tracer.startSpan(name, { kind, attributes }, parent));
      },
      // An operation that throws before it is under way has no asyncEnd: its error came first.
      end: (event: E) => {
        if (event.error !== undefined) finish(event);
      },
      asyncStart: () => undefined,
      asyncEnd: finish,
      error: (event: E) => {
        const span = this.open.get(event);
        if (!span) return;
        const { type, attributes } = spans.failed(event);
        span.setAttributes({ ...attributes, [ATTR_ERROR_TYPE]: type });
        span.setStatus({ code: SpanStatusCode.ERROR });
      },
    };
    channel.subscribe(subscribers);
    this.unsubscribes.push(() => channel.unsubscribe(subscribers));
  }
}

/** What the spans of one channel say. */
interface SpansOf<E> {
  started(event: E): { name: string; kind: SpanKind; attributes: Attributes };
  /** The failure as a short code (error.type), never its message. */
  failed(event: E): { type: string; attributes?: Attributes };
  ended?(span: Span, event: E): void;
}

const databaseSpans: SpansOf<DatabaseQueryEvent> = {
  started(event) {
    // The statement's first word (SELECT, INSERT, BEGIN...), as the conventions allow for a name.
    const operation = /^\s*([a-z]+)/i.exec(event.statement)?.[1]?.toUpperCase();
    return {
      name: operation ?? DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        [ATTR_DB_QUERY_TEXT]: event.statement,
        ...(operation ? { [ATTR_DB_OPERATION_NAME]: operation } : {}),
        [ATTR_DB_POOL_NAME]: event.pool,
      },
    };
  },
  failed(event) {
    // PostgreSQL's SQLSTATE (23505 for a duplicate key), which unlike the message quotes no row.
    const code = errorCode(event.error);
    return code
      ? { type: code, attributes: { [ATTR_DB_RESPONSE_STATUS_CODE]: code } }
      : { type: errorName(event.error) };
  },
};

const mailSpans: SpansOf<MailSendEvent> = {
  started: (event) => ({
    name: 'send mail',
    kind: SpanKind.CLIENT,
    attributes: { [ATTR_MAIL_TRANSPORT]: event.transport, [ATTR_MAIL_SUBJECT]: event.subject },
  }),
  // nodemailer's codes (ECONNECTION, EAUTH) or the file system's (ENOSPC).
  failed: (event) => ({ type: errorCode(event.error) ?? errorName(event.error) }),
};

const aiDraftSpans: SpansOf<AiDraftEvent> = {
  started: (event) => ({
    name: `chat ${event.model}`,
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_GEN_AI_OPERATION_NAME]: 'chat',
      [ATTR_GEN_AI_PROVIDER_NAME]: event.provider,
      [ATTR_GEN_AI_REQUEST_MODEL]: event.model,
    },
  }),
  failed: (event) => ({ type: event.failureCode ?? errorName(event.error) }),
  ended(span, event) {
    if (event.outcome) span.setAttribute(ATTR_AI_DRAFT_OUTCOME, event.outcome);
  },
};

/** An error's code when it is a short token of capitals and digits (23505, ECONNREFUSED). */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z_]{1,32}$/.test(code) ? code : undefined;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '_OTHER';
}

/** The collector's address as it may be logged. */
function withoutCredentials(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.origin}${url.pathname}`;
}

/** The OTLP exporter, telling the log when the collector stops answering and when it answers again. */
class ReportingExporter implements SpanExporter {
  private failing = false;

  constructor(
    private readonly exporter: SpanExporter,
    private readonly onFailure: (reason: string) => void,
    private readonly onRecovery: () => void,
  ) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.exporter.export(spans, (result) => {
      if (result.code === ExportResultCode.FAILED && !this.failing) {
        this.failing = true;
        this.onFailure(failureReason(result.error));
      } else if (result.code === ExportResultCode.SUCCESS && this.failing) {
        this.failing = false;
        this.onRecovery();
      }
      resultCallback(result);
    });
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

/** A network error's code or an HTTP status; never a message, which may quote the address. */
function failureReason(error: Error | undefined): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : (error?.name ?? 'unknown');
}
