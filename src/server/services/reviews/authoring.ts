import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import {
  ALREADY_REVIEWED_MESSAGE,
  COURSE_NOT_LISTED,
  DEFAULT_REVIEW_TAGS,
  isReviewId,
  PUBLIC_TUTORS_ONLY_MESSAGE,
  TERM_IN_FUTURE_MESSAGE,
  UNKNOWN_REVIEW_COURSE_MESSAGE,
  UNKNOWN_REVIEW_TAG_MESSAGE,
  type CreateReviewRequest,
  type ReviewContent,
  type UpdateReviewRequest,
} from '../../../shared/reviews';
import type { MyReview } from '../../../shared/my-reviews';
import {
  feedPositionOf,
  FILLED_IN_BY_STATEMENT,
  type RatingMove,
  reviewAdded,
  reviewChanged,
} from '../../cache/data-changes';
import { MAX_ANNOUNCEMENT_BYTES } from '../../db/change-channel';
import { changeData, changeInOneStatement } from '../../db/change-data';
import { markReviewSummaryStale } from '../review-summaries/staleness';
import type { Database, WritableDatabase } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import {
  notifications,
  reviewAppeals,
  reviews,
  settings,
  tutors,
  type NotificationKind,
  type TutorRow,
} from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { isTutorId } from '../../../shared/tutors';
import { OWN_PROFILE_REVIEW_MESSAGE } from '../../../shared/tutor-side';
import { canSee, tutorNotFound } from '../tutors/access';
import { rankingScoreOf } from '../tutors/ranking';
import type { Viewer } from '../auth/viewer';
import type { ScreeningFinding } from '../../../shared/screening';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import type { ScreeningOutcome } from '../screening/screen-for-publishing';
import { screenAsSet } from '../screening/screening-settings';
import { assertAuthor, lockReview } from './access';
import { reviewTagChoices } from '../settings';
import {
  aggregatesAfter,
  applyAggregateChange,
  countedReviewOf,
  reviewEdited,
  reviewRemoved,
  reviewShown,
} from './aggregates';
import { getOwnReview } from './queries';
import { reviewColumns, reviewContentColumns, reviewTutorColumns, toMyReview } from './views';

const reviewExists = () => new AppError('review_exists', ALREADY_REVIEWED_MESSAGE);
const publicTutorsOnly = () => new AppError('forbidden', PUBLIC_TUTORS_ONLY_MESSAGE);

/** Reviews are written about public tutors only, by anyone, admins included. */
export function assertReviewable(tutor: Pick<TutorRow, 'isPublic'>): void {
  if (!tutor.isPublic) throw publicTutorsOnly();
}

/** A term of a year still to come has not been taken. */
function assertTermTaken(input: Pick<ReviewContent, 'term'>, now: Date): void {
  if (input.term && input.term.year > now.getUTCFullYear())
    throw new AppError('validation_error', TERM_IN_FUTURE_MESSAGE, 'term');
}

/**
 * The course is one of the tutor's (or not listed) and the tags are offered; an edit may keep
 * the course and the tags the review already had, though the tutor's courses or the offered
 * tags have changed since.
 */
function assertCourseAndTags(
  input: Pick<ReviewContent, 'course' | 'tags'>,
  allowed: { courses: readonly (string | null)[]; tags: readonly string[] },
): void {
  const { course } = input;
  if (course !== null && course !== COURSE_NOT_LISTED && !allowed.courses.includes(course))
    throw new AppError('validation_error', UNKNOWN_REVIEW_COURSE_MESSAGE, 'course');
  if (input.tags.some((tag) => !allowed.tags.includes(tag)))
    throw new AppError('validation_error', UNKNOWN_REVIEW_TAG_MESSAGE, 'tags');
}

/**
 * A new review and the tutor's count and rating sum, in one statement: PostgreSQL applies both
 * or neither, with no transaction to open and close. Counting first locks the tutor's row, so
 * concurrent reviews of one tutor queue there, and whether the tutor is public is decided on
 * the locked row. One review per student and tutor: the unique index refuses a second, which
 * undoes the count with it, and the student is told to edit the first.
 */
export async function createReview(
  db: Database,
  author: Viewer,
  input: NewReview,
  now: Date,
  ai: TextProvider | null = null,
  logAiFailure?: (failure: string) => void,
): Promise<MyReview> {
  if (!isTutorId(input.tutorId)) throw tutorNotFound();
  assertTermTaken(input, now);
  const screened = await screenAsSet(db, ai, input, input.screeningAcknowledged ?? false, logAiFailure);
  if (screened.state === 'held') return createHeldReview(db, author, input, screened.screeningFindings, now);
  const screening = {
    screeningFindings: screened.state === 'flagged' ? screened.screeningFindings : [],
    flaggedAt: screened.state === 'flagged' ? now : null,
  };
  // A tutor made public between an attempt and the look at why it failed gets one more attempt.
  for (let attempt = 1; ; attempt++) {
    let created: Awaited<ReturnType<typeof insertCountedReview>>;
    try {
      created = await insertCountedReview(db, author, input, screening, now);
    } catch (err) {
      if (isUniqueViolation(err, 'reviews_one_per_author_per_tutor')) throw reviewExists();
      throw err;
    }
    if (created) return toMyReview(created);
    // Nothing was written: say why, as for any other change to a tutor.
    const [tutor] = await db
      .select({
        isPublic: tutors.isPublic,
        submittedBy: tutors.submittedBy,
        claimedBy: tutors.claimedBy,
        courses: tutors.courses,
      })
      .from(tutors)
      .where(eq(tutors.id, input.tutorId));
    if (!tutor || !canSee(author, tutor)) throw tutorNotFound();
    assertReviewable(tutor);
    if (tutor.claimedBy === author.id) throw new AppError('forbidden', OWN_PROFILE_REVIEW_MESSAGE);
    assertCourseAndTags(input, { courses: tutor.courses, tags: await reviewTagChoices(db) });
    if (attempt > 1) throw publicTutorsOnly();
  }
}

/** A review as its author sends it; "Submit anyway" may be left out (not chosen). */
type NewReview = Omit<CreateReviewRequest, 'screeningAcknowledged'> & { screeningAcknowledged?: boolean };
type ReviewEdit = Omit<UpdateReviewRequest, 'screeningAcknowledged'> & { screeningAcknowledged?: boolean };

/** The screen's columns of a review published at once: what it found, and since when it is flagged. */
interface PublishedScreening {
  screeningFindings: ScreeningFinding[];
  flaggedAt: Date | null;
}

/**
 * A review the screen holds for a moderator: stored hidden (so no list and no aggregate counts
 * it) and flagged, under the same checks as a published one, its tutor locked as every review
 * write locks it. Its author sees it waiting; a moderator's Approve counts it.
 */
async function createHeldReview(
  db: Database,
  author: Viewer,
  input: NewReview,
  findings: ScreeningFinding[],
  now: Date,
): Promise<MyReview> {
  let reviewId: string;
  try {
    reviewId = await changeData(db, [], async (tx, alsoChanged) => {
      const [tutor] = await tx.select().from(tutors).where(eq(tutors.id, input.tutorId)).for('no key update');
      if (!tutor || !canSee(author, tutor)) throw tutorNotFound();
      assertReviewable(tutor);
      if (tutor.claimedBy === author.id) throw new AppError('forbidden', OWN_PROFILE_REVIEW_MESSAGE);
      assertCourseAndTags(input, { courses: tutor.courses, tags: await reviewTagChoices(tx) });
      // Nobody else sees it yet, but the author's own view of the tutor's page does.
      alsoChanged(...reviewChanged(tutor));
      const [row] = await tx
        .insert(reviews)
        .values({
          tutorId: tutor.id,
          authorId: author.id,
          ...reviewContentColumns(input),
          isHidden: true,
          heldAt: now,
          flaggedAt: now,
          screeningFindings: findings,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reviews.id });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'reviews_one_per_author_per_tutor')) throw reviewExists();
    throw err;
  }
  return getOwnReview(db, author, reviewId);
}

/**
 * The review, counted on its tutor when the tutor exists and is public; none otherwise. What it
 * changes is known before it runs (the tutor's pages, the lists it matches, the feed), so the
 * statement announces it itself, filling in the tutor's search text and department (what the
 * kept list pages are matched on) from the row it locks: a review is one round trip.
 */
async function insertCountedReview(
  db: Database,
  author: Viewer,
  input: NewReview,
  screening: PublishedScreening,
  now: Date,
) {
  // Made here rather than by the database, so the change can say where in the feed the review lands.
  const reviewId = randomUUID();
  const position = feedPositionOf({ id: reviewId, createdAt: now });
  return changeInOneStatement(
    db,
    reviewAdded({ id: input.tutorId, ...FILLED_IN_BY_STATEMENT }, position),
    async (writable, announcement) => {
      const [row] = await countedReviewInsert(writable).execute({
        reviewId,
        tutorId: input.tutorId,
        authorId: author.id,
        ...reviewContentColumns(input),
        // An array travels as JSON text: the statement unpacks it (a placeholder is one value).
        tags: JSON.stringify(input.tags),
        screeningFindings: JSON.stringify(screening.screeningFindings),
        flaggedAt: screening.flaggedAt?.toISOString() ?? null,
        defaultTags: JSON.stringify(DEFAULT_REVIEW_TAGS),
        now: now.toISOString(),
        channel: announcement.channel,
        announcement: announcement.payload,
        announcementTooLarge: announcement.tooLarge,
      });
      return row;
    },
    // Counted under the tutor's row lock, so the answer tells exactly where its average went.
    (row) => (row ? reviewAdded(row.match, position, ratingMoveOf(row.aggregates, input.rating)) : []),
  );
}

/** The tutor's ranking score before and after the review of `rating` was counted into `after`. */
function ratingMoveOf(
  after: { reviewCount: number; ratingSum: number; rankingPriorMean: number; rankingScore: number | null },
  rating: number,
): RatingMove {
  return {
    from: rankingScoreOf(after.ratingSum - rating, after.reviewCount - 1, after.rankingPriorMean),
    to: after.rankingScore,
  };
}

/**
 * Every new review runs this, so it is prepared: the UPDATE counts the review and locks the
 * tutor's row, the INSERT takes the review from it, and both answer what the response shows.
 * The notification to the other instances goes out with it, only if a review was added, and so
 * does the tutor's own account's (review_received), which names the review, never its author.
 * The tutor's own account is not counted in: it cannot review its own profile.
 */
const countedTutorColumns = {
  ...reviewTutorColumns,
  claimedBy: tutors.claimedBy,
  searchText: tutors.searchText,
  reviewCount: tutors.reviewCount,
  ratingSum: tutors.ratingSum,
  rankingPriorMean: tutors.rankingPriorMean,
  rankingScore: tutors.rankingScore,
};
/** The announcement's stand-in (a JSON string) replaced by the locked row's value as JSON. */
const filledIn = (into: SQL, standIn: string, value: SQLWrapper) =>
  sql`replace(${into}, ${sql.raw(`'${JSON.stringify(standIn)}'`)}, to_json(${value})::text)`;

/** The review being created, as the statement's placeholders. */
const newReview = {
  rating: sql.placeholder('rating'),
  difficulty: sql.placeholder('difficulty'),
  wouldTakeAgain: sql.placeholder('wouldTakeAgain'),
  course: sql.placeholder('course'),
  tags: sql.placeholder('tags'),
  createdAt: sql.placeholder('now'),
};

/**
 * The statement's own check of the course (one of the tutor's, on its locked row, or not listed)
 * and the tags (offered now): a review naming anything else is not written, and createReview
 * says which it was.
 */
const courseAndTagsOffered = sql`(${sql.placeholder('course')}::text is null
    or ${sql.placeholder('course')}::text = ${COURSE_NOT_LISTED}
    or ${sql.placeholder('course')}::text = any(${tutors.courses}))
  and array(select jsonb_array_elements_text(${sql.placeholder('tags')}::jsonb)) <@ coalesce(
    (select array(select jsonb_array_elements_text(${settings.value})) from ${settings} where ${settings.key} = 'reviewTags'),
    array(select jsonb_array_elements_text(${sql.placeholder('defaultTags')}::jsonb)))`;

const countedReviewInsert = preparedStatement((db: WritableDatabase) => {
  const counted = db.$with('counted', countedTutorColumns).as(
    db
      .update(tutors)
      .set(aggregatesAfter(reviewShown(newReview)))
      .where(
        and(
          eq(tutors.id, sql.placeholder('tutorId')),
          eq(tutors.isPublic, true),
          sql`${tutors.claimedBy} is distinct from ${sql.placeholder('authorId')}::uuid`,
          courseAndTagsOffered,
        ),
      )
      .returning(countedTutorColumns)
      .getSQL(),
  );
  const column = (of: { name: string }) => sql.identifier(of.name);
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const added = db.$with('added', reviewColumns).as(sql`
    insert into ${reviews} (${column(reviews.id)}, ${column(reviews.tutorId)}, ${column(reviews.authorId)}, ${column(reviews.title)}, ${column(reviews.body)},
      ${column(reviews.rating)}, ${column(reviews.aiAssisted)}, ${column(reviews.showName)}, ${column(reviews.course)}, ${column(reviews.termSeason)},
      ${column(reviews.termYear)}, ${column(reviews.difficulty)}, ${column(reviews.wouldTakeAgain)}, ${column(reviews.tags)},
      ${column(reviews.screeningFindings)}, ${column(reviews.flaggedAt)}, ${column(reviews.createdAt)}, ${column(reviews.updatedAt)})
    select ${sql.placeholder('reviewId')}::uuid, ${counted.id}, ${sql.placeholder('authorId')}::uuid, ${sql.placeholder('title')}::text, ${sql.placeholder('body')}::text,
      ${sql.placeholder('rating')}::smallint, ${sql.placeholder('aiAssisted')}::boolean, ${sql.placeholder('showName')}::boolean, ${sql.placeholder('course')}::text,
      ${sql.placeholder('termSeason')}::text, ${sql.placeholder('termYear')}::smallint, ${sql.placeholder('difficulty')}::smallint,
      ${sql.placeholder('wouldTakeAgain')}::boolean, array(select jsonb_array_elements_text(${sql.placeholder('tags')}::jsonb)),
      ${sql.placeholder('screeningFindings')}::jsonb, ${sql.placeholder('flaggedAt')}::timestamptz, ${now}, ${now}
    from ${counted}
    returning ${sql.join(Object.values(reviewColumns).map(column), sql`, `)}`);
  const reviewReceived: NotificationKind = 'review_received';
  const received = db.$with('received', { one: sql<number>`one` }).as(sql`
    insert into ${notifications} (${column(notifications.userId)}, ${column(notifications.kind)}, ${column(notifications.tutorId)}, ${column(notifications.data)}, ${column(notifications.createdAt)})
    select ${counted.claimedBy}, ${reviewReceived}, ${counted.id},
      jsonb_build_object('tutorName', ${counted.name}, 'reviewTitle', ${added.title}, 'reviewId', ${added.id}), ${now}
    from ${counted} cross join ${added}
    where ${counted.claimedBy} is not null
    returning 1 as one`);
  const announcement = filledIn(
    filledIn(sql`${sql.placeholder('announcement')}::text`, FILLED_IN_BY_STATEMENT.searchText, counted.searchText),
    FILLED_IN_BY_STATEMENT.department,
    counted.department,
  );
  const announced = db.$with('announced', { sent: sql<number>`sent` }).as(sql`
    select count(pg_notify(${sql.placeholder('channel')}::text,
      case when octet_length(filled.payload) < ${sql.raw(String(MAX_ANNOUNCEMENT_BYTES))} then filled.payload
        else ${sql.placeholder('announcementTooLarge')}::text end))::int as sent
    from (select ${announcement} as payload from ${added} cross join ${counted}) filled
    where ${sql.placeholder('announcement')}::text <> ''`);
  return db
    .with(counted, added, announced, received)
    .select({
      review: {
        id: added.id,
        title: added.title,
        body: added.body,
        rating: added.rating,
        aiAssisted: added.aiAssisted,
        showName: added.showName,
        course: added.course,
        termSeason: added.termSeason,
        termYear: added.termYear,
        difficulty: added.difficulty,
        wouldTakeAgain: added.wouldTakeAgain,
        tags: added.tags,
        helpfulCount: added.helpfulCount,
        isHidden: added.isHidden,
        hiddenReason: added.hiddenReason,
        heldAt: added.heldAt,
        createdAt: added.createdAt,
        updatedAt: added.updatedAt,
      },
      tutor: {
        id: counted.id,
        name: counted.name,
        department: counted.department,
        imageKey: counted.imageKey,
        isPublic: counted.isPublic,
      },
      match: { id: counted.id, searchText: counted.searchText, department: counted.department },
      aggregates: {
        reviewCount: counted.reviewCount,
        ratingSum: counted.ratingSum,
        rankingPriorMean: counted.rankingPriorMean,
        rankingScore: counted.rankingScore,
      },
    })
    .from(added)
    .crossJoin(counted)
    .crossJoin(announced)
    .prepare('create_review');
});

/**
 * The author rewrites their review; a visible one moves the tutor's average by the rating's
 * change. The screen looks at the new text first (outside the transaction: the AI provider may
 * take a moment). Under Hold, a published review the screen finds something in leaves the lists
 * and the average until a moderator publishes it again; a held one stays held.
 */
export async function updateOwnReview(
  db: Database,
  author: Viewer,
  reviewId: string,
  input: ReviewEdit,
  now: Date,
  ai: TextProvider | null = null,
  logAiFailure?: (failure: string) => void,
): Promise<MyReview> {
  // Only the author's own review is screened; anyone else's is refused below, the screen unheard.
  const [existing] = isReviewId(reviewId)
    ? await db.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.id, reviewId))
    : [];
  const screened: ScreeningOutcome =
    existing?.authorId === author.id
      ? await screenAsSet(db, ai, input, input.screeningAcknowledged ?? false, logAiFailure)
      : { state: 'unscreened' };
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    assertAuthor(author, locked);
    assertReviewable(locked.tutor);
    const { review } = locked;
    assertTermTaken(input, now);
    assertCourseAndTags(input, {
      courses: [...locked.tutor.courses, review.course],
      tags: [...(await reviewTagChoices(tx)), ...review.tags],
    });
    alsoChanged(...reviewChanged(locked.tutor));
    const written = reviewContentColumns(input);
    const held = review.heldAt !== null;
    const goesOnHold = screened.state === 'held' && !review.isHidden;
    await tx
      .update(reviews)
      .set({
        ...written,
        updatedAt: now,
        ...screeningColumnsAfterEdit(screened, held, now),
        ...(goesOnHold ? { isHidden: true, heldAt: now } : {}),
      })
      .where(eq(reviews.id, review.id));
    if (goesOnHold) await applyAggregateChange(tx, review.tutorId, reviewRemoved(countedReviewOf(review)));
    else if (!review.isHidden)
      await applyAggregateChange(
        tx,
        review.tutorId,
        reviewEdited(countedReviewOf(review), countedReviewOf({ ...review, ...written })),
      );
    await markReviewSummaryStale(tx, review.tutorId, review.id);
  });
  return getOwnReview(db, author, reviewId);
}

/**
 * The screen's columns after an edit: what it found now, flagged when it found something. Clean
 * text clears the flag of a published review; a held one stays flagged until a moderator acts.
 */
function screeningColumnsAfterEdit(screened: ScreeningOutcome, held: boolean, now: Date) {
  switch (screened.state) {
    case 'unscreened':
      return {};
    case 'clean':
      return held ? { screeningFindings: [] } : { screeningFindings: [], flaggedAt: null };
    default:
      return { screeningFindings: screened.screeningFindings, flaggedAt: now };
  }
}

/** The author withdraws their review, whatever its tutor's state; its reports go with it. */
export async function deleteOwnReview(db: Database, author: Viewer, reviewId: string): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    assertAuthor(author, locked);
    alsoChanged(...reviewChanged(locked.tutor));
    await tx.delete(reviews).where(eq(reviews.id, locked.review.id));
    // Deleting a hidden review withdraws its appeal: nothing would be left to restore.
    await tx.delete(reviewAppeals).where(eq(reviewAppeals.reviewId, locked.review.id));
    if (!locked.review.isHidden)
      await applyAggregateChange(tx, locked.review.tutorId, reviewRemoved(countedReviewOf(locked.review)));
    await markReviewSummaryStale(tx, locked.review.tutorId, locked.review.id);
  });
}

/**
 * Removes every review of an author whose account is going, each as a single removal goes:
 * its tutor locked, then the review, then the tutor's count and sum corrected. Tutors are
 * taken in id order. Inside a caller's transaction it runs as a savepoint of it. Answers how many went.
 */
export async function deleteAllReviewsOfAuthor(db: Database, authorId: string): Promise<number> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const written = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.authorId, authorId))
      .orderBy(asc(reviews.tutorId), asc(reviews.id));
    let deleted = 0;
    for (const { id } of written) {
      let locked;
      try {
        locked = await lockReview(tx, id);
      } catch (err) {
        // Deleted meanwhile by a moderator or with its tutor, aggregates already settled.
        if (err instanceof AppError && err.code === 'not_found') continue;
        throw err;
      }
      alsoChanged(...reviewChanged(locked.tutor));
      await tx.delete(reviews).where(eq(reviews.id, locked.review.id));
      if (!locked.review.isHidden)
        await applyAggregateChange(tx, locked.review.tutorId, reviewRemoved(countedReviewOf(locked.review)));
      await markReviewSummaryStale(tx, locked.review.tutorId, locked.review.id);
      deleted += 1;
    }
    return deleted;
  });
}
