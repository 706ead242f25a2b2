import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { notifications, reviews, tutors, uploads } from '../../src/server/db/schema';
import { DAY_MS } from '../../src/server/lib/clock';
import { storeImage } from '../../src/server/services/images';
import {
  type AdminTutorList,
  BIOGRAPHY_CUT_MARK,
  BIOGRAPHY_EXCERPT_LENGTH,
  type TutorList,
  type TutorProfile,
} from '../../src/shared/tutors';
import { thumbnailKeyOf } from '../../src/shared/uploads';
import { apiPaths } from '../../src/shared/api-paths';
import { callAs, signedInAdmin, signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord } from '../helpers/factories';

let t: TestApp;
let submitter: Actor;
let other: Actor;
let boss: Actor;
beforeEach(async () => {
  t = await createTestApp();
  submitter = await signedInStudent(t, 'Sam Submitter');
  other = await signedInStudent(t, 'Olive Other');
  boss = await signedInAdmin(t, 'Dana Dean');
});
afterEach(() => t.close());

/** A real picture through the image service: a row in `uploads` and two files in the store. */
async function uploadPicture(uploader: Actor, red: number): Promise<string> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  const image = await storeImage(t.db, t.app.imageStore, { bytes, uploadedBy: uploader.user.id, now: t.clock() });
  return image.key;
}

async function pictureStored(key: string): Promise<{ row: boolean; picture: boolean; thumbnail: boolean }> {
  const rows = await t.db.select().from(uploads).where(eq(uploads.key, key));
  return {
    row: rows.length === 1,
    picture: await t.app.imageStore.has(key),
    thumbnail: await t.app.imageStore.has(thumbnailKeyOf(key)),
  };
}

const STORED = { row: true, picture: true, thumbnail: true };
const GONE = { row: false, picture: false, thumbnail: false };
const MISSING_PICTURE_KEY = `${'0'.repeat(64)}.jpg`;
const PICTURE_NOT_FOUND = { code: 'validation_error', message: 'The picture was not found; please upload it again.' };

const submission = {
  name: 'Grace Hopper',
  department: 'Computer Science',
  biography: 'Taught compilers for decades.',
  courses: ['CS101', 'CS330 Compilers'],
};

async function publicNames(): Promise<string[]> {
  return (await callAs(t, other, 'GET', apiPaths.tutors)).json<TutorList>().items.map((tutor) => tutor.name);
}

async function notificationRows() {
  return t.db.select().from(notifications);
}

describe('a student submits a tutor', () => {
  test('it is created private and pending, with its search columns', async () => {
    const picture = await uploadPicture(submitter, 10);

    const response = await callAs(t, submitter, 'POST', apiPaths.tutors, {
      ...submission,
      name: '  Grace Hopper ',
      imageKey: picture,
    });

    expect(response.statusCode, response.body).toBe(201);
    const { tutor } = response.json<{ tutor: TutorProfile }>();
    expect(tutor).toMatchObject({
      name: 'Grace Hopper',
      department: 'Computer Science',
      biography: 'Taught compilers for decades.',
      courses: ['CS101', 'CS330 Compilers'],
      isPublic: false,
      status: 'pending',
      submittedByMe: true,
      rejectionReason: null,
      averageRating: null,
      reviewCount: 0,
      image: { key: picture, url: `/uploads/${picture}`, thumbnailUrl: `/uploads/${thumbnailKeyOf(picture)}` },
      createdAt: t.clock().toISOString(),
      updatedAt: t.clock().toISOString(),
    });
    const [row] = await t.db.select().from(tutors).where(eq(tutors.id, tutor.id));
    expect(row).toMatchObject({
      submittedBy: submitter.user.id,
      normalizedName: 'grace hopper',
      searchText: 'grace hopper computer science cs101 cs330 compilers',
    });
    expect(await publicNames()).toEqual([]);
  });

  test('a picture that was never uploaded is refused and nothing is stored', async () => {
    const response = await callAs(t, submitter, 'POST', apiPaths.tutors, {
      ...submission,
      imageKey: MISSING_PICTURE_KEY,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(PICTURE_NOT_FOUND);
    expect(await t.db.select().from(tutors)).toEqual([]);
  });

  test('required fields are checked with clear messages', async () => {
    const response = await callAs(t, submitter, 'POST', apiPaths.tutors, {
      name: ' ',
      department: 'Physics',
      biography: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: 'Name is required. Biography is required.',
      fields: [
        { path: 'name', message: 'Name is required.' },
        { path: 'biography', message: 'Biography is required.' },
      ],
    });
  });
});

describe('a student edits or deletes a submission', () => {
  test('while pending: edits are saved and it stays pending and private', async () => {
    const tutor = await createTutorRecord(t.db, {
      name: 'Old Name',
      status: 'pending',
      submittedBy: submitter.user.id,
    });
    t.clock.advance(DAY_MS);

    const response = await callAs(t, submitter, 'PATCH', apiPaths.tutor(tutor.id), {
      ...submission,
      name: 'José Núñez',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tutor).toMatchObject({
      name: 'José Núñez',
      status: 'pending',
      isPublic: false,
      updatedAt: t.clock().toISOString(),
    });
    const [row] = await t.db.select().from(tutors).where(eq(tutors.id, tutor.id));
    expect(row).toMatchObject({ normalizedName: 'jose nunez', updatedAt: t.clock() });
  });

  test('a rejected submission, once edited, is pending again without the old reason', async () => {
    const tutor = await createTutorRecord(t.db, {
      status: 'rejected',
      rejectionReason: 'Wrong department.',
      submittedBy: submitter.user.id,
    });

    const response = await callAs(t, submitter, 'PATCH', apiPaths.tutor(tutor.id), {
      ...submission,
      department: 'Mathematics',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().tutor).toMatchObject({
      department: 'Mathematics',
      status: 'pending',
      rejectionReason: null,
      isPublic: false,
    });
    const queue = (await callAs(t, boss, 'GET', `${apiPaths.adminTutors}?status=pending`)).json<AdminTutorList>();
    expect(queue.items.map((item) => item.id)).toEqual([tutor.id]);
  });

  test('once approved, only an administrator can change or delete it', async () => {
    const tutor = await createTutorRecord(t.db, { name: 'Approved', submittedBy: submitter.user.id });

    const edit = await callAs(t, submitter, 'PATCH', apiPaths.tutor(tutor.id), submission);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toEqual({
      code: 'conflict',
      message: 'This tutor has been approved; only an administrator can change it now.',
    });
    const removal = await callAs(t, submitter, 'DELETE', apiPaths.tutor(tutor.id));
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toEqual({
      code: 'conflict',
      message: 'This tutor has been approved; only an administrator can delete it now.',
    });

    const [row] = await t.db.select().from(tutors).where(eq(tutors.id, tutor.id));
    expect(row).toMatchObject({ name: 'Approved', status: 'approved' });
  });

  test('someone else’s submission is not found, public or not', async () => {
    const pending = await createTutorRecord(t.db, { status: 'pending', submittedBy: submitter.user.id });
    const published = await createTutorRecord(t.db, { submittedBy: submitter.user.id });

    for (const tutor of [pending, published]) {
      const edit = await callAs(t, other, 'PATCH', apiPaths.tutor(tutor.id), submission);
      expect(edit.statusCode).toBe(404);
      expect(edit.json().error).toEqual({ code: 'not_found', message: 'No Teacher Record Found' });
      expect((await callAs(t, other, 'DELETE', apiPaths.tutor(tutor.id))).statusCode).toBe(404);
    }
    expect(await t.db.select().from(tutors)).toHaveLength(2);
  });

  test('deleting a pending submission removes it and its picture', async () => {
    const picture = await uploadPicture(submitter, 20);
    const tutor = await createTutorRecord(t.db, {
      status: 'pending',
      submittedBy: submitter.user.id,
      imageKey: picture,
    });

    const response = await callAs(t, submitter, 'DELETE', apiPaths.tutor(tutor.id));

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await t.db.select().from(tutors)).toEqual([]);
    expect(await pictureStored(picture)).toEqual(GONE);
    expect((await callAs(t, submitter, 'GET', apiPaths.tutor(tutor.id))).statusCode).toBe(404);
  });

  test('replacing the picture releases the old one', async () => {
    const oldPicture = await uploadPicture(submitter, 30);
    const newPicture = await uploadPicture(submitter, 40);
    const tutor = await createTutorRecord(t.db, {
      status: 'pending',
      submittedBy: submitter.user.id,
      imageKey: oldPicture,
    });

    const response = await callAs(t, submitter, 'PATCH', apiPaths.tutor(tutor.id), {
      ...submission,
      imageKey: newPicture,
    });

    expect(response.json().tutor.image.key).toBe(newPicture);
    expect(await pictureStored(oldPicture)).toEqual(GONE);
    expect(await pictureStored(newPicture)).toEqual(STORED);
  });

  test('an edit with a picture that is not uploaded changes nothing', async () => {
    const picture = await uploadPicture(submitter, 50);
    const tutor = await createTutorRecord(t.db, {
      name: 'Kept',
      status: 'pending',
      submittedBy: submitter.user.id,
      imageKey: picture,
    });

    const response = await callAs(t, submitter, 'PATCH', apiPaths.tutor(tutor.id), {
      ...submission,
      imageKey: MISSING_PICTURE_KEY,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(PICTURE_NOT_FOUND);
    const [row] = await t.db.select().from(tutors).where(eq(tutors.id, tutor.id));
    expect(row).toMatchObject({ name: 'Kept', imageKey: picture });
    expect(await pictureStored(picture)).toEqual(STORED);
  });
});

describe('approve', () => {
  test('a pending submission becomes approved and public, and its submitter is notified', async () => {
    const tutor = await createTutorRecord(t.db, {
      name: 'Grace Hopper',
      status: 'pending',
      submittedBy: submitter.user.id,
    });
    t.clock.advance(DAY_MS);

    const response = await callAs(t, boss, 'POST', apiPaths.approveTutor(tutor.id));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tutor).toMatchObject({
      status: 'approved',
      isPublic: true,
      rejectionReason: null,
      updatedAt: t.clock().toISOString(),
    });
    expect(await publicNames()).toEqual(['Grace Hopper']);
    expect(await notificationRows()).toEqual([
      expect.objectContaining({
        userId: submitter.user.id,
        kind: 'submission_approved',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper' },
        readAt: null,
        createdAt: t.clock(),
      }),
    ]);
  });

  test('a rejected submission can be approved after all; the reason goes', async () => {
    const tutor = await createTutorRecord(t.db, {
      status: 'rejected',
      rejectionReason: 'Unknown.',
      submittedBy: submitter.user.id,
    });

    const response = await callAs(t, boss, 'POST', apiPaths.approveTutor(tutor.id));

    expect(response.json().tutor).toMatchObject({ status: 'approved', isPublic: true, rejectionReason: null });
  });

  test('approving twice is a conflict and notifies once', async () => {
    const tutor = await createTutorRecord(t.db, { status: 'pending', submittedBy: submitter.user.id });
    await callAs(t, boss, 'POST', apiPaths.approveTutor(tutor.id));

    const again = await callAs(t, boss, 'POST', apiPaths.approveTutor(tutor.id));

    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: 'This tutor has already been approved.' });
    expect(await notificationRows()).toHaveLength(1);
  });

  test('nobody is notified of an admin’s own submission or one whose submitter is gone', async () => {
    const own = await createTutorRecord(t.db, { status: 'pending', submittedBy: boss.user.id });
    const orphan = await createTutorRecord(t.db, { status: 'pending', submittedBy: null });

    expect((await callAs(t, boss, 'POST', apiPaths.approveTutor(own.id))).statusCode).toBe(200);
    expect((await callAs(t, boss, 'POST', apiPaths.approveTutor(orphan.id))).statusCode).toBe(200);
    expect(await notificationRows()).toEqual([]);
  });
});

describe('reject', () => {
  test('a pending submission is rejected with its reason, stays private, and the submitter is notified', async () => {
    const tutor = await createTutorRecord(t.db, {
      name: 'Grace Hopper',
      status: 'pending',
      submittedBy: submitter.user.id,
    });

    const response = await callAs(t, boss, 'POST', apiPaths.rejectTutor(tutor.id), {
      reason: '  Not teaching here.  ',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tutor).toMatchObject({
      status: 'rejected',
      isPublic: false,
      rejectionReason: 'Not teaching here.',
    });
    expect(await notificationRows()).toEqual([
      expect.objectContaining({
        userId: submitter.user.id,
        kind: 'submission_rejected',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper', reason: 'Not teaching here.' },
      }),
    ]);
    const mine = (await callAs(t, submitter, 'GET', apiPaths.myTutors)).json();
    expect(mine.items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Not teaching here.' });
  });

  test('a reason is required', async () => {
    const tutor = await createTutorRecord(t.db, { status: 'pending', submittedBy: submitter.user.id });

    for (const payload of [{}, { reason: '   ' }]) {
      const response = await callAs(t, boss, 'POST', apiPaths.rejectTutor(tutor.id), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_error',
        message: 'A reason is required.',
        fields: [{ path: 'reason', message: 'A reason is required.' }],
      });
    }
    const [row] = await t.db.select().from(tutors).where(eq(tutors.id, tutor.id));
    expect(row!.status).toBe('pending');
  });

  test('only a pending submission can be rejected', async () => {
    const approved = await createTutorRecord(t.db, { submittedBy: submitter.user.id });
    const rejected = await createTutorRecord(t.db, { status: 'rejected', submittedBy: submitter.user.id });

    const first = await callAs(t, boss, 'POST', apiPaths.rejectTutor(approved.id), { reason: 'Late.' });
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toEqual({
      code: 'conflict',
      message: 'This tutor has already been approved; it can no longer be rejected.',
    });
    const second = await callAs(t, boss, 'POST', apiPaths.rejectTutor(rejected.id), { reason: 'Again.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'conflict', message: 'This submission has already been rejected.' });
    expect(await notificationRows()).toEqual([]);
  });
});

describe('an administrator manages tutors', () => {
  test('adds a tutor: approved, public by default, submitted by the admin', async () => {
    const picture = await uploadPicture(boss, 60);

    const response = await callAs(t, boss, 'POST', apiPaths.adminTutors, { ...submission, imageKey: picture });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().tutor).toMatchObject({
      status: 'approved',
      isPublic: true,
      submittedByMe: true,
      image: { key: picture },
    });
    expect(await publicNames()).toEqual(['Grace Hopper']);

    const hidden = await callAs(t, boss, 'POST', apiPaths.adminTutors, {
      ...submission,
      name: 'Private Tutor',
      imageKey: picture,
      isPublic: false,
    });
    expect(hidden.json().tutor).toMatchObject({ status: 'approved', isPublic: false });
    expect(await publicNames()).toEqual(['Grace Hopper']);
  });

  test('a picture is required, and must have been uploaded', async () => {
    const missing = await callAs(t, boss, 'POST', apiPaths.adminTutors, submission);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_error');

    const unknown = await callAs(t, boss, 'POST', apiPaths.adminTutors, {
      ...submission,
      imageKey: MISSING_PICTURE_KEY,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual(PICTURE_NOT_FOUND);
  });

  test('publishing a pending submission by editing it approves it and notifies', async () => {
    const picture = await uploadPicture(boss, 70);
    const tutor = await createTutorRecord(t.db, { name: 'Draft', status: 'pending', submittedBy: submitter.user.id });

    const kept = await callAs(t, boss, 'PATCH', apiPaths.adminTutor(tutor.id), {
      ...submission,
      imageKey: picture,
      isPublic: false,
    });
    expect(kept.json().tutor).toMatchObject({ name: 'Grace Hopper', status: 'pending', isPublic: false });
    expect(await notificationRows()).toEqual([]);

    const published = await callAs(t, boss, 'PATCH', apiPaths.adminTutor(tutor.id), {
      ...submission,
      imageKey: picture,
      isPublic: true,
    });
    expect(published.json().tutor).toMatchObject({ status: 'approved', isPublic: true });
    expect(await notificationRows()).toEqual([
      expect.objectContaining({ kind: 'submission_approved', userId: submitter.user.id, tutorId: tutor.id }),
    ]);

    // Hiding an approved tutor keeps it approved, and says nothing to anybody.
    const hidden = await callAs(t, boss, 'PATCH', apiPaths.adminTutor(tutor.id), {
      ...submission,
      imageKey: picture,
      isPublic: false,
    });
    expect(hidden.json().tutor).toMatchObject({ status: 'approved', isPublic: false });
    expect(await notificationRows()).toHaveLength(1);
  });

  test("a tutor card in the students' list shows the courses as an admin last edited them", async () => {
    const picture = await uploadPicture(boss, 90);
    const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper', courses: ['CS101'] });
    const cards = async () =>
      (await callAs(t, other, 'GET', `${apiPaths.tutors}?q=grace`))
        .json<TutorList>()
        .items.map((card) => card.topCourses);
    // Read once so the list's answer is kept, then edited: the kept page must not outlive the edit.
    expect(await cards()).toEqual([['CS101']]);
    const edited = await callAs(t, boss, 'PATCH', apiPaths.adminTutor(tutor.id), {
      ...submission,
      courses: ['CS330 Compilers', 'CS101'],
      imageKey: picture,
      isPublic: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await cards()).toEqual([['CS330 Compilers', 'CS101']]);
  });

  test('lists every tutor with its submitter; filters and sorts; the queue is pending, oldest first', async () => {
    const start = t.clock();
    const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
    const a = await createTutorRecord(t.db, {
      name: 'Ana',
      status: 'pending',
      submittedBy: submitter.user.id,
      createdAt: at(2),
    });
    const b = await createTutorRecord(t.db, {
      name: 'Ben',
      status: 'pending',
      submittedBy: other.user.id,
      createdAt: at(1),
    });
    const c = await createTutorRecord(t.db, { name: 'Cy', createdAt: at(3) });
    const d = await createTutorRecord(t.db, {
      name: 'Dee',
      status: 'rejected',
      submittedBy: submitter.user.id,
      createdAt: at(4),
    });
    const e = await createTutorRecord(t.db, { name: 'Eve', isPublic: false, createdAt: at(5) });
    const ids = async (query: string) =>
      (await callAs(t, boss, 'GET', `${apiPaths.adminTutors}?${query}`))
        .json<AdminTutorList>()
        .items.map((item) => item.id);

    const all = (await callAs(t, boss, 'GET', apiPaths.adminTutors)).json<AdminTutorList>();
    expect(all.items.map((item) => item.id)).toEqual([e.id, d.id, c.id, a.id, b.id]);
    expect(all.total).toBe(5);
    expect(all.items.find((item) => item.id === a.id)).toMatchObject({
      submittedBy: { id: submitter.user.id, name: 'Sam Submitter', email: submitter.user.email },
      createdAt: at(2).toISOString(),
    });
    expect(all.items.find((item) => item.id === c.id)!.submittedBy).toBeNull();
    expect(all.items.find((item) => item.id === d.id)!.rejectionReason).toBe('Not a tutor at this university.');

    expect(await ids('status=pending&sort=oldest')).toEqual([b.id, a.id]);
    expect(await ids('visibility=private&sort=name')).toEqual([a.id, b.id, d.id, e.id]);
    expect(await ids('visibility=public')).toEqual([c.id]);
    expect(await ids('q=dee')).toEqual([d.id]);
    expect(await ids('sort=oldest&pageSize=2&page=2')).toEqual([c.id, d.id]);
  });
});

describe('deleting a tutor', () => {
  test('takes its reviews and its picture; notifications keep their words; a shared picture stays', async () => {
    const ownPicture = await uploadPicture(submitter, 80);
    const sharedPicture = await uploadPicture(submitter, 90);
    const doomed = await createTutorRecord(t.db, {
      name: 'Grace Hopper',
      status: 'pending',
      submittedBy: submitter.user.id,
      imageKey: ownPicture,
    });
    const sharing = await createTutorRecord(t.db, { name: 'Sharer One', imageKey: sharedPicture });
    const alsoSharing = await createTutorRecord(t.db, { name: 'Sharer Two', imageKey: sharedPicture });
    await callAs(t, boss, 'POST', apiPaths.approveTutor(doomed.id));
    await createReviewRecord(t.db, { tutorId: doomed.id, authorId: other.user.id, rating: 5 });
    await createReviewRecord(t.db, { tutorId: doomed.id, authorId: submitter.user.id, rating: 3, hidden: true });
    await createReviewRecord(t.db, { tutorId: sharing.id, authorId: other.user.id, rating: 4 });

    const response = await callAs(t, boss, 'DELETE', apiPaths.adminTutor(doomed.id));

    expect(response.statusCode).toBe(204);
    expect((await t.db.select().from(tutors)).map((tutor) => tutor.id).sort()).toEqual(
      [sharing.id, alsoSharing.id].sort(),
    );
    expect((await t.db.select().from(reviews)).map((review) => review.tutorId)).toEqual([sharing.id]);
    expect(await notificationRows()).toEqual([
      expect.objectContaining({
        kind: 'submission_approved',
        userId: submitter.user.id,
        tutorId: null,
        data: { tutorName: 'Grace Hopper' },
      }),
    ]);
    expect(await pictureStored(ownPicture)).toEqual(GONE);

    expect((await callAs(t, boss, 'DELETE', apiPaths.adminTutor(sharing.id))).statusCode).toBe(204);
    expect(await pictureStored(sharedPicture)).toEqual(STORED);
    expect((await callAs(t, boss, 'DELETE', apiPaths.adminTutor(alsoSharing.id))).statusCode).toBe(204);
    expect(await pictureStored(sharedPicture)).toEqual(GONE);

    const again = await callAs(t, boss, 'DELETE', apiPaths.adminTutor(doomed.id));
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({ code: 'not_found', message: 'No Teacher Record Found' });
  });
});

describe('the submissions queue', () => {
  test('a biography comes whole when it fits, otherwise cut between words and marked as cut', async () => {
    const short = 'Short and sweet.';
    // 'word ' is 5 characters: the 61st word would end at character 304, past the excerpt.
    const long = Array.from({ length: 80 }, (_, i) => (i === 60 ? 'unbreakable' : 'word')).join(' ');
    const oneWord = 'x'.repeat(400);
    for (const [name, biography] of [
      ['Short Bio', short],
      ['Long Bio', long],
      ['One Word', oneWord],
    ])
      await createTutorRecord(t.db, { name, biography, status: 'pending', isPublic: false });

    const response = await callAs(t, boss, 'GET', `${apiPaths.adminTutors}?status=pending&sort=oldest`);
    expect(response.statusCode, response.body).toBe(200);
    const byName = new Map(response.json<AdminTutorList>().items.map((tutor) => [tutor.name, tutor]));
    expect(byName.get('Short Bio')?.biographyExcerpt).toBe(short);
    const cut = byName.get('Long Bio')!.biographyExcerpt;
    expect(cut.length).toBeLessThanOrEqual(BIOGRAPHY_EXCERPT_LENGTH);
    expect(cut.endsWith(BIOGRAPHY_CUT_MARK)).toBe(true);
    const kept = cut.slice(0, -BIOGRAPHY_CUT_MARK.length);
    expect(long.startsWith(kept)).toBe(true);
    // Ends on a whole word: what follows in the biography is a space.
    expect(long[kept.length]).toBe(' ');
    expect(kept.endsWith('word')).toBe(true);
    // A single word longer than the excerpt can only be cut inside it.
    expect(byName.get('One Word')?.biographyExcerpt).toBe(
      `${'x'.repeat(BIOGRAPHY_EXCERPT_LENGTH - BIOGRAPHY_CUT_MARK.length)}${BIOGRAPHY_CUT_MARK}`,
    );
  });
});
