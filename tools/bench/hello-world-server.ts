/**
 * The ceiling the benchmark compares the real server against: Fastify answering a constant
 * JSON object, no plugins, no logging, no database. Run as its own process; PORT says where.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
