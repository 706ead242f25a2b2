import type { Connect, Plugin } from 'vite';

/**
 * `/` has an HTML page of its own (a lean bundle without the router); every other path gets the
 * app's index.html. The server does this in production; this does it for `vite` and `vite preview`.
 */
export function landingPagePlugin(landingHtml: string): Plugin {
  const serveLandingAtRoot: Connect.NextHandleFunction = (request, _response, next) => {
    const [pathname, query] = (request.url ?? '').split(/\?(.*)/s);
    if (pathname === '/') request.url = `/${landingHtml}${query === undefined ? '' : `?${query}`}`;
    next();
  };
  return {
    name: 'tutorly:landing-page',
    configureServer(server) {
      server.middlewares.use(serveLandingAtRoot);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveLandingAtRoot);
    },
  };
}
