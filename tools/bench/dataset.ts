/**
 * The benchmark's dataset: a university's tutors, students and reviews, written straight into
 * the database with set-based SQL on top of the app's own migrations, kept between runs when
 * the same size is asked for, and refused anywhere that holds data of another kind.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import {
  type WritableDatabase as Database,
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
} from '../../src/server/db/client';
import { tutorSearchColumns } from '../../src/server/lib/search-text';
import { generateToken, hashToken } from '../../src/server/lib/tokens';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { LAST_ACTIVE_PRECISION_MS, SESSION_LIFETIME_MS } from '../../src/server/services/accounts/sessions';
import { recountAllTutorAggregates } from '../../src/server/services/reviews/aggregates';
import { refreshRankingPrior } from '../../src/server/services/tutors/ranking';
import { DEFAULT_REVIEW_TAGS } from '../../src/shared/reviews-constants';
import type { DatasetSize } from './options';
import {
  BIOGRAPHY_AVAILABILITY,
  BIOGRAPHY_OPENINGS,
  BIOGRAPHY_TEACHING,
  DEPARTMENTS,
  FIRST_NAMES,
  HIDDEN_REVIEW_REASON,
  LAST_NAMES,
  REJECTION_REASON,
  REVIEW_CLOSINGS,
  REVIEW_OPENINGS,
  REVIEW_TITLES,
} from './words';

/** Raised when the generator changes in a way that makes an older kept dataset unlike a new one. */
const DATASET_FORMAT = 3;
/** Everything of the benchmark's own lives in this schema; its marker table is what makes a database ours. */
const BENCH_SCHEMA = 'tutorly_bench';
/** Schemas whose tables may exist in a database the benchmark writes into, however full. */
const OWN_SCHEMAS = ['pg_catalog', 'information_schema', 'drizzle', BENCH_SCHEMA];
const STUDENT_PASSWORD = 'bench-password';
const REVIEWS_PER_CHUNK = 100_000;
const STUDENTS_PER_CHUNK = 25_000;
/** Reviews and tutors reach back this far. */
const HISTORY_YEARS = 3;
const READER_POOL = 1_000;
const PROFILE_SAMPLE = 1_000;
const SEARCH_PREFIXES = 300;
/** "A handful to hundreds": prefixes matching more tutors than this are not what people type to find someone. */
const SEARCH_MATCHES_MAX = 1_000;

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** What the load scenarios need from the dataset; tokens are fresh for each run. */
export interface BenchFixtures {
  /** Session cookies (values of tutorly_session) of students who have written reviews. */
  readerTokens: string[];
  /** Session cookies of students with no reviews at all, for submissions. */
  writerTokens: string[];
  /** Every public tutor, for submissions. */
  publicTutorIds: string[];
  /** About a thousand public tutors drawn with weight by review count: the profiles people open. */
  profileTutorIds: string[];
  /** The tutor with the most reviews. */
  popularTutorId: string;
  /** Name prefixes of 2 to 4 letters and how many public tutors each finds. */
  searchPrefixes: { prefix: string; matches: number }[];
}

export interface PreparedDataset {
  fixtures: BenchFixtures;
  /** 'generated' this run, or 'reused' from an earlier one. */
  origin: 'generated' | 'reused';
  /** Seconds the generation took (in the run that generated it, when reused). */
  generationSeconds: number;
  generatedAt: string;
  /** Each step of this run's generation, in seconds; empty when reused. */
  generationSteps: Record<string, number>;
  /** What the database holds, counted after preparing. */
  counts: {
    tutors: number;
    publicTutors: number;
    pendingTutors: number;
    students: number;
    reviews: number;
    hiddenReviews: number;
    writers: number;
  };
  engine: { kind: 'pglite' | 'postgres'; version: string; pgliteVersion?: string };
}

export class ForeignDatabaseError extends Error {}

/** The students who wrote the generated reviews come first; the writers, who have none, after them. */
function roles(size: DatasetSize): { writers: number; reviewers: number; readers: number } {
  const writers = Math.min(500, Math.max(1, Math.floor(size.students / 10)));
  const reviewers = size.students - writers;
  return { writers, reviewers, readers: Math.min(READER_POOL, reviewers) };
}

export async function prepareDataset(
  target: DatabaseTarget,
  size: DatasetSize,
  log: (line: string) => void,
): Promise<PreparedDataset> {
  const handle = await openTarget(target);
  try {
    const found = await inspect(handle.db);
    let origin: PreparedDataset['origin'];
    let steps: Record<string, number> = {};
    if (found.kind === 'foreign') {
      throw new ForeignDatabaseError(
        `The database ${describe(target)} holds data that is not a benchmark dataset (rows in ${found.tablesWithRows.join(', ')}). ` +
          'The benchmark writes a dataset of its own and replaces it as it needs: point it at an empty database, or at one a previous benchmark run generated.',
      );
    }
    if (found.kind === 'bench' && reusable(found.marker, size)) {
      log(
        `Reusing the dataset generated ${new Date(found.marker.generated_at).toISOString()} (${(found.marker.generation_seconds ?? 0).toFixed(0)} s to generate)`,
      );
      // A dataset kept from before newer migrations gets them, as a site being upgraded would.
      await handle.migrate();
      origin = 'reused';
    } else {
      if (found.kind === 'bench') {
        log(
          'Replacing the previous benchmark dataset (another size, an older format, rewritten migrations, or unfinished)',
        );
        await wipe(handle.db);
      }
      await handle.migrate();
      steps = await generate(handle.db, size, log);
      origin = 'generated';
    }
    const marker = (await readMarker(handle.db))!;
    await resetRunState(handle.db, size, log);
    const fixtures = await collectFixtures(handle.db, size);
    return {
      fixtures,
      origin,
      generationSeconds: marker.generation_seconds ?? 0,
      generatedAt: new Date(marker.generated_at).toISOString(),
      generationSteps: steps,
      counts: await countRows(handle.db, size),
      engine: await engineOf(handle),
    };
  } finally {
    await handle.close();
  }
}

function openTarget(target: DatabaseTarget): Promise<DatabaseHandle> {
  // One connection: session settings and the seed of random() hold for every statement.
  return target.kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 })
    : openDatabase({ kind: 'pglite', dataDir: target.dataDir });
}

function describe(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return `in ${target.dataDir}`;
  const url = new URL(target.url);
  return `${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

async function rows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

interface Marker {
  tutors: number;
  reviews: number;
  students: number;
  format: number;
  complete: boolean;
  generated_at: string;
  generation_seconds: number | null;
  /** The migrations the dataset was generated on, each as "tag:sha256 of its SQL". */
  migrations?: string[];
}

/**
 * The same size and generator, finished, and generated on migrations the current ones extend.
 * New migrations are applied to a kept dataset, as to a site being upgraded; a migration
 * rewritten since cannot be, so the dataset is made again.
 */
function reusable(marker: Marker, size: DatasetSize): boolean {
  const current = migrationFingerprints();
  return (
    marker.complete &&
    marker.format === DATASET_FORMAT &&
    marker.tutors === size.tutors &&
    marker.reviews === size.reviews &&
    marker.students === size.students &&
    marker.migrations !== undefined &&
    marker.migrations.every((migration, i) => current[i] === migration)
  );
}

function migrationFingerprints(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(
    ({ tag }) =>
      `${tag}:${createHash('sha256')
        .update(readFileSync(path.join(migrationsFolder, `${tag}.sql`)))
        .digest('hex')}`,
  );
}

async function readMarker(db: Database): Promise<Marker | undefined> {
  const [marked] = await rows<{ marked: boolean }>(
    db,
    sql`select to_regclass(${`${BENCH_SCHEMA}.dataset`}) is not null as marked`,
  );
  if (!marked?.marked) return undefined;
  // As JSON: a marker written by an older version of this file may lack columns.
  const [row] = await rows<{ marker: Marker | string }>(
    db,
    sql`select to_jsonb(d)::text as marker from ${sql.raw(BENCH_SCHEMA)}.dataset d`,
  );
  return row ? (JSON.parse(row.marker as string) as Marker) : undefined;
}

type Inspection = { kind: 'bench'; marker: Marker } | { kind: 'empty' } | { kind: 'foreign'; tablesWithRows: string[] };

/** Ours (it carries the marker), empty (tables perhaps, but no rows), or someone else's. */
async function inspect(db: Database): Promise<Inspection> {
  const marker = await readMarker(db);
  if (marker) return { kind: 'bench', marker };
  const tables = await rows<{ name: string }>(
    db,
    sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname <> all (${`{${OWN_SCHEMAS.join(',')}}`}::text[]) order by 1`,
  );
  const tablesWithRows: string[] = [];
  for (const { name } of tables) {
    const [found] = await rows<{ any: boolean }>(db, sql`select exists (select 1 from ${sql.raw(name)}) as any`);
    if (found?.any) tablesWithRows.push(name);
  }
  return tablesWithRows.length ? { kind: 'foreign', tablesWithRows } : { kind: 'empty' };
}

/** Only ever called on a database that carries the marker: everything goes, and the migrations start over. */
async function wipe(db: Database): Promise<void> {
  await db.execute(sql.raw(`drop schema if exists ${BENCH_SCHEMA} cascade`));
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
}

/** A deterministic, random-looking version-4 uuid per kind and number, so rows can name each other without lookups. */
const idFunction = `${BENCH_SCHEMA}.id`;
const tutorId = (n: SQL) => sql`${sql.raw(idFunction)}('t', ${n})`;
const studentId = (n: SQL) => sql`${sql.raw(idFunction)}('s', ${n})`;

async function generate(db: Database, size: DatasetSize, log: (line: string) => void): Promise<Record<string, number>> {
  const { reviewers, writers } = roles(size);
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<void>) => {
    const stepStarted = performance.now();
    await work();
    steps[name] = round((performance.now() - stepStarted) / 1000);
    log(`  ${name}: ${steps[name].toFixed(1)} s`);
  };
  assertPlainAscii();
  log(
    `Generating the dataset (${reviewers.toLocaleString('en-US')} students who review, ${writers} who will write during the run)...`,
  );
  const now = new Date();

  await db.execute(sql.raw(`create schema if not exists ${BENCH_SCHEMA}`));
  await db.execute(
    sql.raw(`create table ${BENCH_SCHEMA}.dataset (
      tutors integer not null, reviews integer not null, students integer not null, format integer not null,
      complete boolean not null default false, generated_at timestamptz not null, generation_seconds double precision,
      migrations text[] not null)`),
  );
  await db.execute(
    sql`insert into ${sql.raw(BENCH_SCHEMA)}.dataset (tutors, reviews, students, format, generated_at, migrations)
        values (${size.tutors}, ${size.reviews}, ${size.students}, ${DATASET_FORMAT}, ${now.toISOString()}, ${textArray(migrationFingerprints())}::text[])`,
  );
  await db.execute(
    sql.raw(`create function ${idFunction}(kind text, n integer) returns uuid language sql immutable parallel safe
      as $$ select overlay(overlay(md5(kind || n::text) placing '4' from 13) placing '8' from 17)::uuid $$`),
  );
  await db.execute(sql.raw('set synchronous_commit = off'));
  // Index builds sort in memory instead of spilling to disk.
  await db.execute(sql.raw("set maintenance_work_mem = '256MB'"));
  await db.execute(sql`select setseed(0.42)`);

  await step('students', async () => {
    // One hash for everyone: argon2 is deliberately slow, and every student shares the password.
    const passwordHash = await hashPassword(STUDENT_PASSWORD);
    for (let first = 1; first <= size.students; first += STUDENTS_PER_CHUNK) {
      const last = Math.min(size.students, first + STUDENTS_PER_CHUNK - 1);
      await db.execute(sql`
        insert into users (id, name, email, password_hash, role, email_verified_at, created_at, updated_at)
        select ${studentId(sql`n`)}, given || ' ' || family,
               lower(given || '.' || family || '.' || n || '@students.example.edu'),
               ${passwordHash}, 'student', joined + interval '1 hour', joined, joined
        from generate_series(${first}::int, ${last}::int) n
        -- "+ 0 * n" ties the draw to each row; a subquery that names no outer column may run once for all.
        cross join lateral (
          select (${jsonArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int + 0 * n] as given,
                 (${jsonArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as family,
                 ${now.toISOString()}::timestamptz - random() * ${HISTORY_YEARS * 365} * interval '1 day' as joined
        ) picked`);
    }
  });

  await step('tutors', async () => {
    const plan = planTutors(size, reviewers);
    await db.execute(
      sql.raw(`create table ${BENCH_SCHEMA}.tutor_plan (
        n integer primary key, status text not null, first_name integer not null, last_name integer not null,
        department integer not null, course_count integer not null, age_days double precision not null,
        submitted_by integer, mean_rating double precision not null, review_count integer not null,
        author_offset integer not null, author_stride integer not null)`),
    );
    await db.execute(sql`
      insert into ${sql.raw(BENCH_SCHEMA)}.tutor_plan
      select * from unnest(${numberArray(plan.map((t) => t.n))}::int[], ${textArray(plan.map((t) => t.status))}::text[],
        ${numberArray(plan.map((t) => t.firstName))}::int[], ${numberArray(plan.map((t) => t.lastName))}::int[],
        ${numberArray(plan.map((t) => t.department))}::int[], ${numberArray(plan.map((t) => t.courseCount))}::int[],
        ${numberArray(plan.map((t) => t.ageDays))}::float8[], ${numberArray(plan.map((t) => t.submittedBy))}::int[],
        ${numberArray(plan.map((t) => t.meanRating))}::float8[], ${numberArray(plan.map((t) => t.reviewCount))}::int[],
        ${numberArray(plan.map((t) => t.authorOffset))}::int[], ${numberArray(plan.map((t) => t.authorStride))}::int[])`);
    // normalized_name and search_text as tutorSearchColumns derives them: lower-cased, single-spaced.
    await db.execute(sql`
      insert into tutors (id, name, department, biography, courses, normalized_name, search_text, is_public, status,
                          rejection_reason, submitted_by, created_at, updated_at)
      select ${tutorId(sql`p.n`)}, named.name, dept.name,
             (${jsonArray(BIOGRAPHY_OPENINGS)})[1 + p.n % ${BIOGRAPHY_OPENINGS.length}] || ' ' ||
               (${jsonArray(BIOGRAPHY_TEACHING)})[1 + (p.n / 7) % ${BIOGRAPHY_TEACHING.length}] || ' ' ||
               (${jsonArray(BIOGRAPHY_AVAILABILITY)})[1 + (p.n / 3) % ${BIOGRAPHY_AVAILABILITY.length}],
             courses.list, lower(named.name),
             lower(named.name || ' ' || dept.name || ' ' || array_to_string(courses.list, ' ')),
             p.status = 'approved', p.status::tutor_status,
             case when p.status = 'rejected' then ${REJECTION_REASON} end,
             case when p.submitted_by is not null then ${studentId(sql`p.submitted_by`)} end,
             created, created + interval '2 days'
      from ${sql.raw(BENCH_SCHEMA)}.tutor_plan p
      cross join lateral (
        select (${jsonArray(FIRST_NAMES)})[p.first_name] || ' ' || (${jsonArray(LAST_NAMES)})[p.last_name] as name
      ) named
      cross join lateral (
        select (${jsonArray(DEPARTMENTS.map(([name]) => name))})[p.department] as name,
               (${jsonArray(DEPARTMENTS.map(([, code]) => code))})[p.department] as code
      ) dept
      cross join lateral (
        select array(select dept.code || ' ' || (100 + (p.n * 7919 + k * 104729) % 400)::text
                     from generate_series(1, p.course_count) k order by k) as list
      ) courses
      cross join lateral (select ${now.toISOString()}::timestamptz - p.age_days * interval '1 day' as created) made`);
  });

  await step('reviews', async () => {
    const counts = await rows<{ n: number; review_count: number }>(
      db,
      sql`select n, review_count from ${sql.raw(BENCH_SCHEMA)}.tutor_plan where review_count > 0 order by n`,
    );
    let written = 0;
    await withoutSecondaryIndexes(db, 'reviews', log, async () => {
      for (const [first, last, reviews] of chunksOf(counts, REVIEWS_PER_CHUNK)) {
        await insertReviews(db, first, last, reviewers, now);
        written += reviews;
        log(`    ${written.toLocaleString('en-US')} of ${size.reviews.toLocaleString('en-US')} reviews`);
      }
    });
  });

  await step('helpful votes', () =>
    withoutSecondaryIndexes(db, 'review_helpful_votes', log, () => insertHelpfulVotes(db, reviewers, now)),
  );
  await step('aggregates', () => syncAggregates(db));
  await step('vacuum and analyze', async () => {
    await db.execute(sql.raw(`drop table ${BENCH_SCHEMA}.tutor_plan`));
    // What autovacuum would have done on a site this size long ago: visibility map, hint bits, statistics.
    await db.execute(sql.raw('vacuum (analyze)'));
  });
  await step('checks', () => checkDataset(db, size));

  const seconds = round((performance.now() - started) / 1000);
  await db.execute(sql`update ${sql.raw(BENCH_SCHEMA)}.dataset set complete = true, generation_seconds = ${seconds}`);
  log(`Generated in ${seconds.toFixed(1)} s`);
  return steps;
}

/** One chunk of reviews: every review of the planned tutors numbered first..last. */
async function insertReviews(db: Database, first: number, last: number, reviewers: number, now: Date): Promise<void> {
  // The author of a tutor's j-th review steps through the reviewers by a stride coprime to
  // their number, so no student reviews a tutor twice (reviews_one_per_author_per_tutor).
  await db.execute(sql`
    insert into reviews (tutor_id, author_id, title, body, rating, ai_assisted, is_hidden, hidden_reason, hidden_at, created_at, updated_at,
                         course, term_season, term_year, difficulty, would_take_again, tags)
    select ${tutorId(sql`p.n`)},
           ${studentId(sql`(1 + (p.author_offset::bigint + j::bigint * p.author_stride) % ${reviewers})::int`)},
           (${jsonArray(REVIEW_TITLES.flat())})[(drawn.rating - 1) * 5 + 1 + floor(drawn.pick * 5)::int],
           (${jsonArray(REVIEW_OPENINGS.flat())})[(drawn.rating - 1) * 5 + 1 + floor(drawn.pick * 5)::int] || ' ' ||
             (${jsonArray(REVIEW_OPENINGS.flat())})[(drawn.rating - 1) * 5 + 1 + (floor(drawn.pick * 5)::int + 1 + j % 4) % 5] || ' ' ||
             (${jsonArray(REVIEW_CLOSINGS)})[1 + j % ${REVIEW_CLOSINGS.length}],
           drawn.rating, drawn.flags < 0.04, drawn.flags > 0.985,
           case when drawn.flags > 0.985 then ${HIDDEN_REVIEW_REASON} end,
           case when drawn.flags > 0.985 then least(drawn.written + interval '2 days', ${now.toISOString()}::timestamptz) end,
           drawn.written,
           case when drawn.flags between 0.5 and 0.58 then least(drawn.written + interval '5 days', ${now.toISOString()}::timestamptz) else drawn.written end,
           -- Most say the course and the term, many how hard it was and whether they would go back,
           -- and a few tags that follow the stars (three apart in the list, so never one twice).
           case when drawn.details < 0.85 then taught.courses[1 + floor(drawn.choice * cardinality(taught.courses))::int] end,
           case when drawn.details < 0.7 then (array['winter', 'spring', 'summer', 'fall'])[1 + (extract(month from drawn.written)::int - 1) / 3] end,
           case when drawn.details < 0.7 then extract(year from drawn.written)::smallint end,
           case when drawn.details < 0.75 then greatest(1, least(5, round(3 + (drawn.choice - 0.5) * 4 + case when drawn.rating >= 4 then -0.4 else 0.6 end)))::smallint end,
           case when drawn.details < 0.8 then drawn.choice < case when drawn.rating >= 4 then 0.92 when drawn.rating = 3 then 0.5 else 0.12 end end,
           (array[(${jsonArray(DEFAULT_REVIEW_TAGS)})[1 + (drawn.tag + case when drawn.rating >= 3 then 0 else 6 end) % ${DEFAULT_REVIEW_TAGS.length}],
                  (${jsonArray(DEFAULT_REVIEW_TAGS)})[1 + (drawn.tag + 3 + case when drawn.rating >= 3 then 0 else 6 end) % ${DEFAULT_REVIEW_TAGS.length}],
                  (${jsonArray(DEFAULT_REVIEW_TAGS)})[1 + (drawn.tag + 6 + case when drawn.rating >= 3 then 0 else 6 end) % ${DEFAULT_REVIEW_TAGS.length}]])[1:drawn.tag_count]
    from ${sql.raw(BENCH_SCHEMA)}.tutor_plan p
    cross join lateral (select courses from tutors where id = ${tutorId(sql`p.n`)}) taught
    cross join generate_series(0, p.review_count - 1) j
    -- "+ 0 * j" ties the draws to each review, not just to its tutor.
    cross join lateral (
      select greatest(1, least(5, round(p.mean_rating + (random() + random() - 1) * 1.6 + 0 * j)))::int as rating,
             random() as pick, random() as flags, random() as details, random() as choice,
             floor(random() * 10)::int as tag, floor(random() * 4)::int as tag_count,
             ${now.toISOString()}::timestamptz - random() * p.age_days * interval '1 day' as written
    ) drawn
    where p.n between ${first} and ${last}`);
}

/**
 * About a third of the visible reviews were marked helpful, most by a few students and some by
 * many. Voters step through the students from a point of the review's own, skipping its
 * author. Loaded with the counting trigger off and counted in one statement after.
 */
async function insertHelpfulVotes(db: Database, reviewers: number, now: Date): Promise<void> {
  await db.execute(sql.raw('alter table review_helpful_votes disable trigger review_helpful_votes_count'));
  await db.execute(sql`
    insert into review_helpful_votes (review_id, voter_id, created_at)
    select r.id, voter.id, least(r.created_at + interval '1 day', ${now.toISOString()}::timestamptz)
    from reviews r
    cross join lateral (select random() as draw, abs(hashtext(r.id::text)) as start) drawn
    cross join generate_series(1, 1 + floor(power(drawn.draw / 0.35, 3) * 24)::int) k
    cross join lateral (select ${studentId(sql`(1 + (drawn.start + k) % ${reviewers})::int`)} as id) voter
    where not r.is_hidden and drawn.draw < 0.35 and voter.id <> r.author_id`);
  await db.execute(sql`
    update reviews set helpful_count = counted.votes
    from (select review_id, count(*)::int as votes from review_helpful_votes group by review_id) counted
    where reviews.id = counted.review_id`);
  await db.execute(sql.raw('alter table review_helpful_votes enable trigger review_helpful_votes_count'));
}

/**
 * Bulk loading into a table is several times faster without its secondary indexes and foreign
 * keys, built once afterwards (the foreign keys then checked in one pass). They are recreated
 * from their own definitions, as the migrations made them; a run that dies in between leaves
 * its dataset unfinished, and the next run starts over from the migrations.
 */
async function withoutSecondaryIndexes(
  db: Database,
  table: string,
  log: (line: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`select quote_ident(indexname) as name, indexdef as definition from pg_indexes i
        where schemaname = 'public' and tablename = ${table}
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  );
  const foreignKeys = await rows<{ name: string; definition: string }>(
    db,
    sql`select quote_ident(conname) as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = ${`public.${table}`}::regclass and contype = 'f'`,
  );
  for (const { name } of foreignKeys) await db.execute(sql.raw(`alter table public.${table} drop constraint ${name}`));
  for (const { name } of indexes) await db.execute(sql.raw(`drop index public.${name}`));
  await load();
  const rebuilt = performance.now();
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  for (const { name, definition } of foreignKeys)
    await db.execute(sql.raw(`alter table public.${table} add constraint ${name} ${definition}`));
  log(
    `    ${indexes.length} indexes and ${foreignKeys.length} foreign keys rebuilt in ${((performance.now() - rebuilt) / 1000).toFixed(1)} s`,
  );
}

/** Every tutor's aggregates from its visible reviews, as the app keeps them review by review. */
async function syncAggregates(db: Database): Promise<void> {
  await recountAllTutorAggregates(db);
  // Each tutor written here rewrote its department's row in department_tutor_counts (a trigger),
  // one statement leaving 40 rows spread over hundreds of pages that every uncached total then
  // reads; on a live site, writes a few at a time, pruning keeps it at one page.
  await db.execute(sql.raw('vacuum full department_tutor_counts'));
  // "Highest rated" ranks against the mean of these reviews, as the server's hourly refresh would set it.
  await refreshRankingPrior(db, new Date(), { force: true });
}

/** The promises made about the dataset, checked on what was written. */
async function checkDataset(db: Database, size: DatasetSize): Promise<void> {
  const [counts] = await rows<{ tutors: number; reviews: number; students: number; drift: number }>(
    db,
    sql`select (select count(*) from tutors)::int as tutors, (select count(*) from reviews)::int as reviews,
               (select count(*) from users where role = 'student')::int as students,
               (select count(*) from tutors t
                left join (select tutor_id, count(*)::int as visible, sum(rating)::int as rating_sum
                           from reviews where not is_hidden group by tutor_id) v on v.tutor_id = t.id
                where (t.review_count, t.rating_sum) is distinct from (coalesce(v.visible, 0), coalesce(v.rating_sum, 0)))::int as drift`,
  );
  const problems: string[] = [];
  if (counts!.tutors !== size.tutors) problems.push(`${counts!.tutors} tutors instead of ${size.tutors}`);
  if (counts!.reviews !== size.reviews) problems.push(`${counts!.reviews} reviews instead of ${size.reviews}`);
  if (counts!.students !== size.students) problems.push(`${counts!.students} students instead of ${size.students}`);
  if (counts!.drift > 0)
    problems.push(`${counts!.drift} tutors whose review_count or rating_sum differ from their visible reviews`);
  const sample = await rows<{
    name: string;
    department: string;
    courses: string[];
    normalized_name: string;
    search_text: string;
  }>(db, sql`select name, department, courses, normalized_name, search_text from tutors order by id limit 500`);
  for (const tutor of sample) {
    const expected = tutorSearchColumns(tutor);
    if (expected.normalizedName !== tutor.normalized_name || expected.searchText !== tutor.search_text) {
      problems.push(
        `the search columns of ${tutor.name} are not what the app computes (${JSON.stringify(tutor.search_text)} instead of ${JSON.stringify(expected.searchText)})`,
      );
      break;
    }
  }
  if (problems.length) throw new Error(`The generated dataset is not as planned: ${problems.join('; ')}`);
}

/**
 * Before each run: the writers' reviews of an earlier run are gone (every submission is then a
 * first review of its tutor), old sessions and rate-limit counters too.
 */
async function resetRunState(db: Database, size: DatasetSize, log: (line: string) => void): Promise<void> {
  const { reviewers } = roles(size);
  const removed = await rows<{ id: string }>(
    db,
    sql`delete from reviews where author_id in (select ${studentId(sql`n`)} from generate_series(${reviewers + 1}::int, ${size.students}::int) n) returning id`,
  );
  if (removed.length) {
    await syncAggregates(db);
    await db.execute(sql.raw('vacuum (analyze) reviews, tutors'));
    log(`Removed the ${removed.length.toLocaleString('en-US')} reviews an earlier run submitted`);
  }
  await db.execute(sql`delete from sessions`);
  await db.execute(sql`delete from rate_limits`);
}

async function collectFixtures(db: Database, size: DatasetSize): Promise<BenchFixtures> {
  const { reviewers, writers, readers } = roles(size);
  const readerNumbers = Array.from({ length: readers }, (_, i) => 1 + Math.floor((i * reviewers) / readers));
  const writerNumbers = Array.from({ length: writers }, (_, i) => reviewers + 1 + i);
  const readerTokens = await createSessions(db, readerNumbers);
  const writerTokens = await createSessions(db, writerNumbers);

  const publicTutorIds = (await rows<{ id: string }>(db, sql`select id from tutors where is_public order by id`)).map(
    (row) => row.id,
  );
  // Weighted sampling without replacement (Efraimidis–Spirakis): popular tutors are opened more often.
  const profileTutorIds = (
    await rows<{ id: string }>(
      db,
      sql`select id from tutors where is_public order by -ln(1 - random()) / (review_count + 1) limit ${PROFILE_SAMPLE}`,
    )
  ).map((row) => row.id);
  const [popular] = await rows<{ id: string }>(
    db,
    sql`select id from tutors where is_public order by review_count desc, id limit 1`,
  );
  if (!popular) throw new Error('The dataset has no public tutor.');

  const candidates = namePrefixes();
  const matches = await rows<{ prefix: string; matches: number }>(
    db,
    sql`select prefix, (select count(*) from tutors where is_public and search_text like '%' || prefix || '%')::int as matches
        from unnest(${textArray(candidates)}::text[]) prefix`,
  );
  const usable = matches.filter((row) => row.matches > 0 && row.matches <= SEARCH_MATCHES_MAX);
  const searchPrefixes = shuffled(usable, 7).slice(0, SEARCH_PREFIXES);
  if (!searchPrefixes.length) throw new Error('No name prefix finds between 1 and 1,000 tutors.');
  return { readerTokens, writerTokens, publicTutorIds, profileTutorIds, popularTutorId: popular.id, searchPrefixes };
}

/** Sessions as createSession makes them (the cookie carries the token, the table its hash), all at once. */
async function createSessions(db: Database, studentNumbers: number[]): Promise<string[]> {
  const tokens = studentNumbers.map(() => generateToken());
  const now = new Date();
  // Last used at times spread over the past minute, as a campus's sessions are: each is noted
  // as used again once a minute, and sessions all made at one instant would all be due at once,
  // a wave of writes in whichever scenario runs a minute later.
  await db.execute(sql`
    insert into sessions (token_hash, user_id, created_at, expires_at, last_active_at)
    select hash, ${studentId(sql`n`)}, ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz - (at * ${LAST_ACTIVE_PRECISION_MS}::float8 / ${tokens.length}) * interval '1 millisecond'
    from unnest(${textArray(tokens.map(hashToken))}::text[], ${numberArray(studentNumbers)}::int[]) with ordinality as s(hash, n, at)`);
  return tokens;
}

async function countRows(db: Database, size: DatasetSize): Promise<PreparedDataset['counts']> {
  const [counts] = await rows<Omit<PreparedDataset['counts'], 'writers'>>(
    db,
    sql`select (select count(*) from tutors)::int as tutors,
               (select count(*) from tutors where is_public)::int as "publicTutors",
               (select count(*) from tutors where status = 'pending')::int as "pendingTutors",
               (select count(*) from users where role = 'student')::int as students,
               (select count(*) from reviews)::int as reviews,
               (select count(*) from reviews where is_hidden)::int as "hiddenReviews"`,
  );
  return { ...counts!, writers: roles(size).writers };
}

async function engineOf(handle: DatabaseHandle): Promise<PreparedDataset['engine']> {
  const [row] = await rows<{ version: string }>(handle.db, sql`select version()`);
  const version = row?.version ?? 'unknown';
  if (handle.kind === 'postgres') return { kind: 'postgres', version };
  const pglite = JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return { kind: 'pglite', version, pgliteVersion: pglite.version };
}

interface TutorPlan {
  n: number;
  status: 'approved' | 'pending' | 'rejected';
  firstName: number;
  lastName: number;
  department: number;
  courseCount: number;
  ageDays: number;
  submittedBy: number | null;
  meanRating: number;
  reviewCount: number;
  authorOffset: number;
  authorStride: number;
}

/**
 * Who each tutor is and how many reviews they get: most are public, a few wait for approval or
 * were rejected; review counts follow a long tail (the most popular have thousands, many a
 * handful) that adds up to exactly the reviews asked for; most tutors are rated well.
 */
function planTutors(size: DatasetSize, reviewers: number): TutorPlan[] {
  const random = seededRandom(20_000);
  const firstName = namePicker(FIRST_NAMES.length, random);
  const lastName = namePicker(LAST_NAMES.length, random);
  const plan: TutorPlan[] = [];
  for (let n = 1; n <= size.tutors; n++) {
    const roll = random();
    const status = n === 1 || roll >= 0.07 ? 'approved' : roll < 0.05 ? 'pending' : 'rejected';
    plan.push({
      n,
      status,
      firstName: firstName(),
      lastName: lastName(),
      department: 1 + Math.floor(random() * DEPARTMENTS.length),
      courseCount: 1 + Math.floor(random() * 4),
      ageDays: round(7 + random() * (HISTORY_YEARS * 365 - 7)),
      submittedBy: status !== 'approved' || random() < 0.4 ? 1 + Math.floor(random() * reviewers) : null,
      meanRating: round(4.9 - 2.2 * random() ** 2.5),
      reviewCount: 0,
      authorOffset: Math.floor(random() * reviewers),
      authorStride: coprimeStride(reviewers, random),
    });
  }
  const reviewed = plan.filter((tutor) => tutor.status === 'approved');
  const counts = longTailCounts(reviewed.length, size.reviews, reviewers, random);
  reviewed.forEach((tutor, i) => (tutor.reviewCount = counts[i]!));
  return plan;
}

/**
 * Picks 1..count as names occur: some are common, many rare. Frequencies fall evenly on a log
 * scale from the most common name to one 150 times rarer (about 2.5% and 0.02% of tutors), so
 * a name's first letters find anything from a handful of tutors to hundreds. Which names are
 * common is shuffled, not alphabetical.
 */
function namePicker(count: number, random: () => number): () => number {
  const RAREST = 1 / 150;
  const ranks = shuffled(
    Array.from({ length: count }, (_, i) => i + 1),
    Math.floor(random() * 1e9),
  );
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < count; i++) cumulative.push((sum += RAREST ** (i / Math.max(1, count - 1))));
  return () => {
    const roll = random() * sum;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < roll) low = middle + 1;
      else high = middle;
    }
    return ranks[low]!;
  };
}

/**
 * `total` split over `slots` in a log-normal shape, shuffled, each at most `cap` (no student
 * reviews a tutor twice), rounded so the parts add up to exactly `total`.
 */
function longTailCounts(slots: number, total: number, cap: number, random: () => number): number[] {
  if (total > slots * cap)
    throw new Error(`${total} reviews do not fit: ${slots} public tutors with at most ${cap} reviewing students each.`);
  const SIGMA = 1.4;
  const weights = shuffled(
    Array.from({ length: slots }, (_, i) => Math.exp(SIGMA * inverseNormal((i + 0.5) / slots))),
    Math.floor(random() * 1e9),
  );
  const shares = new Array<number>(slots).fill(0);
  let capped = new Set<number>();
  // Scale to the total; parts over the cap are held at it and the rest rescaled, until none is over.
  for (;;) {
    const left = total - capped.size * cap;
    const free = weights.reduce((sum, weight, i) => (capped.has(i) ? sum : sum + weight), 0);
    const over = new Set(capped);
    weights.forEach((weight, i) => {
      shares[i] = capped.has(i) ? cap : (weight / free) * left;
      if (shares[i]! > cap) over.add(i);
    });
    if (over.size === capped.size) break;
    capped = over;
  }
  const counts = shares.map(Math.floor);
  let missing = total - counts.reduce((sum, count) => sum + count, 0);
  const byRemainder = shares.map((share, i) => [share - Math.floor(share), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (missing === 0) break;
    if (counts[i]! < cap) {
      counts[i]! += 1;
      missing -= 1;
    }
  }
  return counts;
}

/** Acklam's approximation of the standard normal quantile; plenty for shaping a dataset. */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

function coprimeStride(modulus: number, random: () => number): number {
  if (modulus <= 2) return 1;
  let stride = 1 + Math.floor(random() * (modulus - 1));
  while (gcd(stride, modulus) !== 1) stride = (stride % (modulus - 1)) + 1;
  return stride;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Consecutive tutor numbers whose reviews add up to about `size` per chunk: [first, last, reviews]. */
function* chunksOf(counts: { n: number; review_count: number }[], size: number): Generator<[number, number, number]> {
  let first: number | undefined;
  let sum = 0;
  for (const { n, review_count } of counts) {
    first ??= n;
    sum += review_count;
    if (sum >= size) {
      yield [first, n, sum];
      first = undefined;
      sum = 0;
    }
  }
  if (first !== undefined) yield [first, counts.at(-1)!.n, sum];
}

/** The 2-, 3- and 4-letter beginnings of every first and last name, as someone types them. */
function namePrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const name of [...FIRST_NAMES, ...LAST_NAMES]) {
    for (const length of [2, 3, 4]) if (name.length > length) prefixes.add(name.slice(0, length).toLowerCase());
  }
  return [...prefixes].sort();
}

/** The database's lower() and the app's normalizeForSearch agree on plain ASCII letters, spaces and digits only. */
function assertPlainAscii(): void {
  const words = [...FIRST_NAMES, ...LAST_NAMES, ...DEPARTMENTS.flat()];
  const odd = words.find((word) => !/^[A-Za-z0-9 ]+$/.test(word) || /\s{2}|^\s|\s$/.test(word));
  if (odd) throw new Error(`"${odd}" is not plain ASCII: lower() in SQL would not match normalizeForSearch.`);
}

/** A JSON array parameter turned into a text[] in SQL; no quoting rules to get wrong. */
function jsonArray(values: readonly string[]): SQL {
  return sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function numberArray(values: readonly (number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

/** mulberry32: the same plan for the same size, on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
