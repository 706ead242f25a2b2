import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Hot read answers are serialized once, when they are read from the database, and the JSON
 * text is kept (ReadCache) and sent as it is: the route's own schema does the serializing,
 * so what goes out is exactly what its response schema would have produced.
 */
export function serializeAnswer<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Fastify sends a string with a JSON content type as it is, without serializing it again. */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** What a kept JSON answer weighs in the cache: its length. */
export const weighJson = (json: string): number => json.length;
