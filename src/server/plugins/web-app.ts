import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const webDistDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * Serves the built web app and answers unknown non-API GETs with index.html, so the client
 * router decides (including its own 'Page Not Found'). API misses get the JSON 404.
 */
export const webAppPlugin = fp(async function webApp(app: FastifyInstance, options: { distDir?: string }) {
  const distDir = options.distDir ?? webDistDir;
  const hasWebBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No web build found at ${distDir}; run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasWebBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` } });
  });
});
