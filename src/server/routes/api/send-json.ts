import type { FastifyReply } from 'fastify';

/**
 * Sends an answer a read model has already serialized (lib/json-bytes.ts) with a JSON content
 * type, as it is: Fastify does not serialize text or bytes again.
 */
export function sendJson(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
