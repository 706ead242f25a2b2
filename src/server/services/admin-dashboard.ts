import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { DASHBOARD_ACTIVITY_COUNT, DASHBOARD_WEEKS, type AdminDashboard } from '../../shared/admin-dashboard';
import type { Database } from '../db/client';
import { reviewReports, reviews, tutors, users } from '../db/schema';
import { recentAuditEntries } from './audit-log';
import { DAY_MS } from '../lib/clock';

const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `now` falls in. */
function weekStartOf(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

type Figures = AdminDashboard['figures'];

/**
 * The headline numbers: one pass over the tutors table and a count of users, never a scan of
 * the reviews but for the hidden ones and the open reports. "reviews" is the sum of the tutors' review counts, which are kept exact over
 * visible (not hidden) reviews in the transaction of every review change. That includes the
 * visible reviews of tutors that are not public (yet or any more): those still belong to their
 * authors, come back with the tutor, and appear in review management.
 */
async function figures(db: Database): Promise<Figures> {
  const withReviews = sql`${tutors.isPublic} and ${tutors.reviewCount} > 0`;
  const [[tutorFigures], [userFigures], [queueFigures]] = await Promise.all([
    db
      .select({
        publicTutors: sql<number>`count(*) filter (where ${tutors.isPublic})::int`,
        pendingSubmissions: sql<number>`count(*) filter (where ${tutors.status} = 'pending')::int`,
        reviews: sql<number>`coalesce(sum(${tutors.reviewCount}), 0)::int`,
        meanRating: sql<number | null>`(avg(${tutors.averageRating}) filter (where ${withReviews}))::double precision`,
      })
      .from(tutors),
    db.select({ users: count() }).from(users),
    // What waits for a moderator: reviews with open reports (the open-report index), and hidden ones.
    db
      .select({
        reportedReviews: sql<number>`(select count(distinct ${reviewReports.reviewId}) from ${reviewReports} where ${reviewReports.resolvedAt} is null)::int`,
        hiddenReviews: sql<number>`(select count(*) from ${reviews} where ${reviews.isHidden})::int`,
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    publicTutors: Number(tutorFigures?.publicTutors ?? 0),
    pendingSubmissions: Number(tutorFigures?.pendingSubmissions ?? 0),
    reviews: Number(tutorFigures?.reviews ?? 0),
    users: userFigures?.users ?? 0,
    reportedReviews: Number(queueFigures?.reportedReviews ?? 0),
    hiddenReviews: Number(queueFigures?.hiddenReviews ?? 0),
    meanRating: tutorFigures?.meanRating == null ? null : Number(tutorFigures.meanRating),
  };
}

/** Visible reviews by the week they were written, oldest week first, this week included. */
async function reviewsPerWeek(db: Database, now: Date): Promise<AdminDashboard['reviewsPerWeek']> {
  const thisWeek = weekStartOf(now);
  const firstWeek = new Date(thisWeek.getTime() - (DASHBOARD_WEEKS - 1) * WEEK_MS);
  const nextWeek = new Date(thisWeek.getTime() + WEEK_MS);
  // Weeks are counted from the first one in whole milliseconds, so neither the session's time
  // zone nor daylight saving can move a review into another week. The range reads the partial
  // index of visible reviews by date.
  const weekIndex = sql<number>`floor(extract(epoch from (${reviews.createdAt} - ${firstWeek.toISOString()}::timestamptz)) / ${WEEK_MS / 1000})::int`;
  const rows = await db
    .select({ week: weekIndex, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.isHidden, false), gte(reviews.createdAt, firstWeek), lt(reviews.createdAt, nextWeek)))
    // By position: the expression carries parameters, and PostgreSQL matches a repeated one by its text.
    .groupBy(sql`1`);
  const counts = new Map(rows.map((row) => [Number(row.week), Number(row.count)]));
  return Array.from({ length: DASHBOARD_WEEKS }, (_, week) => ({
    weekStart: new Date(firstWeek.getTime() + week * WEEK_MS).toISOString().slice(0, 10),
    count: counts.get(week) ?? 0,
  }));
}

export async function getAdminDashboard(db: Database, now: Date): Promise<AdminDashboard> {
  const [figuresNow, perWeek, activity] = await Promise.all([
    figures(db),
    reviewsPerWeek(db, now),
    recentAuditEntries(db, DASHBOARD_ACTIVITY_COUNT),
  ]);
  return { figures: figuresNow, reviewsPerWeek: perWeek, recentActivity: activity };
}
