import { and, count, countDistinct, eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { departmentTutorCounts, reviews, tutorSearch, tutors } from '../../src/server/db/schema';
import { storeImage } from '../../src/server/services/images';
import { apiPaths } from '../../src/shared/api-paths';
import type { ReviewFeed } from '../../src/shared/review-answers';
import type { DepartmentList, TutorList, TutorProfile } from '../../src/shared/tutors';
import { callAs, signedInAdmin, signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';

// The list's total, the departments menu and All Reviews' total read department_tutor_counts,
// which a trigger on tutors keeps: whatever writes a tutor (a submission, an approval, a
// rejection, an admin's edit of its department or visibility, a deletion) or its reviews (a
// review posted, hidden, shown again, deleted), the counts equal a fresh count of tutors and
// of the reviews the feed shows. tutor_search, kept by another trigger on tutors, holds each
// tutor's visibility, department and search columns as the tutor itself does, and a search
// finds exactly the public tutors whose own columns match.

let t: TestApp;
let admin: Actor;
let student: Actor;
/** Students who post reviews, each at most one per tutor. */
let reviewers: Actor[];
/** Each tutor's picture, kept through edits (an edit that drops a picture deletes it). */
const pictures = new Map<string, string | null>();
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'Dana Dean');
  student = await signedInStudent(t, 'Sam Submitter');
  reviewers = [await signedInStudent(t, 'Rae Reviewer'), await signedInStudent(t, 'Rob Reviewer')];
  pictures.clear();
});

/** A new picture each time: deleting a tutor deletes its picture. */
async function newPicture(): Promise<string> {
  const background = { r: pictures.size % 256, g: 80, b: 160 };
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeImage(t.db, t.app.imageStore, { bytes, uploadedBy: admin.user.id, now: t.clock() })).key;
}
afterEach(() => t.close());

const DEPARTMENTS = ['Physics', 'Biology', 'Chemistry'] as const;

interface Counts {
  tutors: number;
  reviews: number;
}

async function storedCounts(): Promise<Record<string, Counts>> {
  const rows = await t.db.select().from(departmentTutorCounts);
  return Object.fromEntries(
    rows.map((row) => [row.department, { tutors: row.publicTutorCount, reviews: row.publicReviewCount }]),
  );
}

/** Counted afresh: public tutors per department, and their reviews that are not hidden. */
async function freshCounts(): Promise<Record<string, Counts>> {
  const rows = await t.db
    .select({
      department: tutors.department,
      tutors: countDistinct(tutors.id),
      reviews: count(reviews.id),
    })
    .from(tutors)
    .leftJoin(reviews, and(eq(reviews.tutorId, tutors.id), eq(reviews.isHidden, false)))
    .where(eq(tutors.isPublic, true))
    .groupBy(tutors.department);
  return Object.fromEntries(rows.map(({ department, ...counts }) => [department, counts]));
}

const sumOf = (counts: Record<string, Counts>, key: keyof Counts) =>
  Object.values(counts).reduce((sum, each) => sum + each[key], 0);

async function read<T>(url: string): Promise<T> {
  const response = await callAs(t, student, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function expectCountsAgree(): Promise<void> {
  const fresh = await freshCounts();
  expect(await storedCounts()).toEqual(fresh);
  expect((await read<TutorList>(apiPaths.tutors)).total).toBe(sumOf(fresh, 'tutors'));
  for (const department of DEPARTMENTS) {
    const listed = await read<TutorList>(`${apiPaths.tutors}?department=${department}`);
    expect(listed.total).toBe(fresh[department]?.tutors ?? 0);
  }
  const menu = await read<DepartmentList>(apiPaths.tutorDepartments);
  expect(Object.fromEntries(menu.items.map((item) => [item.name, item.tutorCount]))).toEqual(
    Object.fromEntries(Object.entries(fresh).map(([department, counts]) => [department, counts.tutors])),
  );
  const feed = await read<ReviewFeed>(`${apiPaths.reviews}?limit=24`);
  expect(feed.total).toEqual({ count: sumOf(fresh, 'reviews'), more: false });
  await expectSearchAgrees();
}

async function expectSearchAgrees(): Promise<void> {
  const own = await t.db
    .select({
      tutorId: tutors.id,
      isPublic: tutors.isPublic,
      department: tutors.department,
      normalizedName: tutors.normalizedName,
      searchText: tutors.searchText,
    })
    .from(tutors);
  const kept = await t.db.select().from(tutorSearch);
  const byId = (rows: { tutorId: string }[]) => [...rows].sort((a, b) => a.tutorId.localeCompare(b.tutorId));
  expect(byId(kept)).toEqual(byId(own));
  // Searched for a word of every name given in these tests, with and without a department.
  for (const word of ['grace', 'tutor', 'ho']) {
    const found = await read<TutorList>(`${apiPaths.tutors}?q=${word}&pageSize=48`);
    const expected = own.filter((row) => row.isPublic && row.searchText.includes(word));
    expect(found.total).toBe(expected.length);
    expect(found.items.map((item) => item.id).sort()).toEqual(expected.map((row) => row.tutorId).sort());
    const inPhysics = await read<TutorList>(`${apiPaths.tutors}?q=${word}&department=Physics`);
    expect(inPhysics.total).toBe(expected.filter((row) => row.department === 'Physics').length);
  }
}

/** Posts a review of the tutor as the reviewer; null when they may not (already reviewed, not public). */
async function review(tutorId: string, reviewer: Actor, rating: number): Promise<string | null> {
  const response = await callAs(t, reviewer, 'POST', apiPaths.reviews, {
    tutorId,
    title: 'Clear and fair',
    body: 'Explains every step and answers questions after class.',
    rating,
    aiAssisted: false,
  });
  return response.statusCode === 201 ? response.json<{ review: { id: string } }>().review.id : null;
}

function editInput(department: string, isPublic: boolean, imageKey: string | null) {
  return {
    name: 'Grace Hopper',
    department,
    biography: 'Taught compilers.',
    courses: [`${department.slice(0, 4).toUpperCase()}101`],
    imageKey,
    isPublic,
  };
}

async function createAsAdmin(department: string, isPublic: boolean): Promise<string> {
  const picture = await newPicture();
  const response = await callAs(t, admin, 'POST', apiPaths.adminTutors, editInput(department, isPublic, picture));
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ tutor: TutorProfile }>().tutor;
  pictures.set(id, picture);
  return id;
}

async function edit(tutorId: string, department: string, isPublic: boolean): Promise<void> {
  // An admin's edit keeps a picture: a submission without one gets its first here.
  const picture = pictures.get(tutorId) ?? (await newPicture());
  pictures.set(tutorId, picture);
  const input = editInput(department, isPublic, picture);
  const response = await callAs(t, admin, 'PATCH', apiPaths.adminTutor(tutorId), input);
  expect(response.statusCode, response.body).toBe(200);
}

let submitted = 0;
async function submitAsStudent(department: string): Promise<string> {
  const { biography, courses } = editInput(department, false, null);
  submitted += 1;
  const name = `Submitted Tutor ${submitted}`;
  const response = await callAs(t, student, 'POST', apiPaths.tutors, { name, department, biography, courses });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ tutor: TutorProfile }>().tutor;
  pictures.set(id, null);
  return id;
}

describe('public tutors per department', () => {
  test('follow submissions, approvals, rejections, edits, deletions and reviews', async () => {
    const physics = await createAsAdmin('Physics', true);
    const hidden = await createAsAdmin('Biology', false);
    const submitted = await submitAsStudent('Chemistry');
    const declined = await submitAsStudent('Physics');
    const first = await review(physics, reviewers[0]!, 5);
    await review(physics, reviewers[1]!, 3);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Physics: { tutors: 1, reviews: 2 } });

    expect((await callAs(t, admin, 'POST', apiPaths.approveTutor(submitted))).statusCode).toBe(200);
    await review(submitted, reviewers[0]!, 4);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Physics: { tutors: 1, reviews: 2 }, Chemistry: { tutors: 1, reviews: 1 } });

    // A hidden review leaves the count and comes back with its review; its author's deletion takes it away.
    await callAs(t, admin, 'POST', apiPaths.hideReview(first!), { reason: 'Checking.' });
    await expectCountsAgree();
    expect((await storedCounts()).Physics).toEqual({ tutors: 1, reviews: 1 });
    await callAs(t, admin, 'POST', apiPaths.unhideReview(first!));
    expect((await storedCounts()).Physics).toEqual({ tutors: 1, reviews: 2 });
    expect((await callAs(t, reviewers[0]!, 'DELETE', apiPaths.review(first!))).statusCode).toBe(204);
    await expectCountsAgree();
    expect((await storedCounts()).Physics).toEqual({ tutors: 1, reviews: 1 });

    // Moving a public tutor to another department moves its counts; publishing the hidden one adds it.
    await edit(physics, 'Biology', true);
    await edit(hidden, 'Biology', true);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Biology: { tutors: 2, reviews: 1 }, Chemistry: { tutors: 1, reviews: 1 } });

    // Hiding one and deleting the other leaves Biology without a row.
    await edit(physics, 'Biology', false);
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminTutor(hidden))).statusCode).toBe(204);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Chemistry: { tutors: 1, reviews: 1 } });

    // A rejected submission never counts; an approved one leaves when an admin hides it.
    const rejected = await callAs(t, admin, 'POST', apiPaths.rejectTutor(declined), { reason: 'Not a tutor here.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await edit(submitted, 'Chemistry', false);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({});
  });

  test('agree with a fresh count after any sequence of tutor and review writes', { timeout: 60_000 }, async () => {
    const department = fc.constantFrom(...DEPARTMENTS);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), department, isPublic: fc.boolean() }),
      fc.record({ kind: fc.constant('submit' as const), department }),
      fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), department, isPublic: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('review' as const),
        pick: fc.nat(),
        reviewer: fc.nat(),
        rating: fc.integer({ min: 1, max: 5 }),
      }),
      fc.record({ kind: fc.constant('hide review' as const), pickReview: fc.nat(), hidden: fc.boolean() }),
      fc.record({ kind: fc.constant('delete review' as const), pickReview: fc.nat() }),
    );
    const tutorIds: string[] = [];
    const reviewIds: { id: string; author: Actor }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if ('pickReview' in s) {
            const chosen = reviewIds[s.pickReview % Math.max(1, reviewIds.length)];
            if (!chosen) continue;
            if (s.kind === 'delete review') {
              // Gone already with its tutor or not: either way it is gone now.
              await callAs(t, chosen.author, 'DELETE', apiPaths.review(chosen.id));
              reviewIds.splice(reviewIds.indexOf(chosen), 1);
            } else {
              const path = s.hidden ? apiPaths.hideReview(chosen.id) : apiPaths.unhideReview(chosen.id);
              await callAs(t, admin, 'POST', path, s.hidden ? { reason: 'Checking.' } : undefined);
            }
            continue;
          }
          const picked = 'pick' in s && tutorIds.length > 0 ? tutorIds[s.pick % tutorIds.length]! : undefined;
          if (s.kind === 'create') tutorIds.push(await createAsAdmin(s.department, s.isPublic));
          else if (s.kind === 'submit') tutorIds.push(await submitAsStudent(s.department));
          else if (!picked) continue;
          else if (s.kind === 'approve') await callAs(t, admin, 'POST', apiPaths.approveTutor(picked));
          else if (s.kind === 'reject')
            await callAs(t, admin, 'POST', apiPaths.rejectTutor(picked), { reason: 'Not a tutor here.' });
          else if (s.kind === 'edit') await edit(picked, s.department, s.isPublic);
          else if (s.kind === 'review') {
            const author = reviewers[s.reviewer % reviewers.length]!;
            const id = await review(picked, author, s.rating);
            if (id) reviewIds.push({ id, author });
          } else {
            await callAs(t, admin, 'DELETE', apiPaths.adminTutor(picked));
            tutorIds.splice(tutorIds.indexOf(picked), 1);
          }
        }
        await expectCountsAgree();
      }),
      { seed: 20_261_126, numRuns: 15 },
    );
  });
});
