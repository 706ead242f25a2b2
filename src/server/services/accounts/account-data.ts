import { asc, eq } from 'drizzle-orm';
import type { AccountData } from '../../../shared/account-data';
import type { Database } from '../../db/client';
import {
  aiDrafts,
  deletedReviews,
  departmentFollows,
  notifications,
  reviewAppeals,
  reviewHelpfulVotes,
  reviewReports,
  reviewResponses,
  reviews,
  sessions,
  userIdentities,
  tutorClaims,
  tutors,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { reviewDetailsOf } from '../reviews/views';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
/** A text column of a deleted review's kept row. */
const keptText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Everything Tutorly holds about the account: its profile, its reviews with their tutors (and
 * those a moderator deleted), its appeals, claims of a tutor profile and responses as a tutor, its
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
    deletedRows,
    appealRows,
    claimRows,
    responseRows,
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
    db
      .select({ deleted: deletedReviews, tutor: { id: tutors.id, name: tutors.name } })
      .from(deletedReviews)
      .innerJoin(tutors, eq(tutors.id, deletedReviews.tutorId))
      .where(eq(deletedReviews.authorId, userId))
      .orderBy(asc(deletedReviews.deletedAt)),
    db.select().from(reviewAppeals).where(eq(reviewAppeals.authorId, userId)).orderBy(asc(reviewAppeals.createdAt)),
    db
      .select({ claim: tutorClaims, tutor: { id: tutors.id, name: tutors.name } })
      .from(tutorClaims)
      .innerJoin(tutors, eq(tutors.id, tutorClaims.tutorId))
      .where(eq(tutorClaims.userId, userId))
      .orderBy(asc(tutorClaims.createdAt)),
    db
      .select()
      .from(reviewResponses)
      .where(eq(reviewResponses.authorId, userId))
      .orderBy(asc(reviewResponses.createdAt)),
  ]);
  return {
    exportedAt: iso(now),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      theme: user.theme,
      language: user.language,
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
    deletedReviews: deletedRows.map(({ deleted, tutor }) => ({
      id: deleted.id,
      tutor,
      title: keptText(deleted.review.title),
      body: keptText(deleted.review.body),
      rating: typeof deleted.review.rating === 'number' ? deleted.review.rating : 0,
      reason: deleted.reason,
      deletedAt: iso(deleted.deletedAt),
    })),
    appeals: appealRows.map((appeal) => ({
      reviewId: appeal.reviewId,
      against: appeal.against,
      text: appeal.text,
      status: appeal.status,
      decisionReason: appeal.decisionReason,
      createdAt: iso(appeal.createdAt),
      decidedAt: isoOrNull(appeal.decidedAt),
    })),
    tutorClaims: claimRows.map(({ claim, tutor }) => ({
      tutor,
      message: claim.message,
      status: claim.status,
      rejectionReason: claim.rejectionReason,
      createdAt: iso(claim.createdAt),
      decidedAt: isoOrNull(claim.decidedAt),
    })),
    responses: responseRows.map((response) => ({
      reviewId: response.reviewId,
      body: response.body,
      isHidden: response.isHidden,
      hiddenReason: response.hiddenReason,
      createdAt: iso(response.createdAt),
      updatedAt: iso(response.updatedAt),
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
