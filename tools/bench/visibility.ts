/**
 * Whether a review posted through one instance shows on the other's tutor profile, and how
 * soon. Each try first reads the profile and its first page of reviews on the other instance
 * (so that instance has them in memory, as it would for a popular tutor), posts the review,
 * then asks the other instance again and again until its profile counts one review more and
 * the review is on the first page. The tries alternate direction.
 */
import type { ReviewResponse } from '../../src/shared/my-reviews';
import type { TutorResponse } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { type FirstReviews, postReview } from './first-reviews';
import { readAs } from './scenarios';

/** A review not shown by then is reported as never shown. */
const GIVE_UP_MS = 5_000;
/** Between tries, so they spread over the load that runs alongside. */
const PAUSE_BETWEEN_TRIES_MS = 50;

export interface VisibilityResult {
  tries: number;
  /**
   * Per try that showed, milliseconds from the post's answer to the answer of the first read on
   * the other instance that showed it: an upper bound, as it includes that read's own time.
   */
  shownAfterMs: number[];
  /** Tries whose review the other instance did not show within GIVE_UP_MS. */
  notShown: number;
  /** The slowest and the median of those that showed. */
  maxMs: number | null;
  medianMs: number | null;
  giveUpMs: number;
}

export interface VisibilityCheck {
  /** The two instances' base URLs. */
  instances: readonly [string, string];
  tutorIds: readonly string[];
  readerCookies: readonly string[];
  firstReviews: FirstReviews;
  tries: number;
}

export async function checkVisibility(check: VisibilityCheck): Promise<VisibilityResult> {
  const shownAfterMs: number[] = [];
  let notShown = 0;
  let tutorTurn = 0;
  for (let attempt = 0; attempt < check.tries; attempt++) {
    const postTo = check.instances[attempt % 2]!;
    const readFrom = check.instances[(attempt + 1) % 2]!;
    const cookie = check.readerCookies[attempt % check.readerCookies.length]!;
    const tutorId = check.tutorIds[tutorTurn++ % check.tutorIds.length]!;
    const profilePath = `/api/tutors/${tutorId}`;
    const reviewsPath = `/api/tutors/${tutorId}/reviews?page=1`;
    const readProfile = () =>
      Promise.all([
        readAs<TutorResponse>(readFrom, profilePath, cookie),
        readAs<TutorReviewList>(readFrom, reviewsPath, cookie),
      ]);

    const [before] = await readProfile();
    const review = check.firstReviews.takeFor(tutorId);
    if (!review) continue;
    const posted = await postReview(postTo, review);
    if (posted.status !== 201)
      throw new Error(`POST /api/reviews answered ${posted.status}: ${posted.body.slice(0, 200)}`);
    const { id } = (JSON.parse(posted.body) as ReviewResponse).review;
    const answeredAt = performance.now();
    for (;;) {
      const [profile, reviews] = await readProfile();
      const waited = performance.now() - answeredAt;
      if (profile.tutor.reviewCount > before.tutor.reviewCount && reviews.items.some((item) => item.id === id)) {
        shownAfterMs.push(Math.round(waited * 10) / 10);
        break;
      }
      if (waited > GIVE_UP_MS) {
        notShown += 1;
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_TRIES_MS));
  }
  const sorted = [...shownAfterMs].sort((a, b) => a - b);
  return {
    tries: shownAfterMs.length + notShown,
    shownAfterMs,
    notShown,
    maxMs: sorted.at(-1) ?? null,
    medianMs: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null,
    giveUpMs: GIVE_UP_MS,
  };
}
