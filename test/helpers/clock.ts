import type { Clock } from '../../src/server/lib/clock';

/** A clock the test moves by hand: expiry is tested by advancing it, never by sleeping. */
export interface TestClock extends Clock {
  advance(ms: number): Date;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  // Whole seconds, so times that travel through a cookie's Expires attribute compare exactly.
  let now = Math.floor(start.getTime() / 1000) * 1000;
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
    return new Date(now);
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}
