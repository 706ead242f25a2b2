import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sec-Fetch-Site values of requests a page of this site made, or the user typed. */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

const CROSS_SITE_MESSAGE =
  'This request came from another website and was refused. Please make the change on this site itself.';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request may have been sent by another site's page. Browsers say
 * where a request comes from in Sec-Fetch-Site (which scripts cannot set); older ones only in
 * Origin, which must then be the public address or the one the request was sent to. A request
 * with neither header comes from no browser page (curl, scripts, server-to-server) and carries
 * no cookies a victim's browser would attach.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return !SAME_ORIGIN_FETCH_SITES.has(fetchSite.trim().toLowerCase());
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  // A sandboxed frame or a redirect chain sends the literal "null": never this site.
  if (origin === 'null') return true;
  const ownOrigin = originOf(`${request.protocol}://${request.host}`);
  return origin !== publicOrigin && origin !== ownOrigin;
}

/**
 * State-changing requests from other sites are refused, on top of the SameSite=Lax session
 * cookie. Every unsafe method is checked whatever its path: the router decodes `/%61pi/…` to the
 * API's routes, so any test of the raw URL can be spelled around, and no page of this site is
 * written to by another site's forms.
 */
export const sameOriginPlugin = fp(async function sameOrigin(app: FastifyInstance) {
  const publicOrigin = originOf(app.config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, publicOrigin)) {
      request.log.info(
        { origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      throw new AppError('cross_site', CROSS_SITE_MESSAGE);
    }
  });
});
