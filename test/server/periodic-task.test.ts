import { expect, test } from 'vitest';
import { runPeriodically } from '../../src/server/plugins/periodic-task';
import { createTestApp } from '../helpers/app';

test('a periodic task that fails is logged with its message, and the next run tries again', async () => {
  const t = await createTestApp();
  let runs = 0;
  runPeriodically(
    t.app,
    20,
    async () => {
      runs += 1;
      if (runs === 1) throw new Error('the first run failed');
    },
    'the test task failed',
  );
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => runs).toBeGreaterThanOrEqual(2);
    const failures = t.logs
      .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } })
      .filter((line) => line.msg === 'the test task failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.err?.message).toBe('the first run failed');
  } finally {
    await t.close();
  }
});
