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
 * Every answer (API, the web app's page, its static files, uploads, errors) carries these.
 * They never vary by request, so they are one object set once per answer.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Only when the site is public over HTTPS: sent over plain HTTP it would lock users out.
    ...(options.https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor caused more harm than good; 0 turns it off where it still exists.
    'x-xss-protection': '0',
  };
}

export const securityHeadersPlugin = fp(async function securityHeadersOnEveryAnswer(app: FastifyInstance) {
  const headers = securityHeaders({ https: app.config.secureCookies });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
