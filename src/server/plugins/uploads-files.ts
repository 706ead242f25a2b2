import { z } from 'zod';
import { UPLOADS_URL_PREFIX } from '../../shared/uploads';
import { isStoredFileKey } from '../storage';
import type { App } from '../types';

const contentTypeByExtension = { jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Serves stored pictures at /uploads/<key>. A key names its bytes for good, so browsers and
 * proxies may keep them forever. Anything that is not a stored key gets the JSON 404, never the
 * web app's index page.
 */
export async function uploadsFilesPlugin(app: App): Promise<void> {
  const notFound = { error: { code: 'not_found', message: 'No such picture.' } };

  app.get(
    `${UPLOADS_URL_PREFIX}:file`,
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      const stored = isStoredFileKey(file) ? await app.imageStore.open(file) : null;
      if (!stored) return reply.status(404).send(notFound);
      const extension = file.slice(file.lastIndexOf('.') + 1) as keyof typeof contentTypeByExtension;
      return reply
        .header('content-type', contentTypeByExtension[extension])
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream());
    },
  );

  // Deeper paths are never pictures either.
  app.get(`${UPLOADS_URL_PREFIX}*`, { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send(notFound),
  );
}
