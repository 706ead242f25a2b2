import { z } from 'zod';

/**
 * Hot read answers are serialized once, when they are read from the database, and kept as JSON
 * (read-models/) to be sent as they are: the route's own schema does the serializing, so what
 * goes out is exactly what its response schema would have produced. They are kept as UTF-8
 * bytes, which are written to the socket without being encoded again on every request.
 */
export function toJsonBytes<S extends z.ZodType>(schema: S, value: z.output<S>): Buffer {
  return Buffer.from(JSON.stringify(z.encode(schema, value)));
}
