import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Hot read answers are serialized once, when they are read from the database, and the JSON
 * is cached (ReadCache) and sent as it is: the route's own schema does the serializing, so what
 * goes out is exactly what its response schema would have produced. It is cached as UTF-8
 * bytes, which are written to the socket without being encoded again on every request.
 */
export function toCachedJson<S extends z.ZodType>(schema: S, value: z.output<S>): Buffer {
  return Buffer.from(JSON.stringify(z.encode(schema, value)));
}

/** Fastify sends JSON text or bytes with a JSON content type as they are, without serializing them again. */
export function sendJson(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** What a cached JSON answer weighs in the cache: its size in bytes. */
export const weighJson = (json: Buffer): number => json.byteLength;
