import { asc, eq } from 'drizzle-orm';
import type { AccountData } from '../../../shared/account-data';
import type { Database } from '../../db/client';
import {
  aiDrafts,
  departmentFollows,
  notifications,
  reviewHelpfulVotes,
  reviewReports,
  reviews,
  sessions,
  userIdentities,
  tutors,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { reviewDetailsOf } from '../reviews/views';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything Tutorly holds about the account: its profile, its reviews with their tutors, its
 * submitted tutors, the reports it made, its notifications, followed departments, the
 * university accounts it signs in with, sessions
 * (metadata only: never a token or its hash) and the AI drafts it asked for (nothing of what
 * was written is kept). Reads only.
 */
export async function exportAccountData(db: Database, userId: string, now: Date): Promise<AccountData> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  const [
    reviewRows,
    submissionRows,
    reportRows,
    notificationRows,
    followRows,
    identityRows,
    sessionRows,
    draftRows,
    voteRows,
  ] = await Promise.all([
    db
      .select({ review: reviews, tutor: { id: tutors.id, name: tutors.name, department: tutors.department } })
      .from(reviews)
      .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
      .where(eq(reviews.authorId, userId))
      .orderBy(asc(reviews.createdAt)),
    db.select().from(tutors).where(eq(tutors.submittedBy, userId)).orderBy(asc(tutors.createdAt)),
    db
      .select({ report: reviewReports, reviewTitle: reviews.title })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .where(eq(reviewReports.reporterId, userId))
      .orderBy(asc(reviewReports.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt)),
    db
      .select()
      .from(departmentFollows)
      .where(eq(departmentFollows.userId, userId))
      .orderBy(asc(departmentFollows.department)),
    db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.createdAt)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db.select().from(aiDrafts).where(eq(aiDrafts.userId, userId)).orderBy(asc(aiDrafts.createdAt)),
    db
      .select({ vote: reviewHelpfulVotes, reviewTitle: reviews.title })
      .from(reviewHelpfulVotes)
      .innerJoin(reviews, eq(reviews.id, reviewHelpfulVotes.reviewId))
      .where(eq(reviewHelpfulVotes.voterId, userId))
      .orderBy(asc(reviewHelpfulVotes.createdAt)),
  ]);
  return {
    exportedAt: iso(now),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    reviews: reviewRows.map(({ review, tutor }) => ({
      id: review.id,
      tutor,
      title: review.title,
      body: review.body,
      rating: review.rating,
      isHidden: review.isHidden,
      hiddenReason: review.hiddenReason,
      aiAssisted: review.aiAssisted,
      showName: review.showName,
      ...reviewDetailsOf(review),
      helpfulCount: review.helpfulCount,
      createdAt: iso(review.createdAt),
      updatedAt: iso(review.updatedAt),
    })),
    helpfulVotes: voteRows.map(({ vote, reviewTitle }) => ({
      reviewId: vote.reviewId,
      reviewTitle,
      createdAt: iso(vote.createdAt),
    })),
    submissions: submissionRows.map((tutor) => ({
      id: tutor.id,
      name: tutor.name,
      department: tutor.department,
      biography: tutor.biography,
      courses: tutor.courses,
      status: tutor.status,
      rejectionReason: tutor.rejectionReason,
      createdAt: iso(tutor.createdAt),
    })),
    reportsMade: reportRows.map(({ report, reviewTitle }) => ({
      reviewId: report.reviewId,
      reviewTitle,
      reason: report.reason,
      details: report.details,
      createdAt: iso(report.createdAt),
      resolvedAt: isoOrNull(report.resolvedAt),
    })),
    notifications: notificationRows.map((notification) => ({
      id: notification.id,
      kind: notification.kind,
      data: Object.fromEntries(
        Object.entries(notification.data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      readAt: isoOrNull(notification.readAt),
      createdAt: iso(notification.createdAt),
    })),
    followedDepartments: followRows.map((follow) => ({
      department: follow.department,
      followedAt: iso(follow.createdAt),
    })),
    campusIdentities: identityRows.map((identity) => ({
      protocol: identity.protocol,
      issuer: identity.issuer,
      subject: identity.subject,
      linkedAt: iso(identity.createdAt),
      lastUsedAt: iso(identity.lastUsedAt),
    })),
    sessions: sessionRows.map((session) => ({
      userAgent: session.userAgent,
      clientAddress: session.clientAddress,
      signedInWith: session.signedInWith,
      signedInAt: iso(session.createdAt),
      lastActiveAt: iso(session.lastActiveAt),
      expiresAt: iso(session.expiresAt),
    })),
    aiDrafts: draftRows.map((draft) => ({
      provider: draft.provider,
      model: draft.model,
      outcome: draft.outcome,
      createdAt: iso(draft.createdAt),
      finishedAt: isoOrNull(draft.finishedAt),
    })),
  };
}
