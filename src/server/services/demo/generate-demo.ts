import { DAY_MS, HOUR_MS } from '../../lib/clock';
import {
  biography,
  DEMO_EMAIL_DOMAIN,
  demoReports,
  departments,
  firstNames,
  hiddenReviews,
  languages,
  lastNames,
  rejectionReason,
  reviewSentences,
  reviewTitles,
  tutorRoles,
  type DemoDepartment,
} from './demo-content';
import { DEFAULT_REVIEW_TAGS, type TermSeason } from '../../../shared/reviews-constants';
import { createRandom, type Random } from './random';

export const DEMO_SEED = 20_240_917;
/** One demo student in this many shows their name on their reviews. */
const SIGNING_STUDENT_EVERY = 3;

/** Tutors per department, largest first; shuffled onto the departments so each seed differs. */
const DEPARTMENT_SIZES = [7, 6, 5, 5, 5, 4, 4, 4];
const STUDENT_COUNT = 20;
const REVIEW_COUNT = 300;
/** Submissions by students that an admin approved; they also show under the student's "My Tutors". */
const APPROVED_SUBMISSION_COUNT = 4;
const PENDING_SUBMISSION_COUNT = 4;
/** Tutors whose reviews lean negative, so sorting by rating has something to sort. */
const WEAK_TUTOR_COUNT = 3;
const REVIEW_WINDOW_MS = 548 * DAY_MS;
/** Reviews waiting in the moderators' reported queue, with one to three reports each. */
const REPORTED_REVIEW_COUNT = 3;

export interface DemoStudent {
  name: string;
  email: string;
  createdAt: Date;
}

export interface DemoTutor {
  name: string;
  department: string;
  biography: string;
  courses: string[];
  status: 'approved' | 'pending' | 'rejected';
  isPublic: boolean;
  rejectionReason: string | null;
  /** Index into `students`, or null for tutors an admin added. */
  submittedBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoReview {
  /** Index into `tutors`. */
  tutor: number;
  /** Index into `students`. */
  author: number;
  rating: number;
  title: string;
  body: string;
  isHidden: boolean;
  hiddenReason: string | null;
  aiAssisted: boolean;
  /** The author signs it; most reviews are anonymous, as on a live site. */
  showName: boolean;
  course: string | null;
  term: { season: TermSeason; year: number } | null;
  difficulty: number | null;
  wouldTakeAgain: boolean | null;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A student marked a review helpful. */
export interface DemoHelpfulVote {
  /** Index into `reviews`. */
  review: number;
  /** Index into `students`; never the review's author. */
  voter: number;
}

export interface DemoReport {
  /** Index into `reviews`. */
  review: number;
  /** Index into `students`; never the review's author. */
  reporter: number;
  reason: (typeof demoReports)[number]['reason'];
  details: string | null;
  createdAt: Date;
}

export interface DemoData {
  /** The first two are the example logins: both have reviews and submissions to look at. */
  students: DemoStudent[];
  tutors: DemoTutor[];
  reviews: DemoReview[];
  /** Open reports on a few visible, critical reviews. */
  reports: DemoReport[];
  helpfulVotes: DemoHelpfulVote[];
}

export interface GenerateDemoOptions {
  seed?: number;
  /** Dates are placed relative to this, so the demo always looks recent. */
  now: Date;
}

/** Same seed and `now`, same demo: nothing here reads the clock or Math.random. */
export function generateDemo({ seed = DEMO_SEED, now }: GenerateDemoOptions): DemoData {
  const rng = createRandom(seed);
  const nowMs = now.getTime();
  const tutorCount = DEPARTMENT_SIZES.reduce((a, b) => a + b, 0);

  // Nobody shares a first or a last name, so every name in a search result is unambiguous.
  const people = zip(
    rng.sample(firstNames, tutorCount + STUDENT_COUNT),
    rng.sample(lastNames, tutorCount + STUDENT_COUNT),
  );
  const students = people.slice(tutorCount).map(([first, last], index): DemoStudent => ({
    name: `${first} ${last}`,
    email: studentEmail(first, last),
    // The example logins joined early, so they have a long history to show.
    createdAt: daysAgo(nowMs, index < 2 ? rng.int(600, 700) : rng.int(90, 700), rng),
  }));

  const departmentSlots = rng
    .shuffle(departments)
    .flatMap((department, i) => Array.from({ length: DEPARTMENT_SIZES[i]! }, () => department));
  const tutorPeople = people.slice(0, tutorCount);
  const tutors = rng.shuffle(departmentSlots).map((department, i): DemoTutor => {
    const [first, last] = tutorPeople[i]!;
    const createdAt = daysAgo(nowMs, rng.int(90, 720), rng);
    const courses = rng
      .sample(department.courses, rng.int(2, 4))
      .map((c) => c.name)
      .sort(compareCourses);
    return {
      name: `${first} ${last}`,
      department: department.name,
      biography: makeBiography(rng, first, department, courses, now),
      courses,
      status: 'approved',
      isPublic: true,
      rejectionReason: null,
      submittedBy: null,
      createdAt,
      updatedAt: createdAt,
    };
  });

  // Submissions are taken from the end of the shuffled list, so they carry no department bias.
  let cursor = tutors.length;
  const takeTutor = () => tutors[--cursor]!;

  const rejected = takeTutor();
  rejected.status = 'rejected';
  rejected.isPublic = false;
  rejected.rejectionReason = rejectionReason;
  rejected.submittedBy = 0;
  rejected.createdAt = daysAgo(nowMs, rng.int(20, 40), rng);
  rejected.updatedAt = new Date(rejected.createdAt.getTime() + rng.int(1, 3) * DAY_MS);

  const pendingSubmitters = [0, 1, ...rng.sample(range(2, STUDENT_COUNT), PENDING_SUBMISSION_COUNT - 2)];
  for (const submitter of pendingSubmitters) {
    const tutor = takeTutor();
    tutor.status = 'pending';
    tutor.isPublic = false;
    tutor.submittedBy = submitter;
    tutor.createdAt = daysAgo(nowMs, rng.int(1, 14), rng);
    tutor.updatedAt = tutor.createdAt;
  }

  for (const submitter of rng.sample(range(0, STUDENT_COUNT), APPROVED_SUBMISSION_COUNT)) {
    const tutor = takeTutor();
    const joined = students[submitter]!.createdAt.getTime();
    tutor.submittedBy = submitter;
    tutor.createdAt = atSecond(joined + 7 * DAY_MS + rng.next() * (nowMs - 40 * DAY_MS - joined));
    // Approved a few days after it was submitted; reviews can only start from then.
    tutor.updatedAt = new Date(tutor.createdAt.getTime() + rng.int(1, 4) * DAY_MS);
  }

  // One public tutor arrived last week and has no reviews yet: the "No ratings yet" state.
  const newest = takeTutor();
  newest.createdAt = daysAgo(nowMs, rng.int(3, 8), rng);
  newest.updatedAt = newest.createdAt;

  // The reviews' details and the votes draw from a sequence of their own: the rest of the demo stays as it was.
  const detailsRng = createRandom(seed + 1);
  const reviews = makeReviews(rng, detailsRng, tutors, students, nowMs);
  const reports = makeReports(rng, reviews, students.length, nowMs);
  const helpfulVotes = makeHelpfulVotes(detailsRng, reviews, students.length);
  return { students, tutors, reviews, reports, helpfulVotes };
}

/** Tags that praise, and tags that warn: a review's tags follow its rating. */
const PRAISING_TAGS = DEFAULT_REVIEW_TAGS.filter(
  (tag) => !['Tough grader', 'Lots of homework', 'Strict about attendance'].includes(tag),
);
const WARNING_TAGS = DEFAULT_REVIEW_TAGS.filter((tag) => !PRAISING_TAGS.includes(tag));

/** Most students say which course and term, many how hard it was and whether they would go back. */
function makeReviewDetails(
  rng: Random,
  { rating, course, createdAt }: { rating: number; course: string; createdAt: Date },
): Pick<DemoReview, 'course' | 'term' | 'difficulty' | 'wouldTakeAgain' | 'tags'> {
  const month = createdAt.getUTCMonth();
  const season: TermSeason = month < 3 ? 'winter' : month < 6 ? 'spring' : month < 9 ? 'summer' : 'fall';
  const liked = rating >= 4;
  const pool = rating >= 3 ? PRAISING_TAGS : [...WARNING_TAGS, 'Responsive'];
  return {
    course: rng.chance(0.85) ? course : null,
    term: rng.chance(0.7) ? { season, year: createdAt.getUTCFullYear() } : null,
    difficulty: rng.chance(0.75) ? clamp(Math.round(3 + 1.1 * rng.normal() + (liked ? -0.4 : 0.6)), 1, 5) : null,
    wouldTakeAgain: rng.chance(0.8) ? (rating === 3 ? rng.chance(0.5) : rng.chance(liked ? 0.92 : 0.12)) : null,
    tags: rng.sample(pool, rng.int(0, 3)),
  };
}

/** A few students found some reviews helpful: the longer a review has been up, the more votes. */
function makeHelpfulVotes(rng: Random, reviews: DemoReview[], studentCount: number): DemoHelpfulVote[] {
  return reviews.flatMap((review, index) => {
    if (review.isHidden || !rng.chance(0.55)) return [];
    const voters = range(0, studentCount).filter((student) => student !== review.author);
    return rng.sample(voters, rng.int(1, 6)).map((voter) => ({ review: index, voter }));
  });
}

function makeBiography(
  rng: Random,
  first: string,
  department: DemoDepartment,
  courses: readonly string[],
  now: Date,
): string {
  const [course, course2] = rng.sample(courses, 2).map(splitCourse);
  const years = rng.int(2, 6);
  const vars = {
    first,
    department: department.name,
    research: rng.pick(department.research),
    course: course!.title,
    code: course!.code,
    course2: course2!.title,
    years: String(years),
    since: String(now.getUTCFullYear() - years),
    students: String(rng.int(3, 12) * 10),
    language: rng.pick(languages),
  };
  const role = fill(rng.pick(tutorRoles), vars);
  const sentences = [
    fill(rng.pick(biography.intro), { ...vars, role }),
    rng.chance(0.75) && fill(rng.pick(biography.teaching), vars),
    fill(rng.pick(biography.style), vars),
    rng.chance(0.5) && fill(rng.pick(biography.availability), vars),
  ];
  return sentences.filter(Boolean).join(' ');
}

function makeReviews(
  rng: Random,
  detailsRng: Random,
  tutors: DemoTutor[],
  students: DemoStudent[],
  nowMs: number,
): DemoReview[] {
  const courseByName = new Map(departments.flatMap((d) => d.courses.map((c) => [c.name, c] as const)));
  const weakTutors = new Set(rng.sample(range(0, tutors.length), WEAK_TUTOR_COUNT));
  const tendency = tutors.map((_, i) => (weakTutors.has(i) ? 2.7 + 0.3 * rng.normal() : 4.25 + 0.35 * rng.normal()));
  const popularity = tutors.map(() => Math.exp(0.6 * rng.normal()));
  const activity = students.map((_, i) => Math.exp(0.5 * rng.normal()) * (i < 2 ? 1.5 : 1));
  const windowStart = nowMs - REVIEW_WINDOW_MS;

  // Weighted sampling without replacement (Efraimidis–Spirakis): each possible
  // (student, tutor) pair gets key ln(u) / weight and the largest keys win, which gives
  // distinct pairs, as the one-review-per-student-per-tutor index demands.
  const candidates: { tutor: number; author: number; key: number; from: number }[] = [];
  tutors.forEach((tutor, t) => {
    if (!tutor.isPublic) return;
    students.forEach((student, s) => {
      // updatedAt is still the moment the tutor went public: nothing has edited it yet.
      const from = Math.max(tutor.updatedAt.getTime(), student.createdAt.getTime(), windowStart) + HOUR_MS;
      // A tutor who arrived days ago has not been reviewed yet.
      if (nowMs - from < 14 * DAY_MS) return;
      candidates.push({ tutor: t, author: s, key: Math.log(1 - rng.next()) / (popularity[t]! * activity[s]!), from });
    });
  });
  if (candidates.length < REVIEW_COUNT)
    throw new Error(`only ${candidates.length} possible reviews for ${REVIEW_COUNT}`);
  const chosen = candidates.sort((a, b) => b.key - a.key).slice(0, REVIEW_COUNT);

  const varsByReview = new Map<DemoReview, Record<string, string>>();
  const reviews = chosen.map(({ tutor, author, from }): DemoReview => {
    const rating = clamp(Math.round(tendency[tutor]! + 0.8 * rng.normal()), 1, 5);
    const courseName = rng.pick(tutors[tutor]!.courses);
    const { code, title } = splitCourse(courseName);
    // A fresh topic per sentence, so one review does not name the same topic twice.
    const topics = rng.shuffle(courseByName.get(courseName)!.topics);
    const vars = { tutor: tutors[tutor]!.name.split(' ')[0]!, course: title, code, topic: topics[0]! };
    const sentence = (template: string, i: number) => fill(template, { ...vars, topic: topics[i % topics.length]! });
    const createdAt = atSecond(from + rng.next() * (nowMs - HOUR_MS - from));
    const review: DemoReview = {
      tutor,
      author,
      rating,
      title: fill(rng.pick(reviewTitles[rating - 1]!), vars),
      body: makeReviewBody(rng, rating).map(sentence).join(' '),
      isHidden: false,
      hiddenReason: null,
      aiAssisted: rng.chance(0.08),
      // Some students sign every review they write; taken from who they are, not from the random
      // sequence, so the rest of the demo is what it was.
      showName: author % SIGNING_STUDENT_EVERY === 0,
      // The course the text talks about is the one the review names.
      ...makeReviewDetails(detailsRng, { rating, course: courseName, createdAt }),
      createdAt,
      updatedAt: createdAt,
    };
    varsByReview.set(review, vars);
    return review;
  });

  // Each hidden review gets text that shows why a moderator hid it.
  const toHide = rng.sample(reviews, hiddenReviews.length);
  hiddenReviews.forEach((template, i) => {
    const review = toHide[i]!;
    const vars = varsByReview.get(review)!;
    review.rating = template.rating;
    review.title = fill(template.title, vars);
    review.body = fill(template.body, vars);
    review.isHidden = true;
    review.hiddenReason = template.reason;
    // Moderated a little after it was posted.
    review.updatedAt = new Date(Math.min(review.createdAt.getTime() + rng.int(1, 5) * DAY_MS, nowMs));
  });
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A few visible critical reviews that students flagged, so review management has a queue to show. */
function makeReports(rng: Random, reviews: DemoReview[], studentCount: number, nowMs: number): DemoReport[] {
  const critical = range(0, reviews.length).filter((i) => !reviews[i]!.isHidden && reviews[i]!.rating <= 2);
  return rng.sample(critical, Math.min(REPORTED_REVIEW_COUNT, critical.length)).flatMap((review) => {
    const { author, createdAt } = reviews[review]!;
    const reporters = rng.sample(
      range(0, studentCount).filter((student) => student !== author),
      rng.int(1, 3),
    );
    return reporters.map((reporter): DemoReport => {
      const { reason, details } = rng.pick(demoReports);
      return {
        review,
        reporter,
        reason,
        details,
        createdAt: atSecond(createdAt.getTime() + rng.next() * (nowMs - createdAt.getTime())),
      };
    });
  });
}

/** Two to five sentence templates whose tone fits the rating. */
function makeReviewBody(rng: Random, rating: number): string[] {
  const s = reviewSentences;
  const maybe = (probability: number, pool: readonly string[]) => (rng.chance(probability) ? [rng.pick(pool)] : []);
  switch (rating) {
    case 5:
      return [rng.pick(s.openingGood), ...rng.sample(s.positive, rng.int(1, 3)), ...maybe(0.6, s.closingGood)];
    case 4:
      return [
        rng.pick(s.openingGood),
        ...rng.sample(s.positive, rng.int(1, 2)),
        ...maybe(0.6, s.caveat),
        ...maybe(0.4, s.closingGood),
      ];
    case 3:
      return [
        rng.pick(s.openingMixed),
        rng.pick(s.positive),
        rng.pick(rng.chance(0.5) ? s.caveat : s.negative),
        ...maybe(0.6, s.closingMixed),
      ];
    case 2:
      return [
        rng.pick(s.openingPoor),
        ...rng.sample(s.negative, rng.int(1, 2)),
        ...maybe(0.4, s.fairPoint),
        ...maybe(0.6, s.closingPoor),
      ];
    default:
      return [rng.pick(s.openingPoor), ...rng.sample(s.negative, 2), ...maybe(0.7, s.closingPoor)];
  }
}

/** Fills {placeholders}; an unknown one throws, so a typo in a phrase pool cannot reach the demo. */
function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`demo template "${template}" uses unknown {${name}}`);
    return value;
  });
}

function studentEmail(first: string, last: string): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '');
  return `${ascii(first)}.${ascii(last)}@${DEMO_EMAIL_DOMAIN}`;
}

function splitCourse(course: string): { code: string; title: string } {
  const space = course.indexOf(' ');
  return { code: course.slice(0, space), title: course.slice(space + 1) };
}

function compareCourses(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Some time of day `days` days ago, never in the future. */
function daysAgo(nowMs: number, days: number, rng: Random): Date {
  return atSecond(nowMs - days * DAY_MS - rng.next() * 12 * HOUR_MS);
}

function atSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

function zip<A, B>(a: readonly A[], b: readonly B[]): [A, B][] {
  return a.map((item, i) => [item, b[i]!]);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
