import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an OpenTelemetry collector: OTLP/HTTP with JSON bodies (POST /v1/traces), on
// loopback, keeping every body as it came and the spans read from it.

type AttributeValue = string | number | boolean;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for the root of a trace. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  /** The attributes of the service that sent it (service.name). */
  resource: Record<string, AttributeValue>;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT names: spans are posted to <url>/v1/traces. */
  url: string;
  /** Each request's body, unparsed: to check that nothing secret was sent in any form. */
  bodies: string[];
  /** Each request's Authorization header, if any. */
  authorizations: (string | undefined)[];
  /** Requests to any other path or method. */
  strayRequests: string[];
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value: { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
}

interface OtlpTraceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpKeyValue[];
        status?: { code?: number };
      }[];
    }[];
  }[];
}

function attributesOf(list: OtlpKeyValue[] = []): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const { key, value } of list) {
    const { stringValue, intValue, boolValue, doubleValue } = value;
    attributes[key] = stringValue ?? (intValue !== undefined ? Number(intValue) : (boolValue ?? doubleValue ?? ''));
  }
  return attributes;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const strayRequests: string[] = [];
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        strayRequests.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      authorizations.push(request.headers.authorization);
      const parsed = JSON.parse(body) as OtlpTraceRequest;
      for (const { resource, scopeSpans = [] } of parsed.resourceSpans ?? []) {
        for (const scope of scopeSpans) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              statusCode: span.status?.code ?? 0,
              resource: attributesOf(resource?.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    authorizations,
    strayRequests,
    spans,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
