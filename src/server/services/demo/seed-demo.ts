import { randomUUID } from 'node:crypto';
import { isNotNull, ne } from 'drizzle-orm';
import { everythingChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import {
  type NotificationData,
  notifications,
  reviewHelpfulVotes,
  reviewReports,
  reviews,
  tutors,
  users,
} from '../../db/schema';
import type { NotificationKind } from '../../../shared/notifications';
import { isUniqueViolation } from '../../lib/errors';
import { tutorSearchColumns } from '../../lib/search-text';
import type { ImageStore } from '../../storage';
import { normalizeEmail } from '../accounts/users';
import { deleteUnusedImages, storeImage } from '../images';
import { hashPassword } from '../accounts/passwords';
import { renderInitialsAvatar } from './avatars';
import { DEMO_PASSWORD } from './demo-content';
import { DEMO_SEED, generateDemo } from './generate-demo';
import { refreshRankingPrior } from '../tutors/ranking';
import { recountAllTutorAggregates } from '../reviews/aggregates';
import { reviewContentColumns } from '../reviews/views';

export interface SeedDemoOptions {
  /** Where pictures go, as for uploads. */
  store: ImageStore;
  now: Date;
  /** Replace existing tutors, reviews and non-admin accounts instead of refusing. */
  force?: boolean;
  seed?: number;
}

export interface ExistingData {
  tutors: number;
  reviews: number;
  nonAdminUsers: number;
}

export interface SeedDemoSummary {
  seed: number;
  students: number;
  tutors: { approved: number; pending: number; rejected: number };
  reviews: { visible: number; hidden: number; reported: number };
  pictures: number;
  /** What --force deleted first; null when the database was empty. */
  removed: ExistingData | null;
  password: string;
  exampleLogins: string[];
}

export type SeedDemoResult =
  { outcome: 'refused'; existing: ExistingData } | { outcome: 'seeded'; summary: SeedDemoSummary };

export async function countExistingData(db: Database): Promise<ExistingData> {
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  return {
    tutors: await db.$count(tutors),
    reviews: await db.$count(reviews),
    nonAdminUsers: await db.$count(users, ne(users.role, 'admin')),
  };
}

const hasData = (existing: ExistingData) => existing.tutors + existing.reviews + existing.nonAdminUsers > 0;

/**
 * Fills the database with the demo. Refuses when anything but admin accounts is already
 * there, since the demo must never mix with real data; with `force` it first deletes tutors,
 * reviews and non-admin accounts. Admin accounts are never touched.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const { store, now, force = false, seed = DEMO_SEED } = options;
  // Checked before the slow part too, so a refusal is instant and writes no pictures.
  const before = await countExistingData(db);
  if (!force && hasData(before)) return { outcome: 'refused', existing: before };

  const demo = generateDemo({ seed, now });

  // Outside the transaction: rendering takes a moment and should not hold locks. Stored as an
  // upload would be; a failed seed leaves only unreferenced pictures, which the next run reuses
  // and the sweep of abandoned uploads removes otherwise.
  // One at a time: pictures are decoded one after another anyway, and the decoding queue's
  // short waiting line is for uploads, not for a seed's dozens of avatars.
  const imageKeys: string[] = [];
  for (const tutor of demo.tutors) {
    const image = await storeImage(db, store, { bytes: await renderInitialsAvatar(tutor.name), uploadedBy: null, now });
    imageKeys.push(image.key);
  }
  // One hash per account, as sign-up would make: identical hashes would reveal shared passwords.
  const passwordHashes = await Promise.all(demo.students.map(() => hashPassword(DEMO_PASSWORD)));

  let replacedImageKeys: (string | null)[] = [];
  const result = await changeData(db, [everythingChanged('demo data seeded')], async (tx): Promise<SeedDemoResult> => {
    // Checked again inside the transaction, in case something was written meanwhile.
    const existing = await countExistingData(tx);
    if (hasData(existing)) {
      if (!force) return { outcome: 'refused', existing };
      replacedImageKeys = (
        await tx.selectDistinct({ key: tutors.imageKey }).from(tutors).where(isNotNull(tutors.imageKey))
      ).map((row) => row.key);
      // Reviews and sessions go with their tutors and users (ON DELETE CASCADE); explicit for clarity.
      await tx.delete(reviews);
      await tx.delete(tutors);
      await tx.delete(users).where(ne(users.role, 'admin'));
    }

    // Ids are made here rather than read back from RETURNING, whose row order SQL does not promise.
    const studentIds = demo.students.map(() => randomUUID());
    const tutorIds = demo.tutors.map(() => randomUUID());

    try {
      await tx.insert(users).values(
        demo.students.map((student, i) => ({
          id: studentIds[i]!,
          name: student.name,
          email: normalizeEmail(student.email),
          passwordHash: passwordHashes[i]!,
          role: 'student' as const,
          // Verified a few minutes after sign-up, as if they had clicked the link.
          emailVerifiedAt: new Date(student.createdAt.getTime() + 4 * 60_000),
          createdAt: student.createdAt,
          updatedAt: student.createdAt,
        })),
      );
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) {
        throw new Error(
          'An admin account uses the email address of a demo student; change its email, then seed again.',
          { cause: err },
        );
      }
      throw err;
    }

    await tx.insert(tutors).values(
      demo.tutors.map((tutor, i) => ({
        id: tutorIds[i]!,
        name: tutor.name,
        department: tutor.department,
        biography: tutor.biography,
        courses: tutor.courses,
        ...tutorSearchColumns(tutor),
        imageKey: imageKeys[i]!,
        isPublic: tutor.isPublic,
        status: tutor.status,
        rejectionReason: tutor.rejectionReason,
        submittedBy: tutor.submittedBy === null ? null : studentIds[tutor.submittedBy]!,
        createdAt: tutor.createdAt,
        updatedAt: tutor.updatedAt,
      })),
    );

    // ~300 rows × 12 columns stays far below PostgreSQL's 65,535 parameters: one statement.
    const reviewIds = demo.reviews.map(() => randomUUID());
    await tx.insert(reviews).values(
      demo.reviews.map((review, i) => ({
        id: reviewIds[i]!,
        tutorId: tutorIds[review.tutor]!,
        authorId: studentIds[review.author]!,
        ...reviewContentColumns(review),
        isHidden: review.isHidden,
        hiddenReason: review.hiddenReason,
        createdAt: review.createdAt,
        updatedAt: review.updatedAt,
      })),
    );
    // Each vote counts itself on its review (a trigger).
    if (demo.helpfulVotes.length > 0) {
      await tx.insert(reviewHelpfulVotes).values(
        demo.helpfulVotes.map((vote) => ({
          reviewId: reviewIds[vote.review]!,
          voterId: studentIds[vote.voter]!,
          createdAt: now,
        })),
      );
    }

    if (demo.reports.length > 0) {
      await tx.insert(reviewReports).values(
        demo.reports.map((report) => ({
          reviewId: reviewIds[report.review]!,
          reporterId: studentIds[report.reporter]!,
          reason: report.reason,
          details: report.details,
          createdAt: report.createdAt,
        })),
      );
    }

    // What the students would have been told along the way: decided submissions, hidden reviews.
    const notices: {
      userId: string;
      kind: NotificationKind;
      tutorId: string;
      data: NotificationData;
      createdAt: Date;
    }[] = [
      ...demo.tutors.flatMap((tutor, i) =>
        tutor.submittedBy === null || tutor.status === 'pending'
          ? []
          : [
              {
                userId: studentIds[tutor.submittedBy]!,
                kind: tutor.status === 'approved' ? ('submission_approved' as const) : ('submission_rejected' as const),
                tutorId: tutorIds[i]!,
                data: { tutorName: tutor.name, ...(tutor.rejectionReason ? { reason: tutor.rejectionReason } : {}) },
                createdAt: tutor.updatedAt,
              },
            ],
      ),
      ...demo.reviews.flatMap((review) =>
        review.isHidden
          ? [
              {
                userId: studentIds[review.author]!,
                kind: 'review_hidden' as const,
                tutorId: tutorIds[review.tutor]!,
                data: {
                  tutorName: demo.tutors[review.tutor]!.name,
                  reviewTitle: review.title,
                  ...(review.hiddenReason ? { reason: review.hiddenReason } : {}),
                },
                createdAt: review.updatedAt,
              },
            ]
          : [],
      ),
    ];
    if (notices.length > 0) await tx.insert(notifications).values(notices);

    await recountAllTutorAggregates(tx);
    // The ranking's prior is the mean of the reviews just written, not of those replaced.
    await refreshRankingPrior(tx, now, { force: true });

    const hidden = demo.reviews.filter((r) => r.isHidden).length;
    const byStatus = (status: string) => demo.tutors.filter((t) => t.status === status).length;
    return {
      outcome: 'seeded',
      summary: {
        seed,
        students: demo.students.length,
        tutors: { approved: byStatus('approved'), pending: byStatus('pending'), rejected: byStatus('rejected') },
        reviews: {
          visible: demo.reviews.length - hidden,
          hidden,
          reported: new Set(demo.reports.map((report) => report.review)).size,
        },
        pictures: new Set(imageKeys).size,
        removed: hasData(existing) ? existing : null,
        password: DEMO_PASSWORD,
        exampleLogins: demo.students.slice(0, 2).map((s) => normalizeEmail(s.email)),
      },
    };
  });
  // Only once the old tutors are gone for good: their pictures the new ones do not reuse.
  await deleteUnusedImages(db, store, replacedImageKeys);
  return result;
}
