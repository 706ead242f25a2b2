import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { TutorRow } from '../../src/server/db/schema';
import { countPublicTutors, publicTutorPage } from '../../src/server/services/tutors/queries';
import { refreshRankingPrior } from '../../src/server/services/tutors/ranking';
import {
  tutorListQuerySchema,
  tutorSorts,
  type DepartmentList,
  type SimilarTutors,
  type TutorList,
} from '../../src/shared/tutors';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';
import { sessionCookieFor } from '../helpers/actors';

let t: TestApp;
let cookie: string;
let viewerId: string;
beforeEach(async () => {
  t = await createTestApp();
  const { user } = await createUserRecord(t.db, { verified: true });
  viewerId = user.id;
  cookie = await sessionCookieFor(t, user.id);
});
afterEach(() => t.close());

async function list(query: string): Promise<TutorList> {
  const response = await request(t.app, 'GET', `${apiPaths.tutors}?${query}`, { as: cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TutorList>();
}

async function names(query: string): Promise<string[]> {
  return (await list(query)).items.map((tutor) => tutor.name);
}

/** Gives a tutor visible reviews with these ratings, each by a new student. */
async function rate(tutor: TutorRow, ratings: number[]): Promise<void> {
  for (const rating of ratings) {
    const author = await createUserRecord(t.db);
    await createReviewRecord(t.db, { tutorId: tutor.id, authorId: author.user.id, rating });
  }
}

describe('search', () => {
  beforeEach(async () => {
    await createTutorRecord(t.db, { name: 'José Núñez', department: 'Physics', courses: ['PHY201 Quantum Mechanics'] });
    await createTutorRecord(t.db, {
      name: 'Maria Garcia',
      department: 'Computer Science',
      courses: ['CS101 Programming', 'CS240 Databases'],
    });
    await createTutorRecord(t.db, { name: 'Li Wei', department: 'Mathematics', courses: ['MATH110 Calculus'] });
    await createTutorRecord(t.db, { name: 'Jose Hidden', department: 'Physics', status: 'pending' });
  });

  test.each([
    ['jose nunez', ['José Núñez']],
    ['NÚÑ', ['José Núñez']],
    ['Nunez José', ['José Núñez']],
    ['  núñ   JOS ', ['José Núñez']],
    ['ose', ['José Núñez']],
    ['physics', ['José Núñez']],
    ['quantum', ['José Núñez']],
    ['cs101', ['Maria Garcia']],
    ['CS240', ['Maria Garcia']],
    ['jose physics', ['José Núñez']],
    ['math calc', ['Li Wei']],
    // Two letters (looked up by letter pairs), inside a word and across the name and courses.
    ['ÑE', ['José Núñez']],
    ['li', ['Li Wei']],
    ['ar ta', ['Maria Garcia']],
    ['wei ca', ['Li Wei']],
  ])('%j finds %j (case, accents, partial words, name, department or course)', async (q, expected) => {
    expect(await names(`q=${encodeURIComponent(q)}&sort=name`)).toEqual(expected);
  });

  test.each([['jose chemistry'], ['%'], ['_'], ['garcia\\'], ['zzz'], ['%a'], ['qx']])(
    '%j finds nothing',
    async (q) => {
      expect(await list(`q=${encodeURIComponent(q)}`)).toMatchObject({ items: [], total: 0 });
    },
  );

  test('an empty or blank query lists every public tutor', async () => {
    expect((await list('q=')).total).toBe(3);
    expect((await list('q=%20%20')).total).toBe(3);
  });

  test('a query longer than 100 characters is refused with a clear message', async () => {
    const response = await request(t.app, 'GET', `${apiPaths.tutors}?q=${'a'.repeat(101)}`, { as: cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: 'Search at most 100 characters.',
      fields: [{ path: 'q', message: 'Search at most 100 characters.' }],
    });
  });
});

describe('department filter and departments', () => {
  beforeEach(async () => {
    await createTutorRecord(t.db, { name: 'Ann', department: 'Physics' });
    await createTutorRecord(t.db, { name: 'Bob', department: 'Physics' });
    await createTutorRecord(t.db, { name: 'Cid', department: 'Biology' });
    await createTutorRecord(t.db, { name: 'Dee', department: 'Chemistry', status: 'pending' });
  });

  test('filters on the exact department, combined with the search', async () => {
    expect(await names('department=Physics&sort=name')).toEqual(['Ann', 'Bob']);
    expect(await names('department=Physics&q=bob')).toEqual(['Bob']);
    expect(await names('department=Phys')).toEqual([]);
    expect(await names('department=Chemistry')).toEqual([]);
  });

  test('departments of public tutors, A to Z, with counts', async () => {
    const response = await request(t.app, 'GET', apiPaths.tutorDepartments, { as: cookie });
    expect(response.json<DepartmentList>()).toEqual({
      items: [
        { name: 'Biology', tutorCount: 1 },
        { name: 'Physics', tutorCount: 2 },
      ],
    });
  });
});

describe('sorting', () => {
  beforeEach(async () => {
    // Averages: Ana 4.5 (2), Ben 4.5 (4), Cy 4.5 (4), Dan 5 (1), Eve 2 (3), Fay and Émile none.
    await rate(await createTutorRecord(t.db, { name: 'Ana' }), [5, 4]);
    await rate(await createTutorRecord(t.db, { name: 'Cy' }), [5, 4, 5, 4]);
    await rate(await createTutorRecord(t.db, { name: 'Ben' }), [4, 5, 4, 5]);
    await rate(await createTutorRecord(t.db, { name: 'Dan' }), [5]);
    await rate(await createTutorRecord(t.db, { name: 'Eve' }), [1, 2, 3]);
    await createTutorRecord(t.db, { name: 'Fay' });
    await createTutorRecord(t.db, { name: 'Émile' });
    // The mean of all 14 reviews: 56 / 14.
    expect(await refreshRankingPrior(t.db, t.clock())).toBe(4);
  });

  test('by rating (the default): the weighted score first, then more reviews, then name; unrated last', async () => {
    // Scores with 5 imagined reviews at 4: Ben and Cy 38/9, Dan 25/6, Ana 29/7, Eve 26/8.
    expect(await names('')).toEqual(['Ben', 'Cy', 'Dan', 'Ana', 'Eve', 'Émile', 'Fay']);
    expect(await names('sort=rating')).toEqual(['Ben', 'Cy', 'Dan', 'Ana', 'Eve', 'Émile', 'Fay']);
    const items = (await list('sort=rating')).items;
    // Cards show the true mean and count; the score is what orders them.
    expect(items.find((tutor) => tutor.name === 'Dan')).toMatchObject({
      averageRating: 5,
      reviewCount: 1,
      rankingScore: 25 / 6,
    });
    expect(items.find((tutor) => tutor.name === 'Fay')).toMatchObject({ averageRating: null, rankingScore: null });
  });

  test('by most reviewed: more reviews first, then better average, then name', async () => {
    expect(await names('sort=reviews')).toEqual(['Ben', 'Cy', 'Eve', 'Ana', 'Dan', 'Émile', 'Fay']);
  });

  test('by name, A to Z ignoring accents and case', async () => {
    expect(await names('sort=name')).toEqual(['Ana', 'Ben', 'Cy', 'Dan', 'Émile', 'Eve', 'Fay']);
  });

  test('an unknown sort is refused', async () => {
    const response = await request(t.app, 'GET', `${apiPaths.tutors}?sort=price`, { as: cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  test('pages follow the order, with the total; a page past the end is empty', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await list(`sort=rating&pageSize=2&page=${page}`));
    expect(pages.map((p) => p.items.map((tutor) => tutor.name))).toEqual([
      ['Ben', 'Cy'],
      ['Dan', 'Ana'],
      ['Eve', 'Émile'],
      ['Fay'],
    ]);
    expect(pages.map((p) => [p.total, p.page, p.pageSize])).toEqual([
      [7, 1, 2],
      [7, 2, 2],
      [7, 3, 2],
      [7, 4, 2],
    ]);
    expect(await list('pageSize=2&page=5')).toEqual({ items: [], total: 7, page: 5, pageSize: 2 });
  });

  test('a search reads the same pages whether it walks the order or looks its matches up', async () => {
    await createTutorRecord(t.db, { name: 'Ana Hidden', status: 'pending' });
    for (const q of ['a', 'e', 'an', 'ev', 'emi', 'zz']) {
      for (const sort of tutorSorts) {
        for (const page of [1, 2, 3]) {
          const query = tutorListQuerySchema.parse({ q, sort, page: String(page), pageSize: '2' });
          const total = await countPublicTutors(t.db, query);
          // A count over the threshold walks the order's index; a small one looks the matches up.
          const walked = await publicTutorPage(t.db, query, 1_000_000);
          const lookedUp = await publicTutorPage(t.db, query, 1);
          expect(walked, `${q} ${sort} ${page}`).toEqual(lookedUp);
          expect(await publicTutorPage(t.db, query, total)).toEqual(lookedUp);
        }
      }
    }
  });

  test('twelve per page by default, at most 48', async () => {
    for (let i = 0; i < 6; i++) await createTutorRecord(t.db, { name: `Zed ${i}` });
    expect(await list('')).toMatchObject({ total: 13, pageSize: 12 });
    expect((await list('')).items).toHaveLength(12);
    expect((await list('page=2')).items).toHaveLength(1);
    const tooLarge = await request(t.app, 'GET', `${apiPaths.tutors}?pageSize=49`, { as: cookie });
    expect(tooLarge.statusCode).toBe(400);
  });
});

describe('similar names (the duplicates hint)', () => {
  async function similar(query: string): Promise<SimilarTutors['items']> {
    const response = await request(t.app, 'GET', `${apiPaths.similarTutors}?${query}`, { as: cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SimilarTutors>().items;
  }

  test("'Jon Smith' finds 'John Smith', the one in the same department first", async () => {
    const physics = await createTutorRecord(t.db, { name: 'John Smith', department: 'Physics' });
    const maths = await createTutorRecord(t.db, { name: 'John Smith', department: 'Mathematics' });
    await createTutorRecord(t.db, { name: 'Jane Doe', department: 'Mathematics' });

    const found = await similar('name=Jon%20Smith&department=Mathematics');
    expect(found.map((tutor) => tutor.id)).toEqual([maths.id, physics.id]);
    expect(found[0]).toMatchObject({ name: 'John Smith', department: 'Mathematics' });
    expect((await similar('name=jon%20smith&department=mathematics')).map((tutor) => tutor.id)).toEqual([
      maths.id,
      physics.id,
    ]);
    expect((await similar('name=Jon%20Smith&department=Physics')).map((tutor) => tutor.id)).toEqual([
      physics.id,
      maths.id,
    ]);
  });

  test('finds names containing what was typed, or contained in it, accents aside', async () => {
    const smith = await createTutorRecord(t.db, { name: 'Zoë Smithson-Álvarez' });
    expect((await similar('name=alvarez')).map((tutor) => tutor.id)).toEqual([smith.id]);
    const short = await createTutorRecord(t.db, { name: 'Wu' });
    expect((await similar('name=Dr%20Wu')).map((tutor) => tutor.id)).toEqual([short.id]);
    expect(await similar('name=Wuppertal')).toEqual([]);
  });

  test('a private tutor of another student is not suggested; the caller’s own is; excludeId leaves one out', async () => {
    const { user: otherStudent } = await createUserRecord(t.db, { verified: true });
    await createTutorRecord(t.db, { name: 'John Smith', status: 'pending', submittedBy: otherStudent.id });
    const mine = await createTutorRecord(t.db, { name: 'John Smith', status: 'pending', submittedBy: viewerId });
    const published = await createTutorRecord(t.db, { name: 'Jon Smith' });

    const found = await similar('name=Jon%20Smith');
    expect(found.map((tutor) => tutor.id)).toEqual([published.id, mine.id]);
    expect((await similar(`name=Jon%20Smith&excludeId=${mine.id}`)).map((tutor) => tutor.id)).toEqual([published.id]);
  });

  test('under three letters only the exact name is looked up (the trigrams of one or two letters are in thousands of names)', async () => {
    const wu = await createTutorRecord(t.db, { name: 'Wu' });
    await createTutorRecord(t.db, { name: 'Wu Li' });
    await createTutorRecord(t.db, { name: 'Wumpus Ward' });
    expect((await similar('name=Wu')).map((tutor) => tutor.id)).toEqual([wu.id]);
    expect((await similar('name=W')).map((tutor) => tutor.id)).toEqual([]);
    expect((await similar('name=Wu%20Li')).map((tutor) => tutor.name)).toEqual(['Wu Li', 'Wu']);
  });

  test('at most five', async () => {
    for (let i = 0; i < 7; i++) await createTutorRecord(t.db, { name: `Maria Lopez ${i}` });
    expect(await similar('name=Maria%20Lopez')).toHaveLength(5);
  });

  test('a name is required', async () => {
    const response = await request(t.app, 'GET', apiPaths.similarTutors, { as: cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });
});

describe('top courses on the cards', () => {
  test('each tutor carries its first three courses in its own order, and how many it has', async () => {
    await createTutorRecord(t.db, {
      name: 'Ada Lovelace',
      courses: ['MATH101 Algebra', 'MATH201 Analysis', 'CS100 Engines', 'CS200 Notes', 'MATH300 Numbers'],
    });
    await createTutorRecord(t.db, { name: 'Bo Brief', courses: [] });
    const { items } = await list('sort=name');
    expect(items.map(({ name, topCourses, courseCount }) => ({ name, topCourses, courseCount }))).toEqual([
      {
        name: 'Ada Lovelace',
        topCourses: ['MATH101 Algebra', 'MATH201 Analysis', 'CS100 Engines'],
        courseCount: 5,
      },
      { name: 'Bo Brief', topCourses: [], courseCount: 0 },
    ]);
  });

  test('the courses a search matched come first (case and accents aside)', async () => {
    await createTutorRecord(t.db, {
      name: 'Ada Lovelace',
      courses: ['MATH101 Algebra', 'MATH201 Analysis', 'CS100 Engines', 'CS200 Notes', 'PHY300 Mécanique'],
    });
    const [ada] = (await list('q=mecanique')).items;
    expect(ada?.topCourses).toEqual(['PHY300 Mécanique', 'MATH101 Algebra', 'MATH201 Analysis']);
    const [again] = (await list('q=cs%20ada')).items;
    expect(again?.topCourses).toEqual(['CS100 Engines', 'CS200 Notes', 'MATH101 Algebra']);
  });
});
