import { describe, expect, test } from 'vitest';
import { Outages } from '../../src/server/observability/outages';
import { createTestClock } from '../helpers/clock';

// The once-only rule every outage shares (observability/outages.ts): its integration tests are
// full-disk, uploads-s3 and the browser's full-disk run; this pins the rule itself.

function recorder() {
  const lines: { level: string; fields: { outage?: string; event?: string; seconds?: number } }[] = [];
  return {
    lines,
    log: {
      error: (fields: object) => void lines.push({ level: 'error', fields }),
      warn: (fields: object) => void lines.push({ level: 'warn', fields }),
    },
  };
}

describe('outages', () => {
  test('are told once when they begin and once when they end, however often they are met', () => {
    const clock = createTestClock();
    const { lines, log } = recorder();
    const outages = new Outages(log, clock);
    for (let i = 0; i < 50; i++) outages.begin('picture_store', new Error('ECONNREFUSED'));
    clock.advance(12_000);
    for (let i = 0; i < 50; i++) outages.end('picture_store');
    outages.begin('picture_store', new Error('ECONNREFUSED'));

    expect(lines.map(({ level, fields }) => [level, fields.outage, fields.event])).toEqual([
      ['error', 'picture_store', 'started'],
      ['warn', 'picture_store', 'ended'],
      ['error', 'picture_store', 'started'],
    ]);
    expect(lines[1]!.fields.seconds).toBe(12);
    expect(outages.startedCount('picture_store')).toBe(2);
    expect(outages.active().map((outage) => outage.name)).toEqual(['picture_store']);
    outages.close();
  });

  test("a PostgreSQL server's full disk ends only once no save was refused for a few seconds", () => {
    const clock = createTestClock();
    const { lines, log } = recorder();
    const outages = new Outages(log, clock);
    outages.begin('database_disk_full', new Error('53100'));
    clock.advance(1_000);
    // A row that fit in an allocated page commits between two refusals: the outage goes on.
    outages.end('database_disk_full');
    outages.begin('database_disk_full', new Error('53100'));
    expect(outages.isActive('database_disk_full')).toBe(true);
    clock.advance(6_000);
    outages.end('database_disk_full');
    expect(outages.isActive('database_disk_full')).toBe(false);
    expect(lines.map(({ fields }) => fields.event)).toEqual(['started', 'ended']);
    outages.close();
  });

  test('a probe ends an outage no request meets any more; a failing probe leaves it on', async () => {
    const { log } = recorder();
    const outages = new Outages(log, createTestClock());
    let diskBack = false;
    outages.setProbe('disk_full', async () => {
      if (!diskBack) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    outages.begin('disk_full', new Error('ENOSPC'));
    await outages.probe();
    expect(outages.active().map(({ name, withdrawsReadiness }) => ({ name, withdrawsReadiness }))).toEqual([
      { name: 'disk_full', withdrawsReadiness: true },
    ]);
    diskBack = true;
    await outages.probe();
    expect(outages.active()).toEqual([]);
    outages.close();
  });
});
