import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  auditLogActorsSchema,
  auditLogFilterSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '../../../../shared/audit';
import { auditLogCsv, listAuditLog, listAuditLogActors } from '../../../services/audit-log';
import type { FastifyReply } from 'fastify';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

/** The audit log page: every admin action, filtered, paged, and exported as CSV. */
export async function adminAuditLogRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every admin action, newest first: filtered by person, kind of action and dates (UTC days), paged',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );

  app.get(
    '/actors',
    {
      schema: {
        tags: ['admin'],
        summary: 'Everyone who has entries in the audit log, by name, for the person filter',
        response: { 200: auditLogActorsSchema, ...errorResponses },
      },
    },
    async () => listAuditLogActors(app.db),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered audit log as a CSV file: every matching entry, newest first, with a header row',
        querystring: auditLogFilterSchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const day = app.clock().toISOString().slice(0, 10);
      return sendCsv(reply, `tutorly-audit-log-${day}.csv`, auditLogCsv(app.db, request.query));
    },
  );
}

/** Streams CSV lines as a download: Fastify sends a stream as it is, without the response schema's serializer. */
function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}
