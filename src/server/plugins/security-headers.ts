import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The policy allows no inline script at all, so markup that slipped into a page could not
 * run. (The API docs page brings its own CSP with hashes: see the openapi plugin.)
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // react-hot-toast positions toasts with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * What protects any answer, a JSON one included: no sniffing it into something else, no
 * framing, no embedding by other sites, no referrer leaking, HTTPS only. They never vary by
 * request, so they are one object set once per answer.
 */
function headersForEveryAnswer(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Only when the site is public over HTTPS: sent over plain HTTP it would lock users out.
    ...(options.https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
  };
}

/**
 * Headers that only mean something for what a browser renders (a browsing context, its
 * prefetching, its downloads, plug-ins): the web app's pages, static files, uploads, the API
 * docs page. The API's JSON answers go without them: each header is work for the server and
 * for the client on every request.
 */
const DOCUMENT_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditor caused more harm than good; 0 turns it off where it still exists.
  'x-xss-protection': '0',
};

/** The API's JSON answers; its docs page is a document. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const securityHeadersPlugin = fp(async function securityHeadersOnEveryAnswer(app: FastifyInstance) {
  const forApi = headersForEveryAnswer({ https: app.config.secureCookies });
  const forDocuments = { ...forApi, ...DOCUMENT_HEADERS };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? forApi : forDocuments);
    done();
  });
});
