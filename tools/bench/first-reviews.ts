/**
 * Every review the benchmark posts is its writer's first review of that tutor, so every one
 * is answered 201: the submission scenario, the steady writer of the mixed runs and the
 * visibility check all take their (writer, tutor) pairs from one FirstReviews per run, which
 * hands each pair out once.
 */
import type { CreateReviewInput } from '../../src/shared/reviews';

export const REVIEWS_PATH = '/api/reviews';
/** Longer than any answer should take under load; a post still waiting then counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface FirstReview {
  /** The writer's Cookie header. */
  cookie: string;
  review: CreateReviewInput;
}

export class FirstReviews {
  private readonly taken = new Set<string>();
  /** Per tutor, the first writer who may not have reviewed them yet. */
  private readonly nextWriterOf = new Map<string, number>();
  private handedOut = 0;

  constructor(private readonly writerCookies: readonly string[]) {
    if (writerCookies.length === 0) throw new Error('The dataset has no writers.');
  }

  get writers(): number {
    return this.writerCookies.length;
  }

  /** The review of `tutorId` by `writer`, or null when this run has handed that pair out already. */
  take(writer: number, tutorId: string): FirstReview | null {
    const pair = `${writer} ${tutorId}`;
    if (this.taken.has(pair)) return null;
    this.taken.add(pair);
    const n = this.handedOut++;
    return {
      cookie: this.writerCookies[writer]!,
      review: {
        tutorId,
        title: `Benchmark review ${n}`,
        body: 'Clear explanations, fair exams and helpful office hours. The problem sets take time but are worth it.',
        rating: 1 + (n % 5),
        aiAssisted: false,
      },
    };
  }

  /** A review of `tutorId` by the first writer who has not reviewed them yet; null when all have. */
  takeFor(tutorId: string): FirstReview | null {
    for (let writer = this.nextWriterOf.get(tutorId) ?? 0; writer < this.writers; writer++) {
      const next = this.take(writer, tutorId);
      if (next) {
        this.nextWriterOf.set(tutorId, writer + 1);
        return next;
      }
    }
    this.nextWriterOf.set(tutorId, this.writers);
    return null;
  }
}

/** The headers of a review's POST as the web app on `origin` sends it. */
export function reviewPostHeaders(origin: string, cookie: string): Record<string, string> {
  return { accept: 'application/json', 'content-type': 'application/json', origin, cookie };
}

export interface PostAnswer {
  status: number;
  body: string;
  ms: number;
}

/** Posts the review to the server at `baseUrl` (also its public origin) and times the answer. */
export async function postReview(baseUrl: string, { cookie, review }: FirstReview): Promise<PostAnswer> {
  const started = performance.now();
  const response = await fetch(baseUrl + REVIEWS_PATH, {
    method: 'POST',
    headers: reviewPostHeaders(baseUrl, cookie),
    body: JSON.stringify(review),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}
