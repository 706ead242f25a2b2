import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { RateLimitRule, RateLimitsConfig } from '../config';
import { changeInOneStatement, NOTHING_KEPT } from '../db/change-data';
import type { Database, WritableDatabase } from '../db/client';
import { preparedStatement } from '../db/prepared-statements';
import { rateLimits } from '../db/schema';
import { clientAddressGroup } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import { RateLimitedError } from '../lib/errors';
import { hashToken } from '../lib/tokens';

/** The window a hit landed in: how many requests it holds now, and when it ends. */
export interface RateLimitWindow {
  count: number;
  windowEnd: Date;
}

/**
 * Where the counters live. They must be shared by every server instance, so a limit holds
 * behind a load balancer; the database is the default, another shared store (Redis, ...) can
 * take its place behind this interface.
 */
export interface RateLimitStore {
  /** Counts `amount` (one request, or its size) for `key`, atomically, opening a new window when the last has ended. */
  hit(key: string, windowMs: number, now: Date, amount?: number): Promise<RateLimitWindow>;
  /**
   * Takes one request back from the window it was counted in, if that window is still the
   * current one; given `{ openAt }`, from whichever window of `key` is open at that time.
   */
  giveBack(key: string, window: RateLimitWindow | { openAt: Date }): Promise<void>;
  /** Forgets windows that ended before `now`; answers how many. */
  prune(now: Date): Promise<number>;
}

/**
 * One statement, so simultaneous requests on any instance are counted one after the other.
 * Every limited request runs it, so it is prepared once.
 */
const countHit = preparedStatement((db: WritableDatabase) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const windowEnd = sql`${sql.placeholder('windowEnd')}::timestamptz`;
  const amount = sql`${sql.placeholder('amount')}::int`;
  const stillOpen = sql`${rateLimits.windowEnd} > ${now}`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: now, windowEnd, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${stillOpen} then ${rateLimits.count} + ${amount} else ${amount} end`,
        windowStart: sql`case when ${stillOpen} then ${rateLimits.windowStart} else ${now} end`,
        windowEnd: sql`case when ${stillOpen} then ${rateLimits.windowEnd} else ${windowEnd} end`,
      },
    })
    .returning({ count: rateLimits.count, windowEnd: rateLimits.windowEnd })
    .prepare('rate_limit_hit');
});

/** The counters are read by the limiter alone, never kept in memory: their writes change nothing kept. */
export function databaseRateLimitStore(db: Database): RateLimitStore {
  return {
    async hit(key, windowMs, at, amount = 1) {
      const [row] = await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
        countHit(writable).execute({
          key,
          amount,
          now: at.toISOString(),
          windowEnd: new Date(at.getTime() + windowMs).toISOString(),
        }),
      );
      return row!;
    },

    async giveBack(key, window) {
      await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
        writable
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          .where(
            and(
              eq(rateLimits.key, key),
              'openAt' in window ? gt(rateLimits.windowEnd, window.openAt) : eq(rateLimits.windowEnd, window.windowEnd),
            ),
          ),
      );
    },

    async prune(now) {
      const removed = await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
        writable.delete(rateLimits).where(lt(rateLimits.windowEnd, now)).returning({ key: rateLimits.key }),
      );
      return removed.length;
    },
  };
}

export type RateLimitName = keyof RateLimitsConfig;

/** What a client is told when it runs into each limit; `{wait}` becomes "12 minutes" or similar. */
const refusals: Record<RateLimitName, string> = {
  loginPerAccount: 'Too many failed login attempts. Please try again in {wait}.',
  loginPerIp: 'Too many failed login attempts. Please try again in {wait}.',
  signupPerIp: 'Too many sign-ups from your network. Please try again in {wait}.',
  resendVerificationPerIp: 'Too many verification emails were requested. Please try again in {wait}.',
  writesPerUser: 'You are making changes too quickly. Please try again in {wait}.',
  // Never shown: past it the notice is left unsent and the sign-up answered as ever.
  signupNoticesPerAddress: 'Too many sign-up notices for this address. Please try again in {wait}.',
  passwordResetPerAddress:
    'Too many password reset emails were requested for this address. Please try again in {wait}.',
  passwordResetPerIp: 'Too many password reset emails were requested from your network. Please try again in {wait}.',
  campusStartPerIp:
    'Too many sign-ins with your university were started from your network. Please try again in {wait}.',
  uploadsPerUser: 'You have uploaded too many pictures. Please try again in {wait}.',
  uploadKibibytesPerUser: 'You have uploaded too much picture data for now. Please try again in {wait}.',
};

/** Limits kept per client address; an IPv6 client is counted by its /64 (see clientAddressGroup). */
const PER_CLIENT_ADDRESS: ReadonlySet<RateLimitName> = new Set([
  'loginPerIp',
  'signupPerIp',
  'resendVerificationPerIp',
  'passwordResetPerIp',
  'campusStartPerIp',
]);

/** A request that was counted, so it can be given back when it should not count after all. */
export interface CountedRequest {
  key: string;
  window: RateLimitWindow;
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  // Day-long quotas: "17 hours" reads better than "1013 minutes".
  if (seconds > 2 * 3600) return `${Math.ceil(seconds / 3600)} hours`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: RateLimitsConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one request of `subject` (a client address, an email, a user id) against a limit and
   * throws RateLimitedError once the limit is passed. Subjects are stored hashed: the table
   * keeps no addresses.
   */
  async consume(name: RateLimitName, subject: string, amount = 1): Promise<CountedRequest> {
    const rule: RateLimitRule = this.rules[name];
    const now = this.clock();
    const key = this.keyOf(name, subject);
    const window = await this.store.hit(key, rule.windowMs, now, amount);
    if (window.count > rule.limit) {
      const seconds = Math.max(1, Math.ceil((window.windowEnd.getTime() - now.getTime()) / 1000));
      throw new RateLimitedError(refusals[name].replace('{wait}', describeWait(seconds)), seconds);
    }
    return { key, window };
  }

  /**
   * Counts one attempt of `subject` in a period of `name`'s length, spaced out rather than held
   * to a flat limit: the first `free` attempts of the period come at once, then the waits double
   * (1 s, 2 s, 4 s, ... with `firstWaitMs` of 1 s), until the period ends and the count starts
   * over. A refused attempt is not counted, so asking again while waiting changes nothing.
   */
  async consumeSpaced(
    name: RateLimitName,
    subject: string,
    spacing: { free: number; firstWaitMs: number },
  ): Promise<CountedRequest> {
    const rule: RateLimitRule = this.rules[name];
    const now = this.clock();
    const key = `${name}:spaced:${hashToken(subject)}`;
    const window = await this.store.hit(key, rule.windowMs, now);
    const beyondFree = window.count - spacing.free;
    if (beyondFree > 0) {
      const windowStart = window.windowEnd.getTime() - rule.windowMs;
      const allowedAt = Math.min(windowStart + spacing.firstWaitMs * (2 ** beyondFree - 1), window.windowEnd.getTime());
      if (allowedAt > now.getTime()) {
        await this.store.giveBack(key, window);
        const seconds = Math.max(1, Math.ceil((allowedAt - now.getTime()) / 1000));
        throw new RateLimitedError(refusals[name].replace('{wait}', describeWait(seconds)), seconds);
      }
    }
    return { key, window };
  }

  /** Counts like consume, but answers false instead of throwing once the limit is passed. */
  async tryConsume(name: RateLimitName, subject: string): Promise<boolean> {
    try {
      await this.consume(name, subject);
      return true;
    } catch (err) {
      if (err instanceof RateLimitedError) return false;
      throw err;
    }
  }

  /** For limits that count only failures: a request that succeeded stops counting. */
  async giveBack(counted: CountedRequest): Promise<void> {
    await this.store.giveBack(counted.key, counted.window);
  }

  /**
   * For limits that count what is left unfinished, when the finishing request is not the one
   * that was counted (a sign-in started in one request and completed in another): one request
   * of `subject` stops counting, if its window is still open.
   */
  async giveBackOne(name: RateLimitName, subject: string): Promise<void> {
    await this.store.giveBack(this.keyOf(name, subject), { openAt: this.clock() });
  }

  private keyOf(name: RateLimitName, subject: string): string {
    const counted = PER_CLIENT_ADDRESS.has(name) ? clientAddressGroup(subject) : subject;
    return `${name}:${hashToken(counted)}`;
  }

  prune(): Promise<number> {
    return this.store.prune(this.clock());
  }
}
