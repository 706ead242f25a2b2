import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { logDestination, loggerOptions } from '../../src/server/lib/logger';

// LOG_FORMAT: JSON lines for machines, readable lines for a person, the same redaction in both.

async function logOf(format: 'json' | 'pretty'): Promise<string> {
  const sink = new PassThrough();
  let written = '';
  sink.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const app = Fastify({ logger: loggerOptions('info', logDestination(format, sink)) });
  app.log.info({ user: { name: 'Ada', password: 'hunter2-secret' } }, 'Tutorly is running');
  await app.close();
  // The readable format writes through a stream of its own: its line arrives a tick later.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return written;
}

test('LOG_FORMAT=pretty writes readable lines: time, level and message first, the fields below, secrets masked', async () => {
  const log = await logOf('pretty');
  const [first] = log.split('\n');
  expect(first).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Tutorly is running$/);
  expect(() => JSON.parse(first!)).toThrow();
  expect(log).toContain('"name": "Ada"');
  expect(log).toContain('[REDACTED]');
  expect(log).not.toContain('hunter2-secret');
  // No colour codes when the output is not a terminal.
  expect(log).not.toContain('\u001b[');
});

test('LOG_FORMAT=json writes one JSON object a line, secrets masked', async () => {
  const log = await logOf('json');
  const entry = JSON.parse(log.trim().split('\n')[0]!);
  expect(entry).toMatchObject({ level: 30, msg: 'Tutorly is running', user: { name: 'Ada', password: '[REDACTED]' } });
  expect(log).not.toContain('hunter2-secret');
});
