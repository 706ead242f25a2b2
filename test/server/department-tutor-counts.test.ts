import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { departmentTutorCounts, tutors } from '../../src/server/db/schema';
import { storeImage } from '../../src/server/services/images';
import { apiPaths } from '../../src/shared/api-paths';
import type { DepartmentList, TutorList, TutorProfile } from '../../src/shared/tutors';
import { callAs, signedInAdmin, signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';

// The list's total and the departments menu read department_tutor_counts, which a trigger on
// tutors keeps: whatever writes a tutor (a submission, an approval, a rejection, an admin's
// edit of its department or visibility, a deletion), the counts equal a fresh count of tutors.

let t: TestApp;
let admin: Actor;
let student: Actor;
/** Each tutor's picture, kept through edits (an edit that drops a picture deletes it). */
const pictures = new Map<string, string | null>();
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'Dana Dean');
  student = await signedInStudent(t, 'Sam Submitter');
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

async function storedCounts(): Promise<Record<string, number>> {
  const rows = await t.db.select().from(departmentTutorCounts);
  return Object.fromEntries(rows.map((row) => [row.department, row.publicTutorCount]));
}

async function freshCounts(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ department: tutors.department, count: count() })
    .from(tutors)
    .where(eq(tutors.isPublic, true))
    .groupBy(tutors.department);
  return Object.fromEntries(rows.map((row) => [row.department, row.count]));
}

async function read<T>(url: string): Promise<T> {
  const response = await callAs(t, student, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function expectCountsAgree(): Promise<void> {
  const fresh = await freshCounts();
  expect(await storedCounts()).toEqual(fresh);
  const total = Object.values(fresh).reduce((sum, count) => sum + count, 0);
  expect((await read<TutorList>(apiPaths.tutors)).total).toBe(total);
  for (const department of DEPARTMENTS) {
    const listed = await read<TutorList>(`${apiPaths.tutors}?department=${department}`);
    expect(listed.total).toBe(fresh[department] ?? 0);
  }
  const menu = await read<DepartmentList>(apiPaths.tutorDepartments);
  expect(Object.fromEntries(menu.items.map((item) => [item.name, item.tutorCount]))).toEqual(fresh);
}

function editInput(department: string, isPublic: boolean, imageKey: string | null) {
  return {
    name: 'Grace Hopper',
    department,
    biography: 'Taught compilers.',
    courses: ['CS101'],
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
  test('follow submissions, approvals, rejections, edits and deletions', async () => {
    const physics = await createAsAdmin('Physics', true);
    const hidden = await createAsAdmin('Biology', false);
    const submitted = await submitAsStudent('Chemistry');
    const declined = await submitAsStudent('Physics');
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Physics: 1 });

    expect((await callAs(t, admin, 'POST', apiPaths.approveTutor(submitted))).statusCode).toBe(200);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Physics: 1, Chemistry: 1 });

    // Moving a public tutor to another department moves its count; publishing the hidden one adds it.
    await edit(physics, 'Biology', true);
    await edit(hidden, 'Biology', true);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Biology: 2, Chemistry: 1 });

    // Hiding one and deleting the other leaves Biology without a row.
    await edit(physics, 'Biology', false);
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminTutor(hidden))).statusCode).toBe(204);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({ Chemistry: 1 });

    // A rejected submission never counts; an approved one leaves when an admin hides it.
    const rejected = await callAs(t, admin, 'POST', apiPaths.rejectTutor(declined), { reason: 'Not a tutor here.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await edit(submitted, 'Chemistry', false);
    await expectCountsAgree();
    expect(await storedCounts()).toEqual({});
  });

  test('agree with a fresh count after any sequence of tutor writes', { timeout: 60_000 }, async () => {
    const department = fc.constantFrom(...DEPARTMENTS);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), department, isPublic: fc.boolean() }),
      fc.record({ kind: fc.constant('submit' as const), department }),
      fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), department, isPublic: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    const tutorIds: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const picked = 'pick' in s && tutorIds.length > 0 ? tutorIds[s.pick % tutorIds.length]! : undefined;
          if (s.kind === 'create') tutorIds.push(await createAsAdmin(s.department, s.isPublic));
          else if (s.kind === 'submit') tutorIds.push(await submitAsStudent(s.department));
          else if (!picked) continue;
          else if (s.kind === 'approve') await callAs(t, admin, 'POST', apiPaths.approveTutor(picked));
          else if (s.kind === 'reject')
            await callAs(t, admin, 'POST', apiPaths.rejectTutor(picked), { reason: 'Not a tutor here.' });
          else if (s.kind === 'edit') await edit(picked, s.department, s.isPublic);
          else {
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
