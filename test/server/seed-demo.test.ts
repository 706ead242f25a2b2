import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { notifications, reviewReports, reviews, tutors, uploads, users } from '../../src/server/db/schema';
import { authenticate } from '../../src/server/services/accounts/login';
import { DEMO_PASSWORD } from '../../src/server/services/demo/demo-content';
import { generateDemo } from '../../src/server/services/demo/generate-demo';
import { countExistingData, seedDemo, type SeedDemoResult } from '../../src/server/services/demo/seed-demo';
import { createLocalDiskStore, type ImageStore } from '../../src/server/storage';
import { thumbnailKeyOf } from '../../src/shared/uploads';
import { getFileDatabase } from '../helpers/database';
import { createAdminRecord, createUserRecord } from '../helpers/factories';

const now = new Date('2026-03-01T12:00:00Z');

let db: Database;
let uploadsDir: string;
let store: ImageStore;
beforeEach(async () => {
  db = (await getFileDatabase()).db;
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-seed-demo-'));
  store = createLocalDiskStore(uploadsDir);
});
afterEach(() => rm(uploadsDir, { recursive: true, force: true }));

function seeded(result: SeedDemoResult) {
  if (result.outcome !== 'seeded') throw new Error(`expected a seed, got ${JSON.stringify(result)}`);
  return result.summary;
}

async function snapshotCounts() {
  return {
    users: await db.$count(users),
    admins: await db.$count(users, eq(users.role, 'admin')),
    tutors: await db.$count(tutors),
    reviews: await db.$count(reviews),
  };
}

describe('seed:demo', () => {
  test('fills an empty database with a consistent demo', async () => {
    const { user: admin } = await createAdminRecord(db);

    const summary = seeded(await seedDemo(db, { store, now }));

    const tutorRows = await db.select().from(tutors);
    const reviewRows = await db.select().from(reviews);
    const students = await db.select().from(users).where(eq(users.role, 'student'));

    expect(tutorRows.length).toBeGreaterThanOrEqual(35);
    expect(tutorRows.length).toBeLessThanOrEqual(45);
    expect(new Set(tutorRows.map((t) => t.department)).size).toBeGreaterThanOrEqual(6);
    expect(reviewRows.length).toBeGreaterThanOrEqual(250);
    expect(reviewRows.length).toBeLessThanOrEqual(350);
    expect(students.length).toBeGreaterThanOrEqual(15);
    expect(summary).toMatchObject({
      students: students.length,
      reviews: {
        visible: reviewRows.filter((r) => !r.isHidden).length,
        hidden: reviewRows.filter((r) => r.isHidden).length,
      },
    });

    // Most reviews are anonymous, as on a live site; some students sign theirs.
    const signed = reviewRows.filter((r) => r.showName).length;
    expect(signed).toBeGreaterThan(reviewRows.length * 0.1);
    expect(signed).toBeLessThan(reviewRows.length * 0.6);

    // A few visible reviews wait in the reported queue; nobody reports their own review.
    const reports = await db.select().from(reviewReports);
    const reported = new Set(reports.map((report) => report.reviewId));
    expect(reported.size).toBe(summary.reviews.reported);
    expect(reported.size).toBeGreaterThanOrEqual(1);
    for (const report of reports) {
      const review = reviewRows.find((row) => row.id === report.reviewId)!;
      expect(review.isHidden).toBe(false);
      expect(report.reporterId).not.toBe(review.authorId);
      expect(report.resolvedAt).toBeNull();
      if (report.reason === 'other') expect(report.details).toBeTruthy();
    }

    // Public means approved; submissions are private and belong to a student.
    const pending = tutorRows.filter((t) => t.status === 'pending');
    const rejected = tutorRows.filter((t) => t.status === 'rejected');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.rejectionReason).toBeTruthy();
    // Its submitter was told why, as a real rejection would have told them.
    const notices = await db.select().from(notifications);
    expect(notices).toContainEqual(
      expect.objectContaining({
        userId: rejected[0]!.submittedBy,
        kind: 'submission_rejected',
        tutorId: rejected[0]!.id,
        data: { tutorName: rejected[0]!.name, reason: rejected[0]!.rejectionReason },
      }),
    );
    expect(notices.filter((notice) => notice.kind === 'review_hidden')).toHaveLength(
      reviewRows.filter((review) => review.isHidden).length,
    );
    const studentIds = new Set(students.map((s) => s.id));
    for (const tutor of tutorRows) {
      expect(tutor.isPublic).toBe(tutor.status === 'approved');
      if (tutor.status !== 'approved') expect(studentIds.has(tutor.submittedBy!)).toBe(true);
      expect(tutor.courses.length).toBeGreaterThanOrEqual(2);
      expect(tutor.courses.every((c) => /^[A-Z]{2,4}\d{3} \S/.test(c))).toBe(true);
    }

    // Every picture and its thumbnail exist, under the SHA-256 of the picture's bytes.
    for (const tutor of tutorRows) {
      expect(tutor.imageKey).toMatch(/^[0-9a-f]{64}\.webp$/);
      await access(path.join(uploadsDir, tutor.imageKey!));
      const thumb = await sharp(path.join(uploadsDir, thumbnailKeyOf(tutor.imageKey!))).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 256, 256]);
    }
    const picture = await sharp(path.join(uploadsDir, tutorRows[0]!.imageKey!)).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['webp', 512, 512]);
    // Registered as uploads, so tutors' references to them hold; the search columns are filled.
    const uploadKeys = new Set((await db.select({ key: uploads.key }).from(uploads)).map((u) => u.key));
    expect(tutorRows.every((t) => uploadKeys.has(t.imageKey!))).toBe(true);
    expect(tutorRows.every((t) => t.normalizedName !== '' && t.searchText.includes(t.normalizedName))).toBe(true);

    // Reviews only on public tutors; ratings skew high but not uniformly.
    const publicIds = new Set(tutorRows.filter((t) => t.isPublic).map((t) => t.id));
    expect(reviewRows.every((r) => publicIds.has(r.tutorId) && studentIds.has(r.authorId))).toBe(true);
    const highShare = reviewRows.filter((r) => r.rating >= 4).length / reviewRows.length;
    expect(highShare).toBeGreaterThan(0.55);
    expect(highShare).toBeLessThan(0.95);
    const hidden = reviewRows.filter((r) => r.isHidden);
    expect(hidden.length).toBeGreaterThanOrEqual(3);
    expect(hidden.every((r) => r.hiddenReason)).toBe(true);
    expect(reviewRows.every((r) => r.createdAt <= now)).toBe(true);

    // The stored aggregates equal a fresh count over visible reviews, tutor by tutor.
    for (const tutor of tutorRows) {
      const visible = reviewRows.filter((r) => r.tutorId === tutor.id && !r.isHidden);
      expect({ id: tutor.id, count: tutor.reviewCount, sum: tutor.ratingSum }).toEqual({
        id: tutor.id,
        count: visible.length,
        sum: visible.reduce((total, r) => total + r.rating, 0),
      });
    }

    // Students are verified and can log in with the printed password; the admin is untouched.
    expect(students.every((s) => s.emailVerifiedAt !== null)).toBe(true);
    for (const email of summary.exampleLogins) {
      expect((await authenticate(db, { email, password: DEMO_PASSWORD })).email).toBe(email);
    }
    const [adminAfter] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(adminAfter).toEqual(admin);
  });

  test('refuses a database that already has data, and changes nothing', async () => {
    seeded(await seedDemo(db, { store, now }));
    const before = await snapshotCounts();

    const again = await seedDemo(db, { store, now });

    expect(again).toEqual({ outcome: 'refused', existing: await countExistingData(db) });
    expect(await snapshotCounts()).toEqual(before);
  });

  test('refuses when a single student account exists, but not for admins alone', async () => {
    await createAdminRecord(db);
    await createUserRecord(db);
    expect(await seedDemo(db, { store, now })).toEqual({
      outcome: 'refused',
      existing: { tutors: 0, reviews: 0, nonAdminUsers: 1 },
    });
  });

  // Seeds twice, with a password hash per demo student each time: longer than most tests take.
  test('with force, replaces tutors, reviews and students and keeps the admins', async () => {
    const { user: admin } = await createAdminRecord(db);
    const first = seeded(await seedDemo(db, { store, now }));
    const afterFirst = await snapshotCounts();
    const { user: stranger } = await createUserRecord(db);
    const [oldTutor] = await db.select({ id: tutors.id }).from(tutors).limit(1);

    const second = seeded(await seedDemo(db, { store, now, force: true }));

    expect(second.removed).toEqual({
      tutors: afterFirst.tutors,
      reviews: afterFirst.reviews,
      nonAdminUsers: first.students + 1,
    });
    expect(await snapshotCounts()).toEqual(afterFirst);
    expect(await db.select().from(users).where(eq(users.id, admin.id))).toEqual([admin]);
    expect(await db.$count(users, eq(users.id, stranger.id))).toBe(0);
    expect(await db.$count(tutors, eq(tutors.id, oldTutor!.id))).toBe(0);
  }, 30_000);
});

describe('generateDemo', () => {
  test('is a pure function of the seed and the date', () => {
    expect(generateDemo({ now })).toEqual(generateDemo({ now }));
    expect(generateDemo({ now, seed: 7 })).not.toEqual(generateDemo({ now }));
  });

  test('never pairs a student with the same tutor twice', () => {
    const { reviews: demoReviews } = generateDemo({ now, seed: 99 });
    expect(new Set(demoReviews.map((r) => `${r.tutor}:${r.author}`)).size).toBe(demoReviews.length);
  });
});
