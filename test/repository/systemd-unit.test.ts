import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The systemd unit docs/when-things-fail.md tells operators to install: it must parse, supervise
// (restart whatever ends the process), stop Tutorly the way its graceful stop expects, and keep
// it in a sandbox that lets it write to its data folder alone.

const UNIT = path.resolve('docs/deploy/tutorly.service');
const SYSTEMD_ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => existsSync(file));

/** Each section's settings; a key given twice keeps every value, in order. */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] ??= {};
      continue;
    }
    const setting = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!setting || !current) throw new Error(`not a unit file line: ${raw}`);
    (current[setting[1]!] ??= []).push(setting[2]!);
  }
  return sections;
}

describe('the systemd unit', () => {
  const unit = parseUnit(readFileSync(UNIT, 'utf8'));
  const service = unit.Service ?? {};
  const one = (key: string) => service[key]?.at(-1);

  test('restarts Tutorly whatever ends it, and stops it with SIGTERM given time to finish', () => {
    expect(one('Restart')).toBe('always');
    expect(one('KillSignal') ?? 'SIGTERM').toBe('SIGTERM');
    // The graceful stop takes at most 25 s before it gives up on its own (src/server/main.ts).
    expect(Number.parseInt(one('TimeoutStopSec') ?? '90', 10)).toBeGreaterThanOrEqual(30);
    expect(one('ExecStart')).toMatch(/\bnode\b.*dist\/server\/main\.js$/);
    expect(unit.Install?.WantedBy).toEqual(['multi-user.target']);
  });

  test('runs sandboxed, writing to its data folder alone', () => {
    expect(one('User')).toBeTruthy();
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('ProtectHome')).toBe('yes');
    const dataDir = service.Environment?.map((value) => /^DATA_DIR=(.+)$/.exec(value)?.[1]).find(Boolean);
    expect(dataDir).toBeTruthy();
    expect(service.ReadWritePaths).toEqual([dataDir]);
  });

  test.skipIf(!SYSTEMD_ANALYZE)('passes systemd-analyze verify', () => {
    const result = spawnSync(SYSTEMD_ANALYZE!, ['verify', UNIT], { encoding: 'utf8' });
    // Only the unit's own lines count: verify also reports on whatever the host's units lack.
    const aboutUnit = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('tutorly.service'));
    expect({ status: result.status, aboutUnit }).toEqual({ status: 0, aboutUnit: [] });
  });
});
