import type { ReviewContent } from '../../../shared/reviews';
import type { ReviewCard, ReviewDetails } from '../../../shared/review-answers';
import type { AdminResponseFromTutor, AdminReview, ReviewReport } from '../../../shared/review-moderation';
import type { MyReview } from '../../../shared/my-reviews';
import type { ReviewAppeal } from '../../../shared/appeals';
import { sql } from 'drizzle-orm';
import { storedImage } from '../../../shared/uploads';
import { reviews, tutors, users, type ReviewRow, type TutorRow, type UserRow } from '../../db/schema';

/** The review columns every review answer is built from. */
export const reviewColumns = {
  id: reviews.id,
  title: reviews.title,
  body: reviews.body,
  rating: reviews.rating,
  aiAssisted: reviews.aiAssisted,
  showName: reviews.showName,
  course: reviews.course,
  termSeason: reviews.termSeason,
  termYear: reviews.termYear,
  difficulty: reviews.difficulty,
  wouldTakeAgain: reviews.wouldTakeAgain,
  tags: reviews.tags,
  helpfulCount: reviews.helpfulCount,
  isHidden: reviews.isHidden,
  hiddenReason: reviews.hiddenReason,
  heldAt: reviews.heldAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

/** The tutor as a review card shows it. */
export const reviewTutorColumns = {
  id: tutors.id,
  name: tutors.name,
  department: tutors.department,
  imageKey: tutors.imageKey,
  isPublic: tutors.isPublic,
};

export const reviewAuthorColumns = { id: users.id, name: users.name, email: users.email };

/**
 * The author's name as other students may see it: null unless the author chose to show it. Read
 * this way in SQL, so an anonymous author's name never leaves the database for a public answer.
 */
export const shownAuthorName = sql<string | null>`case when ${reviews.showName} then ${users.name} end`;

type ReviewFields = Pick<ReviewRow, keyof typeof reviewColumns>;
type ReviewDetailFields = Pick<
  ReviewRow,
  'course' | 'termSeason' | 'termYear' | 'difficulty' | 'wouldTakeAgain' | 'tags'
>;

/** The course, term, difficulty, "would take again" and tags, as every review answer carries them. */
export function reviewDetailsOf(review: ReviewDetailFields): ReviewDetails {
  return {
    course: review.course,
    term: review.termSeason && review.termYear ? { season: review.termSeason, year: review.termYear } : null,
    difficulty: review.difficulty,
    wouldTakeAgain: review.wouldTakeAgain,
    tags: review.tags,
  };
}

type ReviewContentColumns = Pick<ReviewRow, Exclude<keyof ReviewContent, 'term'> | 'termSeason' | 'termYear'>;

/** What the author wrote as the review's columns: the inverse of reviewDetailsOf, with the text and rating. */
export function reviewContentColumns(content: ReviewContent): ReviewContentColumns {
  return {
    title: content.title,
    body: content.body,
    rating: content.rating,
    aiAssisted: content.aiAssisted,
    showName: content.showName,
    course: content.course,
    termSeason: content.term?.season ?? null,
    termYear: content.term?.year ?? null,
    difficulty: content.difficulty,
    wouldTakeAgain: content.wouldTakeAgain,
    tags: content.tags,
  };
}

type ReviewTutorFields = Pick<TutorRow, keyof typeof reviewTutorColumns>;
type ReviewAuthorFields = Pick<UserRow, keyof typeof reviewAuthorColumns>;

function baseOf(review: ReviewFields, tutor: ReviewTutorFields) {
  return {
    id: review.id,
    tutor: {
      id: tutor.id,
      name: tutor.name,
      department: tutor.department,
      image: tutor.imageKey ? storedImage(tutor.imageKey) : null,
      isPublic: tutor.isPublic,
    },
    title: review.title,
    body: review.body,
    rating: review.rating,
    aiAssisted: review.aiAssisted,
    ...reviewDetailsOf(review),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

export function toReviewCard(row: {
  review: ReviewFields;
  tutor: ReviewTutorFields;
  authorName: string | null;
}): ReviewCard {
  return { ...baseOf(row.review, row.tutor), authorName: row.review.showName ? row.authorName : null };
}

export function toMyReview(
  row: { review: ReviewFields; tutor: ReviewTutorFields },
  appeal: ReviewAppeal | null = null,
): MyReview {
  return {
    ...baseOf(row.review, row.tutor),
    helpfulCount: row.review.helpfulCount,
    showName: row.review.showName,
    // A held review is hidden by the screen, not by a moderator: its author sees it waiting.
    isHidden: row.review.isHidden && row.review.heldAt === null,
    hiddenReason: row.review.hiddenReason,
    waitingForModerator: row.review.heldAt !== null,
    appeal,
  };
}

/** What review management reads of the screen besides the review's own columns. */
export const reviewScreeningColumns = { flaggedAt: reviews.flaggedAt, screeningFindings: reviews.screeningFindings };

export function toAdminReview(
  row: {
    review: ReviewFields;
    tutor: ReviewTutorFields;
    author: ReviewAuthorFields;
    openReportCount: number;
    screening: Pick<ReviewRow, keyof typeof reviewScreeningColumns>;
  },
  reports: ReviewReport[],
  response: AdminResponseFromTutor | null,
): AdminReview {
  const { appeal: _appeal, ...review } = toMyReview(row);
  return {
    ...review,
    isHidden: row.review.isHidden,
    author: row.author,
    openReportCount: row.openReportCount,
    reports,
    flagged: row.screening.flaggedAt !== null,
    screeningFindings: row.screening.screeningFindings,
    response,
  };
}
