import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type TutorRow } from '../../src/server/db/schema';
import { refreshRecentWindow } from '../../src/server/services/reviews/recent-window';
import { apiPaths } from '../../src/shared/api-paths';
import {
  COURSE_NOT_LISTED,
  DEFAULT_REVIEW_TAGS,
  OWN_REVIEW_HELPFUL_MESSAGE,
  STUDENTS_ONLY_HELPFUL_MESSAGE,
  REVIEW_FORM_INCOMPLETE_MESSAGE,
  TERM_IN_FUTURE_MESSAGE,
  UNKNOWN_REVIEW_COURSE_MESSAGE,
  UNKNOWN_REVIEW_TAG_MESSAGE,
} from '../../src/shared/reviews';
import type { ReviewFeed } from '../../src/shared/review-answers';
import type { MyReview } from '../../src/shared/my-reviews';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord } from '../helpers/factories';
import { reviewDraft, tutorProfileAs, writeReviewAs } from '../helpers/review-requests';

// Reviews 2.0: a review's course, term, difficulty, "would take again" and tags, the profile's
// summary of them, helpful votes, and the sorts and filters of a tutor's reviews and of All Reviews.

let t: TestApp;
let author: Actor;
let other: Actor;
let third: Actor;
let admin: Actor;
let tutor: TutorRow;
beforeEach(async () => {
  t = await createTestApp();
  author = await signedInStudent(t, 'Ada Author');
  other = await signedInStudent(t, 'Olive Other');
  third = await signedInStudent(t, 'Theo Third');
  admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, {
    name: 'Grace Hopper',
    department: 'Computer Science',
    courses: ['Compilers', 'Data Structures'],
  });
});
afterEach(() => t.close());

const thisYear = new Date().getUTCFullYear();

const draft = (overrides: Record<string, unknown> = {}) => reviewDraft(tutor.id, overrides);

async function writeReview(actor: Actor, overrides: Record<string, unknown> = {}): Promise<MyReview> {
  const review = await writeReviewAs(t, actor, tutor.id, overrides);
  // The next review is a second newer: "newest first" has one answer.
  t.clock.advance(1000);
  return review;
}

const profileOf = (tutorId: string, actor: Actor = other) => tutorProfileAs(t, actor, tutorId);

async function reviewsOf(actor: Actor, query: string): Promise<TutorReviewList> {
  const response = await callAs(t, actor, 'GET', `${apiPaths.tutorReviews(tutor.id)}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a review says more', () => {
  test('course, term, difficulty, would-take-again and tags are stored, answered and summed on the profile', async () => {
    const written = await writeReview(author, {
      course: 'Compilers',
      term: { season: 'fall', year: thisYear - 1 },
      difficulty: 4,
      wouldTakeAgain: true,
      tags: ['Patient', 'Tough grader'],
    });
    expect(written).toMatchObject({
      course: 'Compilers',
      term: { season: 'fall', year: thisYear - 1 },
      difficulty: 4,
      wouldTakeAgain: true,
      tags: ['Patient', 'Tough grader'],
      helpfulCount: 0,
    });
    await writeReview(other, {
      rating: 2,
      course: COURSE_NOT_LISTED,
      difficulty: 2,
      wouldTakeAgain: false,
      tags: ['Patient'],
    });
    // Nothing optional said: counted in the mean only.
    await writeReview(third, { rating: 3 });

    const { reviewSummary } = await profileOf(tutor.id);
    expect(reviewSummary).toEqual({
      recent: { averageRating: 3, reviewCount: 3 },
      averageDifficulty: 3,
      difficultyCount: 2,
      wouldTakeAgainPercent: 50,
      wouldTakeAgainCount: 2,
      topTags: [
        { name: 'Patient', reviewCount: 2 },
        { name: 'Tough grader', reviewCount: 1 },
      ],
      courses: [
        { name: 'Compilers', reviewCount: 1 },
        { name: COURSE_NOT_LISTED, reviewCount: 1 },
      ],
    });
    const page = await reviewsOf(other, '');
    expect(page.items.find((item) => item.id === written.id)).toMatchObject({
      course: 'Compilers',
      term: { season: 'fall', year: thisYear - 1 },
      difficulty: 4,
      wouldTakeAgain: true,
      tags: ['Patient', 'Tough grader'],
    });
  });

  test('the spec fields and their message stay as they are; the new ones are optional', async () => {
    const missing = await callAs(t, author, 'POST', apiPaths.reviews, draft({ title: '', course: 'Compilers' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(REVIEW_FORM_INCOMPLETE_MESSAGE);
    const bare = await writeReview(author);
    expect(bare).toMatchObject({ course: null, term: null, difficulty: null, wouldTakeAgain: null, tags: [] });
  });

  test.each([
    ['a course the tutor does not teach', { course: 'Astrology' }, 'course', UNKNOWN_REVIEW_COURSE_MESSAGE],
    ['a tag not offered', { tags: ['Funny'] }, 'tags', UNKNOWN_REVIEW_TAG_MESSAGE],
    ['a term still to come', { term: { season: 'spring', year: thisYear + 1 } }, 'term', TERM_IN_FUTURE_MESSAGE],
  ])('%s is refused beside its field, and nothing is stored', async (_, overrides, field, message) => {
    const response = await callAs(t, author, 'POST', apiPaths.reviews, draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', message, fields: [{ path: field }] });
    expect((await profileOf(tutor.id)).reviewCount).toBe(0);
  });

  test.each([
    ['four tags', { tags: DEFAULT_REVIEW_TAGS.slice(0, 4) }],
    ['a tag twice', { tags: ['Patient', 'Patient'] }],
    ['a difficulty of 6', { difficulty: 6 }],
    ['half a term', { term: { season: 'fall' } }],
  ])('%s is refused with a clear message', async (_, overrides) => {
    const response = await callAs(t, author, 'POST', apiPaths.reviews, draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
    expect((await profileOf(tutor.id)).reviewCount).toBe(0);
  });

  test('an edit moves every figure: the old details leave the summary, the new ones join it', async () => {
    const written = await writeReview(author, { course: 'Compilers', difficulty: 5, tags: ['Patient'] });
    const edited = await callAs(t, author, 'PATCH', apiPaths.review(written.id), {
      title: 'Still clear',
      body: 'Explains every step.',
      rating: 5,
      course: 'Data Structures',
      difficulty: 1,
      wouldTakeAgain: true,
      tags: ['Inspiring'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { reviewSummary } = await profileOf(tutor.id);
    expect(reviewSummary).toMatchObject({
      averageDifficulty: 1,
      wouldTakeAgainPercent: 100,
      topTags: [{ name: 'Inspiring', reviewCount: 1 }],
      courses: [{ name: 'Data Structures', reviewCount: 1 }],
    });
  });

  test('the administrator edits the tags offered; a review keeps a tag since withdrawn', async () => {
    const kept = await writeReview(author, { tags: ['Patient'] });
    const saved = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { reviewTags: ['Funny', 'Punctual'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reviewTags).toEqual(['Funny', 'Punctual']);
    expect((await callAs(t, other, 'GET', apiPaths.publicSettings)).json().reviewTags).toEqual(['Funny', 'Punctual']);

    const refused = await callAs(t, other, 'POST', apiPaths.reviews, draft({ tags: ['Patient'] }));
    expect(refused.statusCode).toBe(400);
    await writeReview(other, { tags: ['Funny'] });
    const edited = await callAs(t, author, 'PATCH', apiPaths.review(kept.id), {
      ...draft({ tags: ['Patient', 'Punctual'] }),
      tutorId: undefined,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const duplicate = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { reviewTags: ['Funny', 'funny'] });
    expect(duplicate.statusCode).toBe(400);
  });
});

describe('helpful votes', () => {
  test('another student marks a review helpful once, and takes it back; never their own', async () => {
    const written = await writeReview(author);
    const marked = await callAs(t, other, 'PUT', apiPaths.reviewHelpfulVote(written.id));
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ helpfulCount: 1, markedHelpfulByMe: true });
    // Marking again changes nothing.
    expect((await callAs(t, other, 'PUT', apiPaths.reviewHelpfulVote(written.id))).json().helpfulCount).toBe(1);
    expect((await callAs(t, third, 'PUT', apiPaths.reviewHelpfulVote(written.id))).json().helpfulCount).toBe(2);

    const seenByOther = await reviewsOf(other, '');
    expect(seenByOther.items[0]).toMatchObject({ helpfulCount: 2, markedHelpfulByMe: true });
    const seenByAuthor = await reviewsOf(author, '');
    expect(seenByAuthor.items[0]).toMatchObject({ helpfulCount: 2, markedHelpfulByMe: false, writtenByMe: true });

    const own = await callAs(t, author, 'PUT', apiPaths.reviewHelpfulVote(written.id));
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(OWN_REVIEW_HELPFUL_MESSAGE);

    // A moderator's vote would tilt what students found useful.
    for (const method of ['PUT', 'DELETE'] as const) {
      const byAdmin = await callAs(t, admin, method, apiPaths.reviewHelpfulVote(written.id));
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().error.message).toBe(STUDENTS_ONLY_HELPFUL_MESSAGE);
    }

    const taken = await callAs(t, other, 'DELETE', apiPaths.reviewHelpfulVote(written.id));
    expect(taken.json()).toEqual({ helpfulCount: 1, markedHelpfulByMe: false });
    expect((await reviewsOf(other, '')).items[0]).toMatchObject({ helpfulCount: 1, markedHelpfulByMe: false });
  });

  test('a hidden review is not found for a vote; a deleted voter takes their votes along', async () => {
    const written = await writeReview(author);
    await callAs(t, other, 'PUT', apiPaths.reviewHelpfulVote(written.id));
    const hidden = await writeReview(third);
    await callAs(t, admin, 'POST', apiPaths.hideReview(hidden.id), { reason: 'Off topic.' });
    expect((await callAs(t, other, 'PUT', apiPaths.reviewHelpfulVote(hidden.id))).statusCode).toBe(404);

    const removed = await callAs(t, admin, 'DELETE', apiPaths.adminUser(other.user.id));
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await reviewsOf(third, '')).items[0]).toMatchObject({ id: written.id, helpfulCount: 0 });
  });
});

describe("a tutor's reviews: sorts and filters", () => {
  test('Most helpful, Highest and Lowest rating order the page; newest first breaks ties', async () => {
    const first = await writeReview(author, { rating: 2 });
    const second = await writeReview(other, { rating: 5 });
    const third_ = await writeReview(third, { rating: 3 });
    await callAs(t, other, 'PUT', apiPaths.reviewHelpfulVote(first.id));
    await callAs(t, third, 'PUT', apiPaths.reviewHelpfulVote(first.id));
    await callAs(t, author, 'PUT', apiPaths.reviewHelpfulVote(third_.id));

    const ids = async (query: string) => (await reviewsOf(admin, query)).items.map((item) => item.id);
    expect(await ids('')).toEqual([third_.id, second.id, first.id]);
    expect(await ids('sort=helpful')).toEqual([first.id, third_.id, second.id]);
    expect(await ids('sort=highest')).toEqual([second.id, third_.id, first.id]);
    expect(await ids('sort=lowest')).toEqual([first.id, third_.id, second.id]);
    expect(await ids('sort=helpful&pageSize=1&page=2')).toEqual([third_.id]);
    expect((await callAs(t, admin, 'GET', `${apiPaths.tutorReviews(tutor.id)}?sort=best`)).statusCode).toBe(400);
  });

  test('course, stars and the last 12 months filter the page and its total', async () => {
    const compilers = await writeReview(author, { rating: 5, course: 'Compilers' });
    const structures = await writeReview(other, { rating: 3, course: 'Data Structures' });
    const reader = await signedInStudent(t, 'Old Reader');
    const old = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: reader.user.id,
      rating: 5,
      course: 'Compilers',
      createdAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000),
    });

    const byCourse = await reviewsOf(third, 'course=Compilers');
    expect(byCourse.total).toBe(2);
    expect(byCourse.items.map((item) => item.id)).toEqual([compilers.id, old.id]);
    const byStars = await reviewsOf(third, 'rating=3');
    expect(byStars).toMatchObject({ total: 1, items: [{ id: structures.id }] });
    const recent = await reviewsOf(third, 'recent=1');
    expect(recent.total).toBe(2);
    expect(recent.items.map((item) => item.id)).not.toContain(old.id);
    const combined = await reviewsOf(third, 'course=Compilers&recent=1&sort=lowest');
    expect(combined).toMatchObject({ total: 1, items: [{ id: compilers.id }] });

    const { reviewSummary, averageRating, reviewCount } = await profileOf(tutor.id, third);
    expect({ averageRating, reviewCount }).toEqual({ averageRating: 13 / 3, reviewCount: 3 });
    expect(reviewSummary.recent).toEqual({ averageRating: 4, reviewCount: 2 });
  });

  test('reviews age out of the last 12 months as time passes, and the profile follows', async () => {
    const reader = await signedInStudent(t, 'Aging Reader');
    await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: reader.user.id,
      rating: 2,
      createdAt: new Date(Date.now() - 300 * 24 * 60 * 60 * 1000),
    });
    await writeReview(author, { rating: 4 });
    expect((await profileOf(tutor.id)).reviewSummary.recent).toEqual({ averageRating: 3, reviewCount: 2 });

    // Two months on, the older review is past twelve months.
    const later = new Date(Date.now() + 70 * 24 * 60 * 60 * 1000);
    expect(await refreshRecentWindow(t.db, later)).toBe(1);
    expect((await profileOf(tutor.id)).reviewSummary.recent).toEqual({ averageRating: 4, reviewCount: 1 });
    expect((await reviewsOf(other, 'recent=1')).total).toBe(1);
    // Nothing more to move until another review ages.
    expect(await refreshRecentWindow(t.db, later)).toBe(0);
  });
});

describe('All Reviews filters', () => {
  test('by department and by course, with their totals, and paging keeps them', async () => {
    const physics = await createTutorRecord(t.db, { name: 'Lise Meitner', department: 'Physics', courses: ['Optics'] });
    await writeReview(author, { course: 'Compilers' });
    await writeReview(other, { course: 'Data Structures' });
    const optics = await writeReview(author, { tutorId: physics.id, course: 'Optics' });

    const feed = async (query: string): Promise<ReviewFeed> =>
      (await callAs(t, third, 'GET', `${apiPaths.reviews}?${query}`)).json();
    const byDepartment = await feed('department=Physics');
    expect(byDepartment.items.map((item) => item.id)).toEqual([optics.id]);
    expect(byDepartment.total).toEqual({ count: 1, more: false });
    const byCourse = await feed('course=Compilers');
    expect(byCourse.items.map((item) => item.course)).toEqual(['Compilers']);
    // Typed in any letter case.
    expect((await feed('course=COMPILERS')).items.map((item) => item.course)).toEqual(['Compilers']);
    const firstPage = await feed('department=Computer%20Science&limit=1');
    expect(firstPage.total).toEqual({ count: 2, more: false });
    const secondPage = await feed(`department=Computer%20Science&limit=1&cursor=${firstPage.nextCursor}`);
    expect(secondPage.items).toHaveLength(1);
    expect(secondPage.items[0]!.tutor.department).toBe('Computer Science');
    expect(secondPage.nextCursor).toBeNull();
  });
});
