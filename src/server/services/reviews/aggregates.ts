import { eq, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WritableDatabase } from '../../db/client';
import { tutors, type ReviewRow } from '../../db/schema';

/**
 * What of a review its tutor's aggregates count: the stars, the difficulty, the "would take
 * again" answer, the course, the tags, and when it was written (whether it is recent). The new
 * review of the create statement gives each as a prepared statement's placeholder.
 */
export interface CountedReview {
  rating: number | Placeholder;
  difficulty: number | null | Placeholder;
  wouldTakeAgain: boolean | null | Placeholder;
  course: string | null | Placeholder;
  /** A placeholder stands for the tags as a JSON array. */
  tags: readonly string[] | Placeholder;
  createdAt: Date | Placeholder;
}

/**
 * A change to the tutor's stored aggregates over visible reviews: the count, the rating sum,
 * how many reviews gave each number of stars, the difficulty, the "would take again" answers,
 * the tags and courses named, and the recent count and sum. Always applied in the transaction
 * (or the statement) of the review change it accounts for, with the tutor row locked, so every
 * figure of the profile is exact after every commit (check constraints keep them in agreement).
 */
export type AggregateChange = readonly { review: CountedReview; by: 1 | -1 }[];

/** The review as its aggregates count it, from its stored row. */
export function countedReviewOf(
  row: Pick<ReviewRow, 'rating' | 'difficulty' | 'wouldTakeAgain' | 'course' | 'tags' | 'createdAt'>,
): CountedReview {
  return {
    rating: row.rating,
    difficulty: row.difficulty,
    wouldTakeAgain: row.wouldTakeAgain,
    course: row.course,
    tags: row.tags,
    createdAt: row.createdAt,
  };
}

export const reviewShown = (review: CountedReview): AggregateChange => [{ review, by: 1 }];
export const reviewRemoved = (review: CountedReview): AggregateChange => [{ review, by: -1 }];

/** An edit: the review as it was leaves the aggregates and the review as it is joins them, if anything counted changed. */
export function reviewEdited(before: CountedReview, after: CountedReview): AggregateChange {
  const same =
    before.rating === after.rating &&
    before.difficulty === after.difficulty &&
    before.wouldTakeAgain === after.wouldTakeAgain &&
    before.course === after.course &&
    JSON.stringify(before.tags) === JSON.stringify(after.tags);
  return same
    ? []
    : [
        { review: before, by: -1 },
        { review: after, by: 1 },
      ];
}

/** The stored count of each number of stars, 1 to 5. */
export const starCountColumns = [
  tutors.rating1Count,
  tutors.rating2Count,
  tutors.rating3Count,
  tutors.rating4Count,
  tutors.rating5Count,
] as const;
const starCountKeys = ['rating1Count', 'rating2Count', 'rating3Count', 'rating4Count', 'rating5Count'] as const;

const isPlaceholder = (value: unknown): value is Placeholder => value instanceof Placeholder;

const ratingOf = (rating: number | Placeholder): SQL => sql`${rating}::smallint`;
const difficultyOf = (difficulty: CountedReview['difficulty']): SQL => sql`${difficulty}::smallint`;
const wouldTakeAgainOf = (answer: CountedReview['wouldTakeAgain']): SQL => sql`${answer}::boolean`;
const createdAtOf = (createdAt: CountedReview['createdAt']): SQL =>
  isPlaceholder(createdAt) ? sql`${createdAt}::timestamptz` : sql`${createdAt.toISOString()}::timestamptz`;
const tagsOf = (tags: CountedReview['tags']): SQL =>
  isPlaceholder(tags)
    ? sql`array(select jsonb_array_elements_text(${tags}::jsonb))`
    : sql`array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`;
const coursesOf = (course: CountedReview['course']): SQL => sql`array[${course}::text]`;

/** `column + change`, the change as SQL. */
const plus = (column: AnyPgColumn, terms: SQL[]): SQL => sql`${column} + ${sql.join(terms, sql` + `)}`;

/** `review_counts_add` once for each change, innermost first. */
function countsAfter(column: AnyPgColumn, change: AggregateChange, namesOf: (review: CountedReview) => SQL): SQL {
  return change.reduce<SQL>(
    (counts, { review, by }) => sql`review_counts_add(${counts}, ${namesOf(review)}, ${by})`,
    sql`${column}`,
  );
}

export function aggregatesAfter(change: AggregateChange): Partial<Record<string, SQL>> {
  if (change.length === 0) return {};
  const isRecent = (review: CountedReview) => sql`(${createdAtOf(review.createdAt)} >= ${tutors.recentSince})`;
  const set: Partial<Record<string, SQL>> = {
    reviewCount: plus(
      tutors.reviewCount,
      change.map(({ by }) => sql`${by}`),
    ),
    ratingSum: plus(
      tutors.ratingSum,
      change.map(({ review, by }) => sql`${by} * ${ratingOf(review.rating)}`),
    ),
    difficultySum: plus(
      tutors.difficultySum,
      change.map(({ review, by }) => sql`${by} * coalesce(${difficultyOf(review.difficulty)}, 0)`),
    ),
    difficultyCount: plus(
      tutors.difficultyCount,
      change.map(({ review, by }) => sql`${by} * (${difficultyOf(review.difficulty)} is not null)::int`),
    ),
    wouldTakeAgainYesCount: plus(
      tutors.wouldTakeAgainYesCount,
      change.map(({ review, by }) => sql`${by} * coalesce(${wouldTakeAgainOf(review.wouldTakeAgain)}, false)::int`),
    ),
    wouldTakeAgainCount: plus(
      tutors.wouldTakeAgainCount,
      change.map(({ review, by }) => sql`${by} * (${wouldTakeAgainOf(review.wouldTakeAgain)} is not null)::int`),
    ),
    recentReviewCount: plus(
      tutors.recentReviewCount,
      change.map(({ review, by }) => sql`${by} * ${isRecent(review)}::int`),
    ),
    recentRatingSum: plus(
      tutors.recentRatingSum,
      change.map(({ review, by }) => sql`${by} * ${isRecent(review)}::int * ${ratingOf(review.rating)}`),
    ),
    reviewTagCounts: countsAfter(tutors.reviewTagCounts, change, (review) => tagsOf(review.tags)),
    reviewCourseCounts: countsAfter(tutors.reviewCourseCounts, change, (review) => coursesOf(review.course)),
  };
  starCountKeys.forEach((key, index) => {
    const stars = index + 1;
    const terms = change.flatMap(({ review, by }) => {
      if (typeof review.rating === 'number') return review.rating === stars ? [sql`${by}`] : [];
      return [sql`(case when ${ratingOf(review.rating)} = ${stars} then ${by} else 0 end)`];
    });
    if (terms.length > 0) set[key] = plus(starCountColumns[index]!, terms);
  });
  return set;
}

export async function applyAggregateChange(
  tx: WritableDatabase,
  tutorId: string,
  change: AggregateChange,
): Promise<void> {
  if (change.length === 0) return;
  await tx.update(tutors).set(aggregatesAfter(change)).where(eq(tutors.id, tutorId));
}

/**
 * Sets every aggregate of every tutor from its visible reviews in one statement: for data
 * written in bulk (the demo, the benchmark's dataset), where counting each review as it is
 * written would cost a statement per review. The recent figures count from each tutor's window.
 */
export async function recountAllTutorAggregates(db: WritableDatabase): Promise<void> {
  const stars = [1, 2, 3, 4, 5];
  await db.execute(sql`
    update tutors set
      review_count = counted.review_count, rating_sum = counted.rating_sum,
      ${sql.raw(stars.map((n) => `rating_${n}_count = counted.rating_${n}_count`).join(', '))},
      difficulty_sum = counted.difficulty_sum, difficulty_count = counted.difficulty_count,
      would_take_again_yes_count = counted.would_take_again_yes_count,
      would_take_again_count = counted.would_take_again_count,
      recent_review_count = counted.recent_review_count, recent_rating_sum = counted.recent_rating_sum,
      review_tag_counts = counted.review_tag_counts, review_course_counts = counted.review_course_counts
    from (
      select t.id,
        coalesce(v.review_count, 0) as review_count, coalesce(v.rating_sum, 0) as rating_sum,
        ${sql.raw(stars.map((n) => `coalesce(v.rating_${n}_count, 0) as rating_${n}_count`).join(', '))},
        coalesce(v.difficulty_sum, 0) as difficulty_sum, coalesce(v.difficulty_count, 0) as difficulty_count,
        coalesce(v.would_take_again_yes_count, 0) as would_take_again_yes_count,
        coalesce(v.would_take_again_count, 0) as would_take_again_count,
        coalesce(v.recent_review_count, 0) as recent_review_count, coalesce(v.recent_rating_sum, 0) as recent_rating_sum,
        coalesce(tags.counts, '{}'::jsonb) as review_tag_counts, coalesce(courses.counts, '{}'::jsonb) as review_course_counts
      from tutors t
      left join lateral (
        select count(*)::int as review_count, sum(r.rating)::int as rating_sum,
          ${sql.raw(stars.map((n) => `(count(*) filter (where r.rating = ${n}))::int as rating_${n}_count`).join(', '))},
          sum(r.difficulty)::int as difficulty_sum, count(r.difficulty)::int as difficulty_count,
          (count(*) filter (where r.would_take_again))::int as would_take_again_yes_count,
          count(r.would_take_again)::int as would_take_again_count,
          (count(*) filter (where r.created_at >= t.recent_since))::int as recent_review_count,
          sum(r.rating) filter (where r.created_at >= t.recent_since)::int as recent_rating_sum
        from reviews r where r.tutor_id = t.id and not r.is_hidden
      ) v on true
      left join lateral (
        select jsonb_object_agg(tag, n) as counts from (
          select tag, count(*)::int as n from reviews r cross join unnest(r.tags) as tag
          where r.tutor_id = t.id and not r.is_hidden group by tag
        ) named
      ) tags on true
      left join lateral (
        select jsonb_object_agg(course, n) as counts from (
          select r.course, count(*)::int as n from reviews r
          where r.tutor_id = t.id and not r.is_hidden and r.course is not null group by r.course
        ) named
      ) courses on true
    ) counted
    where tutors.id = counted.id`);
}
