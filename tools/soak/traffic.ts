import sharp from 'sharp';
import { ApiClient, UnexpectedAnswerError } from './client';
import type { TrafficKind, TrafficRecorder } from './stats';

const DEPARTMENTS = [
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'Computer Science',
  'History',
  'Economics',
  'Linguistics',
];
const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Barbara',
  'Claude',
  'Dorothy',
  'Edsger',
  'Emmy',
  'Grace',
  'Hedy',
  'John',
  'Katherine',
  'Leslie',
  'Margaret',
  'Niklaus',
  'Radia',
  'Tim',
];
const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Liskov',
  'Shannon',
  'Hodgkin',
  'Dijkstra',
  'Noether',
  'Hopper',
  'Lamarr',
  'Neumann',
  'Johnson',
  'Lamport',
  'Hamilton',
  'Wirth',
  'Perlman',
  'Berners',
];

/** How often each kind is picked once a virtual student has done one of each. */
const WEIGHTS: [TrafficKind, number][] = [
  ['browse', 30],
  ['search', 25],
  ['profile', 25],
  ['submit', 10],
  ['edit', 10],
];
/** A failing server answers at once; without a pause a worker would turn that into a flood. */
const PAUSE_AFTER_FAILURE_MS = 250;
const TUTOR_PAGE_SIZE = 12;

export interface SeededTutor {
  id: string;
  name: string;
  department: string;
}

interface StudentAccount {
  email: string;
  password: string;
}

export interface Site {
  baseUrl: string;
  admin: ApiClient;
  tutors: SeededTutor[];
  /** One account per worker, created by the admin; the worker signs it in as its first request. */
  students: StudentAccount[];
  /** Tells this run's accounts apart from any other run's on the same server. */
  runId: string;
  studentsAdded: number;
}

/** A small university: tutors in a few departments (one shared picture), and verified students. */
export async function seedSite(options: {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  tutorCount: number;
  studentCount: number;
  runId: string;
  /** Counts the admin's requests during the traffic (adding students); seeding itself is not counted. */
  recorder: TrafficRecorder;
}): Promise<Site> {
  const admin = new ApiClient(options.baseUrl, options.recorder);
  await admin.logIn(options.adminEmail, options.adminPassword);
  const picture = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'tutor.png');
  const { image } = await admin.request<{ image: { key: string } }>('/api/uploads/images', {
    method: 'POST',
    form,
    expect: 201,
  });

  const tutors = await inBatches(options.tutorCount, async (index) => {
    const department = DEPARTMENTS[index % DEPARTMENTS.length]!;
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7 + Math.floor(index / LAST_NAMES.length)) % LAST_NAMES.length]}`;
    const { tutor } = await admin.request<{ tutor: SeededTutor }>('/api/admin/tutors', {
      method: 'POST',
      expect: 201,
      json: {
        name,
        department,
        biography: `Teaches ${department}. Added by the soak test, run ${options.runId}.`,
        courses: [`${department} ${101 + index}`, `Advanced ${department}`],
        imageKey: image.key,
        isPublic: true,
      },
    });
    return { id: tutor.id, name: tutor.name, department: tutor.department };
  });
  const site: Site = { baseUrl: options.baseUrl, admin, tutors, students: [], runId: options.runId, studentsAdded: 0 };
  site.students = await inBatches(options.studentCount, () => addStudent(site));
  return site;
}

/**
 * A verified student account through the admin API, which answers with a one-time password; the
 * student replaces it at once, as the server asks of everyone who signs in with one.
 */
async function addStudent(site: Site, kind?: TrafficKind): Promise<StudentAccount> {
  const number = ++site.studentsAdded;
  const email = `soak-${site.runId}-${number}@tutorly.test`;
  const { oneTimePassword } = await site.admin.request<{ oneTimePassword: string }>('/api/admin/users', {
    kind,
    method: 'POST',
    expect: 201,
    json: { name: `Soak Student ${number}`, email, role: 'student', delivery: 'password' },
  });
  const password = `${oneTimePassword}-chosen`;
  const firstSession = new ApiClient(site.baseUrl);
  await firstSession.logIn(email, oneTimePassword);
  await firstSession.request('/api/account/password', {
    method: 'POST',
    expect: 204,
    json: { currentPassword: oneTimePassword, newPassword: password },
  });
  return { email, password };
}

/** What this run's students wrote, to check afterwards that the server kept all of it. */
export interface WrittenReviews {
  /** Per tutor, the current rating of each review this run wrote for it. */
  ratingsByTutor: Map<string, Map<string, number>>;
  /** Per student's email, how many reviews the server answered as created. */
  reviewsByStudent: Map<string, number>;
}

/**
 * A closed loop per worker: each is one student who, until told to stop, does one of each kind
 * first (so even a short run covers every kind), then picks at random by weight. A student who
 * has reviewed every seeded tutor hands over to a fresh account.
 */
export async function driveTraffic(
  site: Site,
  recorder: TrafficRecorder,
  shouldStop: () => boolean,
): Promise<WrittenReviews> {
  const written: WrittenReviews = { ratingsByTutor: new Map(), reviewsByStudent: new Map() };
  let lastTutorTotal = site.tutors.length;

  class VirtualStudent {
    private client = new ApiClient(site.baseUrl, recorder);
    private reviewed = new Set<string>();
    private myReviews: { id: string; tutorId: string }[] = [];

    constructor(private account: StudentAccount) {}

    async signIn(): Promise<void> {
      if (this.reviewed.size === site.tutors.length) {
        this.account = await addStudent(site, 'sign-in');
        this.client = new ApiClient(site.baseUrl, recorder);
        this.reviewed = new Set();
        this.myReviews = [];
      }
      await this.client.logIn(this.account.email, this.account.password, 'sign-in');
      if (!written.reviewsByStudent.has(this.account.email)) written.reviewsByStudent.set(this.account.email, 0);
    }

    async browse(): Promise<void> {
      const choice = Math.random();
      if (choice < 0.7) {
        const pages = Math.max(1, Math.ceil(lastTutorTotal / TUTOR_PAGE_SIZE));
        const sort = pick(['rating', 'reviews', 'name']);
        const list = await this.client.get<{ total: number }>(
          `/api/tutors?page=${1 + randomInt(pages)}&sort=${sort}`,
          'browse',
        );
        lastTutorTotal = list.total;
      } else if (choice < 0.8) {
        await this.client.get('/api/tutors/departments', 'browse');
      } else if (choice < 0.9) {
        await this.client.get('/api/reviews', 'browse');
      } else {
        await this.client.get('/api/reviews/recent', 'browse');
      }
    }

    async search(): Promise<void> {
      const tutor = pick(site.tutors);
      const [firstName, lastName = ''] = tutor.name.split(' ');
      const query =
        Math.random() < 0.6
          ? `q=${encodeURIComponent(`${firstName} ${lastName.slice(0, 3)}`)}`
          : `department=${encodeURIComponent(tutor.department)}`;
      const found = await this.client.get<{ total: number }>(
        `/api/tutors?${query}&sort=${pick(['rating', 'name'])}`,
        'search',
      );
      if (found.total === 0)
        recorder.recordError(
          'search',
          `GET /api/tutors?${query.split('=')[0]}= found no tutor, though one was seeded to match`,
        );
    }

    async profile(): Promise<void> {
      const tutor = pick(site.tutors);
      const { tutor: profile } = await this.client.get<{ tutor: { id: string } }>(`/api/tutors/${tutor.id}`, 'profile');
      if (profile.id !== tutor.id) recorder.recordError('profile', 'GET /api/tutors/:id answered with another tutor');
      await this.client.get(`/api/tutors/${tutor.id}/reviews`, 'profile');
    }

    async submit(): Promise<void> {
      if (this.reviewed.size === site.tutors.length) return this.signIn();
      const tutor = pick(site.tutors.filter((candidate) => !this.reviewed.has(candidate.id)));
      const rating = 1 + randomInt(5);
      // Marked before the answer: a request that failed may still have been stored, and then a
      // second review of this tutor would be refused as a duplicate.
      this.reviewed.add(tutor.id);
      const { review } = await this.client.request<{ review: { id: string } }>('/api/reviews', {
        kind: 'submit',
        method: 'POST',
        expect: 201,
        json: { tutorId: tutor.id, title: `Soak review ${rating}`, body: reviewText(rating), rating },
      });
      this.myReviews.push({ id: review.id, tutorId: tutor.id });
      ratingsOf(tutor.id).set(review.id, rating);
      written.reviewsByStudent.set(this.account.email, written.reviewsByStudent.get(this.account.email)! + 1);
    }

    async edit(): Promise<void> {
      if (this.myReviews.length === 0) return this.submit();
      const mine = pick(this.myReviews);
      const rating = 1 + randomInt(5);
      await this.client.request(`/api/reviews/${mine.id}`, {
        kind: 'edit',
        method: 'PATCH',
        json: { title: `Edited soak review ${rating}`, body: reviewText(rating), rating },
      });
      ratingsOf(mine.tutorId).set(mine.id, rating);
    }

    async run(): Promise<void> {
      const firstRound: TrafficKind[] = ['sign-in', 'browse', 'search', 'profile', 'submit', 'edit'];
      while (!shouldStop()) {
        const kind = firstRound.shift() ?? pickWeighted();
        try {
          await this.do(kind);
        } catch (err) {
          if (!(err instanceof UnexpectedAnswerError)) throw err;
          // Counted where it happened; without a session nothing else works, so sign in again.
          if (kind === 'sign-in') firstRound.unshift('sign-in');
          await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_FAILURE_MS));
        }
      }
    }

    private do(kind: TrafficKind): Promise<void> {
      switch (kind) {
        case 'sign-in':
          return this.signIn();
        case 'browse':
          return this.browse();
        case 'search':
          return this.search();
        case 'profile':
          return this.profile();
        case 'submit':
          return this.submit();
        case 'edit':
          return this.edit();
      }
    }
  }

  function ratingsOf(tutorId: string): Map<string, number> {
    let ratings = written.ratingsByTutor.get(tutorId);
    if (!ratings) written.ratingsByTutor.set(tutorId, (ratings = new Map()));
    return ratings;
  }

  await Promise.all(site.students.map((account) => new VirtualStudent(account).run()));
  return written;
}

/**
 * After the traffic: every review the server accepted is there, and every tutor's count and
 * average equal a recomputation from what was written. Answers the problems found.
 */
export async function checkWrites(
  site: Site,
  written: WrittenReviews,
): Promise<{ problems: string[]; students: number; tutors: number }> {
  const problems: string[] = [];
  for (const [email, reviews] of written.reviewsByStudent) {
    const { items } = await site.admin.get<{ items: { email: string; reviewCount: number }[] }>(
      `/api/admin/users?q=${encodeURIComponent(email)}`,
    );
    const onServer = items.find((user) => user.email === email)?.reviewCount;
    if (onServer !== reviews)
      problems.push(
        `${email} has ${onServer ?? 'no account and no'} reviews on the server, but ${reviews} were accepted`,
      );
  }
  for (const tutor of site.tutors) {
    const ratings = [...(written.ratingsByTutor.get(tutor.id)?.values() ?? [])];
    const { tutor: profile } = await site.admin.get<{ tutor: { reviewCount: number; averageRating: number | null } }>(
      `/api/tutors/${tutor.id}`,
    );
    const expectedAverage = ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : null;
    const averageMatches =
      expectedAverage === null
        ? profile.averageRating === null
        : profile.averageRating !== null && Math.abs(profile.averageRating - expectedAverage) < 1e-9;
    if (profile.reviewCount !== ratings.length || !averageMatches) {
      problems.push(
        `${tutor.name} (${tutor.id}) shows ${profile.reviewCount} reviews averaging ${profile.averageRating}, but ${ratings.length} averaging ${expectedAverage} were written`,
      );
    }
  }
  return { problems, students: written.reviewsByStudent.size, tutors: site.tutors.length };
}

function reviewText(rating: number): string {
  return `${'★'.repeat(rating)} Clear explanations, fair exams, answers questions in office hours. Rated ${rating} of 5.`;
}

function pickWeighted(): TrafficKind {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return WEIGHTS[0]![0];
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}

function randomInt(below: number): number {
  return Math.floor(Math.random() * below);
}

/** Runs `make` for 0..count-1, a few at a time: seeding should not itself be a load test. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>, batchSize = 4): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => make(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}
