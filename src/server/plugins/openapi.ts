import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiPaths } from '../../shared/api-paths';
import { sessionCookieName } from './auth';

export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tutorly API',
        version: '1.0.0',
        description: 'Accounts, tutors and reviews. Errors are `{ "error": { "code", "message" } }`.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(app.config) } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: apiPaths.apiDocs,
    staticCSP: true,
    // Its own policy allows framing by the same site; nothing here is meant to be framed.
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  app.get(apiPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
});
