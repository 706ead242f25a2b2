import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ADMIN_REVIEW_REPORTS_SHOWN,
  isReviewId,
  RECENT_REVIEWS_COUNT,
  REVIEW_FEED_COUNT_MAX,
} from '../../../shared/reviews';
import type { RecentReviews, ReviewFeed, ReviewFeedQuery } from '../../../shared/review-answers';
import {
  type AdminResponseFromTutor,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewListQuery,
  type ReviewReport,
} from '../../../shared/review-moderation';
import type { MyReview, MyReviewList, MyReviewsQuery } from '../../../shared/my-reviews';
import { isTutorId } from '../../../shared/tutors';
import type { TutorReview, TutorReviewsQuery } from '../../../shared/tutor-reviews';
import type { ResponseFromTutor } from '../../../shared/tutor-side';
import type { TutorReviewSort } from '../../../shared/reviews-constants';
import { offsetOf } from '../../../shared/pagination';
import type { FeedPosition } from '../../cache/data-changes';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import {
  departmentTutorCounts,
  reviewHelpfulVotes,
  reviewReports,
  reviewResponses,
  reviews,
  tutors,
  users,
  type TutorRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { escapeLike, normalizeForSearch, searchWords } from '../../lib/search-text';
import type { Viewer } from '../auth/viewer';
import { reviewNotFound } from './access';
import { appealsOfReviews } from './appeals';
import {
  reviewAuthorColumns,
  shownAuthorName,
  reviewColumns,
  reviewDetailsOf,
  reviewScreeningColumns,
  reviewTutorColumns,
  toAdminReview,
  toMyReview,
  toReviewCard,
} from './views';

// Every list is newest first with the id as tie-breaker, matching the reviews_*_recent indexes.
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** Reviews anyone signed in may read: not hidden, about a public tutor. */
const publiclyListed = and(eq(reviews.isHidden, false), eq(tutors.isPublic, true));

/**
 * A review on a tutor's page as everyone sees it, with who wrote it (which no answer shows) and
 * the tutor's response, hidden or not (who may read a hidden one is decided per reader).
 */
export type TutorPageReview = Omit<TutorReview, 'writtenByMe' | 'reportedByMe' | 'markedHelpfulByMe'> & {
  authorId: string;
};

/** A page of a tutor's visible reviews, the same whoever asks, with what deciding who may see it takes. */
export interface TutorReviewPage {
  tutor: Pick<TutorRow, 'isPublic' | 'submittedBy' | 'claimedBy'>;
  items: TutorPageReview[];
  total: number;
  page: number;
  pageSize: number;
}

/** Each order of a tutor's reviews, ties broken newest first (the helpful one read off its index). */
const tutorReviewOrders: Record<TutorReviewSort, SQL[]> = {
  newest: newestFirst,
  helpful: [desc(reviews.helpfulCount), ...newestFirst],
  highest: [desc(reviews.rating), ...newestFirst],
  lowest: [asc(reviews.rating), ...newestFirst],
};

const hasFilter = (query: TutorReviewsQuery) =>
  query.course !== undefined || query.rating !== undefined || query.recent === true;

/**
 * A page of a tutor's visible reviews in the order asked, filtered by course, stars and
 * recency ("last 12 months": written since the tutor's recent window starts, so the filter and
 * the profile's recent figures count the same reviews); null for an unknown or malformed id.
 */
export async function readTutorReviewPage(
  db: Database,
  tutorId: string,
  query: TutorReviewsQuery,
): Promise<TutorReviewPage | null> {
  if (!isTutorId(tutorId)) return null;
  const [tutor] = await tutorOfReviewPage(db).execute({ tutorId });
  if (!tutor) return null;
  const { page, pageSize } = query;
  const offset = offsetOf(page, pageSize);
  let rows: Awaited<ReturnType<ReturnType<(typeof tutorReviewPageRows)['newest']>['execute']>>;
  // The stored count is kept exact in every review change's transaction (see aggregates.ts).
  let total = tutor.reviewCount;
  if (!hasFilter(query)) {
    rows = await tutorReviewPageRows[query.sort](db).execute({ tutorId, limit: pageSize, offset });
  } else {
    const where = and(
      eq(reviews.tutorId, tutorId),
      eq(reviews.isHidden, false),
      query.course !== undefined ? eq(reviews.course, query.course) : undefined,
      query.rating !== undefined ? eq(reviews.rating, query.rating) : undefined,
      query.recent ? gte(reviews.createdAt, tutor.recentSince) : undefined,
    );
    rows = await db
      .select(tutorPageReviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(where)
      .orderBy(...tutorReviewOrders[query.sort])
      .limit(pageSize)
      .offset(offset);
    if (hasFilter(query)) {
      const [counted] = await db.select({ total: count() }).from(reviews).where(where);
      total = counted?.total ?? 0;
    }
  }
  const responses = await responsesTo(
    db,
    rows.map((row) => row.id),
  );
  return {
    tutor: { isPublic: tutor.isPublic, submittedBy: tutor.submittedBy, claimedBy: tutor.claimedBy },
    items: rows.map(({ termSeason, termYear, course, difficulty, wouldTakeAgain, tags, ...row }) => ({
      ...row,
      ...reviewDetailsOf({ termSeason, termYear, course, difficulty, wouldTakeAgain, tags }),
      response: responses.get(row.id) ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** The tutor's responses to these reviews, hidden ones too, by review: one query for a page. */
export async function responsesTo(db: Database, reviewIds: string[]): Promise<Map<string, ResponseFromTutor>> {
  const byReview = new Map<string, ResponseFromTutor>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select({ reviewId: reviewResponses.reviewId, ...responseColumns })
    .from(reviewResponses)
    .where(inArray(reviewResponses.reviewId, reviewIds));
  for (const { reviewId, ...row } of rows) byReview.set(reviewId, toResponseFromTutor(row));
  return byReview;
}

/** The tutor's responses to these reviews as review management shows them, with what the screen found. */
async function adminResponsesTo(db: Database, reviewIds: string[]): Promise<Map<string, AdminResponseFromTutor>> {
  const byReview = new Map<string, AdminResponseFromTutor>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select({
      reviewId: reviewResponses.reviewId,
      ...responseColumns,
      flaggedAt: reviewResponses.flaggedAt,
      screeningFindings: reviewResponses.screeningFindings,
    })
    .from(reviewResponses)
    .where(inArray(reviewResponses.reviewId, reviewIds));
  for (const { reviewId, flaggedAt, screeningFindings, ...row } of rows)
    byReview.set(reviewId, { ...toResponseFromTutor(row), flagged: flaggedAt !== null, screeningFindings });
  return byReview;
}

export const responseColumns = {
  id: reviewResponses.id,
  body: reviewResponses.body,
  isHidden: reviewResponses.isHidden,
  hiddenReason: reviewResponses.hiddenReason,
  heldAt: reviewResponses.heldAt,
  createdAt: reviewResponses.createdAt,
  updatedAt: reviewResponses.updatedAt,
};

export function toResponseFromTutor(row: {
  id: string;
  body: string;
  isHidden: boolean;
  hiddenReason: string | null;
  heldAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}): ResponseFromTutor {
  return {
    id: row.id,
    body: row.body,
    isHidden: row.isHidden,
    hiddenReason: row.hiddenReason,
    waitingForModerator: row.heldAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// A tutor's page of reviews is read on every profile: its statements are prepared once per database.
const tutorOfReviewPage = preparedStatement((db: Database) =>
  db
    .select({
      isPublic: tutors.isPublic,
      submittedBy: tutors.submittedBy,
      claimedBy: tutors.claimedBy,
      reviewCount: tutors.reviewCount,
      recentSince: tutors.recentSince,
    })
    .from(tutors)
    .where(eq(tutors.id, sql.placeholder('tutorId')))
    .limit(1)
    .prepare('tutor_of_review_page'),
);

// A tutor's page shows only visible reviews, each author as readers may see them: the review's
// columns without the moderation and name choice, with the author's id (to tell a reader which
// review is theirs; never sent to others) and shown name.
const {
  showName: _showName,
  isHidden: _isHidden,
  hiddenReason: _hiddenReason,
  heldAt: _heldAt,
  ...visibleReviewColumns
} = reviewColumns;
const tutorPageReviewColumns = { ...visibleReviewColumns, authorId: reviews.authorId, authorName: shownAuthorName };

/** A page in one order, unfiltered: what every profile reads, prepared once per database and order. */
const unfilteredPageRows = (sort: TutorReviewSort, name: string) =>
  preparedStatement((db: Database) =>
    db
      .select(tutorPageReviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(and(eq(reviews.tutorId, sql.placeholder('tutorId')), eq(reviews.isHidden, false)))
      .orderBy(...tutorReviewOrders[sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );

const tutorReviewPageRows: Record<TutorReviewSort, ReturnType<typeof unfilteredPageRows>> = {
  newest: unfilteredPageRows('newest', 'tutor_review_page'),
  helpful: unfilteredPageRows('helpful', 'tutor_review_page_helpful'),
  highest: unfilteredPageRows('highest', 'tutor_review_page_highest'),
  lowest: unfilteredPageRows('lowest', 'tutor_review_page_lowest'),
};

/** The reviews a reader has reported (resolved or not) and those they marked helpful. */
export interface ReviewMarks {
  reported: ReadonlySet<string>;
  markedHelpful: ReadonlySet<string>;
}

/** Both of a reader's marks in one round trip: every page of a tutor's reviews they read needs them. */
export async function reviewMarksOf(db: Database, userId: string): Promise<ReviewMarks> {
  const rows = await reviewMarksOfUser(db).execute({ userId });
  const reported = new Set<string>();
  const markedHelpful = new Set<string>();
  for (const row of rows) (row.markedHelpful ? markedHelpful : reported).add(row.reviewId);
  return { reported, markedHelpful };
}

const reviewMarksOfUser = preparedStatement((db: Database) =>
  db
    .select({ reviewId: reviewReports.reviewId, markedHelpful: sql<boolean>`false`.as('marked_helpful') })
    .from(reviewReports)
    .where(eq(reviewReports.reporterId, sql.placeholder('userId')))
    .unionAll(
      db
        .select({ reviewId: reviewHelpfulVotes.reviewId, markedHelpful: sql<boolean>`true`.as('marked_helpful') })
        .from(reviewHelpfulVotes)
        .where(eq(reviewHelpfulVotes.voterId, sql.placeholder('userId'))),
    )
    .prepare('review_marks_of_user'),
);

/** The author's own review (hidden or not) for the edit form; anyone else's is not found. */
export async function getOwnReview(db: Database, viewer: Viewer, reviewId: string): Promise<MyReview> {
  if (!isReviewId(reviewId)) throw reviewNotFound();
  const [row] = await db
    .select({ review: reviewColumns, tutor: reviewTutorColumns })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.authorId, viewer.id)))
    .limit(1);
  if (!row) throw reviewNotFound();
  const appeals = await appealsOfReviews(db, [row.review.id]);
  return toMyReview(row, appeals.get(row.review.id) ?? null);
}

/** Everything the student wrote, newest first, hidden ones included with the moderator's reason. */
export async function listMyReviews(db: Database, viewer: Viewer, query: MyReviewsQuery): Promise<MyReviewList> {
  const where = and(
    eq(reviews.authorId, viewer.id),
    query.tutorId ? eq(reviews.tutorId, query.tutorId) : undefined,
    // An empty list names no tutor: no reviews.
    query.tutorIds ? (query.tutorIds.length > 0 ? inArray(reviews.tutorId, query.tutorIds) : sql`false`) : undefined,
  );
  const rows = await db
    .select({ review: reviewColumns, tutor: reviewTutorColumns })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [totals] = await db.select({ total: count() }).from(reviews).where(where);
  // A hidden review's appeal, or a restored one's decision.
  const appeals = await appealsOfReviews(
    db,
    rows.map((row) => row.review.id),
  );
  const items = rows.map((row) => toMyReview(row, appeals.get(row.review.id) ?? null));
  return { items, total: totals?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * The one form a cursor's time is written in, whatever the session's DateStyle and TimeZone,
 * so that a cursor is checked against that form exactly: anything else never reaches the
 * database's own date parser, which accepts far more ("epoch", "Tue Feb 30 2021") or fails.
 */
const FEED_POSITION = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const FEED_POSITION_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether `text` is a time FEED_POSITION could have written: its form, and a day and time that exist. */
function isFeedPosition(text: string): boolean {
  if (!FEED_POSITION_FORM.test(text) || text.startsWith('0000')) return false;
  const toTheSecond = text.slice(0, 19);
  const date = new Date(`${toTheSecond}Z`);
  // Fields out of range fail or roll over (February 30, 24:00): a time that exists reads back the same.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === toTheSecond;
}

function encodeCursor(position: FeedPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The position a cursor names, if it is exactly as encodeCursor wrote it; a clear 400 otherwise. */
export function decodeFeedCursor(cursor: string): FeedPosition {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2) {
      const [createdAt, id] = decoded as unknown[];
      if (typeof createdAt === 'string' && isFeedPosition(createdAt) && typeof id === 'string' && isReviewId(id)) {
        const position = { createdAt, id };
        // Other spellings of the same bytes (base64 padding bits, spaces in the JSON) are not ours either.
        if (encodeCursor(position) === cursor) return position;
      }
    }
  } catch {
    // Falls through to the same answer as any other malformed cursor.
  }
  throw new AppError('bad_request', 'The cursor is not valid; start again from the first page.');
}

const cardColumns = { review: reviewColumns, tutor: reviewTutorColumns, authorName: shownAuthorName };

function publicCards(db: Database) {
  return db
    .select({ ...cardColumns, position: FEED_POSITION })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .innerJoin(users, eq(users.id, reviews.authorId));
}

/**
 * All Reviews, newest first, a page at a time by keyset: each page continues strictly after
 * the last review of the one before, read off reviews_visible_recent_idx, so a page costs
 * the same however deep into a million reviews it is, and nothing repeats or goes missing
 * when reviews are added meanwhile.
 */
export async function reviewFeed(db: Database, query: ReviewFeedQuery): Promise<ReviewFeed> {
  const after = query.cursor ? decodeFeedCursor(query.cursor) : undefined;
  // One more than the page: whether another page follows.
  const limit = query.limit + 1;
  const filtered = query.department !== undefined || query.course !== undefined;
  const rows = filtered
    ? await filteredFeedPage(db, query, after, limit)
    : after
      ? await feedPageAfter(db).execute({ createdAt: after.createdAt, id: after.id, limit })
      : await feedFirstPage(db).execute({ limit });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let total = null;
  if (!after) total = filtered ? await countFilteredFeedReviews(db, query) : await countFeedReviews(db);
  return {
    items: page.map(toReviewCard),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.position, id: last.review.id }) : null,
    total,
  };
}

/** The feed's filters: the tutor's department, the course the review names. */
function feedFilter(query: Pick<ReviewFeedQuery, 'department' | 'course'>): SQL | undefined {
  return and(
    publiclyListed,
    query.department !== undefined ? eq(tutors.department, query.department) : undefined,
    // Typed into a box: any letter case finds the course.
    query.course !== undefined ? sql`lower(${reviews.course}) = lower(${query.course})` : undefined,
  );
}

/** A page of All Reviews filtered by department or course, by keyset like the whole feed. */
function filteredFeedPage(db: Database, query: ReviewFeedQuery, after: FeedPosition | undefined, limit: number) {
  return publicCards(db)
    .where(
      and(
        feedFilter(query),
        after
          ? sql`(${reviews.createdAt}, ${reviews.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}

/** How many reviews a filtered feed holds, counted up to one past REVIEW_FEED_COUNT_MAX. */
async function countFilteredFeedReviews(
  db: Database,
  query: Pick<ReviewFeedQuery, 'department' | 'course'>,
): Promise<{ count: number; more: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(feedFilter(query))
    .limit(REVIEW_FEED_COUNT_MAX + 1)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  const total = row?.total ?? 0;
  return { count: Math.min(total, REVIEW_FEED_COUNT_MAX), more: total > REVIEW_FEED_COUNT_MAX };
}

/**
 * How many reviews the feed holds (shown up to REVIEW_FEED_COUNT_MAX, past it as "1,000+"):
 * the visible reviews of public tutors, summed per department as department_tutor_counts
 * keeps them, so the count costs a few rows however many reviews there are.
 */
async function countFeedReviews(db: Database): Promise<{ count: number; more: boolean }> {
  const [row] = await feedReviewsCounted(db).execute();
  const total = row?.total ?? 0;
  return { count: Math.min(total, REVIEW_FEED_COUNT_MAX), more: total > REVIEW_FEED_COUNT_MAX };
}

// All Reviews' statements, prepared once per database: its pages are read by every reader.
const feedFirstPage = preparedStatement((db: Database) =>
  publicCards(db)
    .where(publiclyListed)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('feed_first_page'),
);

const feedPageAfter = preparedStatement((db: Database) =>
  publicCards(db)
    .where(
      and(
        publiclyListed,
        sql`(${reviews.createdAt}, ${reviews.id}) < (${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('feed_page_after'),
);

const feedReviewsCounted = preparedStatement((db: Database) =>
  db
    .select({ total: sql<number>`coalesce(sum(${departmentTutorCounts.publicReviewCount}), 0)::int` })
    .from(departmentTutorCounts)
    .prepare('feed_reviews_counted'),
);

/** The dashboard's latest visible reviews. */
export async function recentReviews(db: Database): Promise<RecentReviews> {
  const rows = await publicCards(db)
    .where(publiclyListed)
    .orderBy(...newestFirst)
    .limit(RECENT_REVIEWS_COUNT);
  return { items: rows.map(toReviewCard) };
}

/** Each word somewhere in the title, text, author's name or email, or the tutor's name. */
function matchesReviewSearch(query: string | undefined): SQL | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(reviews.title, pattern),
        ilike(reviews.body, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        like(tutors.normalizedName, `%${escapeLike(normalizeForSearch(word))}%`),
      );
    }),
  );
}

const openReportCount = sql<number>`(select count(*) from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.resolvedAt} is null)::int`;
const latestOpenReport = sql`(select max(${reviewReports.createdAt}) from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.resolvedAt} is null)`;

function adminReviewRows(db: Database) {
  return db
    .select({
      review: reviewColumns,
      tutor: reviewTutorColumns,
      author: reviewAuthorColumns,
      openReportCount,
      screening: reviewScreeningColumns,
    })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .innerJoin(users, eq(users.id, reviews.authorId));
}

/** The latest open reports of each review, at most ADMIN_REVIEW_REPORTS_SHOWN apiece. */
async function openReportsOf(db: Database, reviewIds: string[]): Promise<Map<string, ReviewReport[]>> {
  const byReview = new Map<string, ReviewReport[]>();
  if (reviewIds.length === 0) return byReview;
  const ranked = db
    .select({
      id: reviewReports.id,
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      reporterName: users.name,
      createdAt: reviewReports.createdAt,
      rank: sql<number>`row_number() over (partition by ${reviewReports.reviewId} order by ${reviewReports.createdAt} desc, ${reviewReports.id} desc)`.as(
        'rank',
      ),
    })
    .from(reviewReports)
    .leftJoin(users, eq(users.id, reviewReports.reporterId))
    .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.resolvedAt)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${ADMIN_REVIEW_REPORTS_SHOWN}`)
    .orderBy(ranked.reviewId, ranked.rank);
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push({
      id: row.id,
      reason: row.reason,
      details: row.details,
      reporterName: row.reporterName,
      createdAt: row.createdAt.toISOString(),
    });
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

/** Review management: every review, hidden ones too unless left out; `reported` puts the most reported first. */
export async function listAdminReviews(db: Database, query: AdminReviewListQuery): Promise<AdminReviewList> {
  const hasOpenReports = exists(
    db
      .select({ one: sql`1` })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviews.id), isNull(reviewReports.resolvedAt))),
  );
  const hasFlaggedResponse = exists(
    db
      .select({ one: sql`1` })
      .from(reviewResponses)
      .where(and(eq(reviewResponses.reviewId, reviews.id), isNotNull(reviewResponses.flaggedAt))),
  );
  const where = and(
    matchesReviewSearch(query.q),
    query.hideHidden ? eq(reviews.isHidden, false) : undefined,
    query.hidden ? eq(reviews.isHidden, true) : undefined,
    query.reported ? hasOpenReports : undefined,
    // Held reviews are flagged too: the Flagged tab is what the screen found and no moderator
    // settled, in the review or in the tutor's response to it.
    query.flagged ? or(isNotNull(reviews.flaggedAt), hasFlaggedResponse) : undefined,
  );
  const order = query.reported
    ? [sql`${openReportCount} desc`, sql`${latestOpenReport} desc`, ...newestFirst]
    : newestFirst;
  const rows = await adminReviewRows(db)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  // Only a search reads the joined tables; without one the count stays on reviews alone.
  const counted = db.select({ total: count() }).from(reviews);
  const [totals] = await (query.q
    ? counted
        .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
        .innerJoin(users, eq(users.id, reviews.authorId))
        .where(where)
    : counted.where(where));
  const reviewIds = rows.map((row) => row.review.id);
  const [reports, responses] = [await openReportsOf(db, reviewIds), await adminResponsesTo(db, reviewIds)];
  return {
    items: rows.map((row) =>
      toAdminReview(row, reports.get(row.review.id) ?? [], responses.get(row.review.id) ?? null),
    ),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One review as review management shows it, after a moderator acted on it. */
export async function getAdminReview(db: Database, reviewId: string): Promise<AdminReview> {
  const [row] = await adminReviewRows(db).where(eq(reviews.id, reviewId)).limit(1);
  if (!row) throw reviewNotFound();
  const reports = await openReportsOf(db, [reviewId]);
  const responses = await adminResponsesTo(db, [reviewId]);
  return toAdminReview(row, reports.get(reviewId) ?? [], responses.get(reviewId) ?? null);
}
