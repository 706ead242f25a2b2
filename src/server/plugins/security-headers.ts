import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answer (API, the web app's page, its static files, uploads, errors) carries these. The
 * policy allows no inline script at all, so markup that slipped into a page could not run.
 */
export const securityHeadersPlugin = fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    // The API docs page brings its own CSP with hashes (see openapi plugin).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast positions toasts with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // For browsers that predate frame-ancestors.
    frameguard: { action: 'deny' },
    // Only when the site is public over HTTPS: sent over plain HTTP it would lock users out.
    hsts: app.config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
});
