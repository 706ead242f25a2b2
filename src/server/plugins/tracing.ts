import { type Context, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TracesConfig } from '../config';
import { ATTR_REQUEST_ID, Tracing } from '../observability/tracing';

/**
 * A server span for each request, the parent of the spans of its database queries, mails and
 * AI drafts. Registered before every other plugin, so that its hooks come first.
 *
 * Each request's work runs within its context (AsyncLocalStorage), entered by the first
 * onRequest hook, and entered again before validation and for the onResponse hooks that follow
 * (the work left for after the answer, such as sign-up's mail): these run after events of the
 * connection's (the body read, the answer sent), which need not carry it.
 */
export const tracingPlugin = fp(
  async function tracing(app: FastifyInstance, options: { traces: TracesConfig }) {
    const tracing = new Tracing(options.traces, app.log);
    const traced = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      const parent = tracing.incoming(request.headers);
      const span = tracing.tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
            // The path alone: a query string may carry a token.
            [ATTR_URL_PATH]: request.url.split('?', 1)[0],
            [ATTR_REQUEST_ID]: request.id,
          },
        },
        parent,
      );
      const context = tracing.requestContext(parent, span, request.id);
      traced.set(request, { span, context });
      // A client gone before the end of the answer: there is no onResponse.
      reply.raw.once('close', () => end(request, reply));
      tracing.runWithin(context, done);
    });

    app.addHook('preValidation', (request, _reply, done) => {
      const context = traced.get(request)?.context;
      if (context) tracing.runWithin(context, done);
      else done();
    });

    app.addHook('onResponse', (request, reply, done) => {
      const context = traced.get(request)?.context;
      end(request, reply);
      if (context) tracing.runWithin(context, done);
      else done();
    });

    app.addHook('onClose', () => tracing.close());

    function end(request: FastifyRequest, reply: FastifyReply): void {
      const entry = traced.get(request);
      if (!entry) return;
      traced.delete(request);
      const { span } = entry;
      if (reply.raw.headersSent) {
        const status = reply.statusCode;
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        if (status >= 500) {
          span.setAttribute(ATTR_ERROR_TYPE, String(status));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
      }
      span.end();
    }
  },
  { name: 'tracing' },
);
