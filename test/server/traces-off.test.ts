import { createRequire } from 'node:module';
import { afterEach, expect, test } from 'vitest';
import { aiDrafts, databaseQueries, mailSends } from '../../src/server/observability/events';
import { apiPaths } from '../../src/shared/api-paths';
import { signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { postSignup } from '../helpers/auth';
import { createTutorRecord, uniqueEmail } from '../helpers/factories';
import { request } from '../helpers/requests';

// Traces are off unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and then cost nothing: OpenTelemetry's
// SDK is not even loaded. A file of its own, so that no test of traces on has loaded it before.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * The OpenTelemetry SDK's modules loaded into this process (its packages are CommonJS). The API
 * alone, a facade that does nothing until an SDK is registered, may come with other packages
 * (prom-client reads exemplars through it).
 */
const openTelemetrySdkModules = () =>
  Object.keys(createRequire(import.meta.url).cache).filter(
    (file) => file.includes('@opentelemetry/') && !file.includes('@opentelemetry/api/'),
  );

test('without OTEL_EXPORTER_OTLP_ENDPOINT, the OpenTelemetry SDK is not loaded, no hook is added and nobody listens to the events', async () => {
  t = await createTestApp({ env: { OTEL_SERVICE_NAME: 'tutorly-untraced' } });
  const student = await signedInStudent(t);
  const tutor = await createTutorRecord(t.db);
  expect((await request(t.app, 'GET', apiPaths.tutor(tutor.id), { as: student })).statusCode).toBe(200);
  const signUp = { name: 'Ada Untraced', email: uniqueEmail(), password: 'Untraced-passphrase-2b7f' };
  expect((await postSignup(t.app, signUp)).statusCode).toBe(201);

  expect(t.app.hasPlugin('tracing')).toBe(false);
  expect([databaseQueries.hasSubscribers, mailSends.hasSubscribers, aiDrafts.hasSubscribers]).toEqual([
    false,
    false,
    false,
  ]);
  expect(openTelemetrySdkModules()).toEqual([]);
});
