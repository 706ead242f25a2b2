import { and, asc, count, desc, eq, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BIOGRAPHY_EXCERPT_LENGTH,
  isTutorId,
  SIMILAR_TUTORS_LIMIT,
  TUTOR_CARD_COURSES,
  type AdminTutorList,
  type AdminTutorListQuery,
  type AdminTutorSort,
  type DepartmentList,
  type MySubmissions,
  type SimilarTutors,
  type TutorListItem,
  type TutorListQuery,
  type TutorSort,
  tutorSorts,
} from '../../../shared/tutors';
import { offsetOf } from '../../../shared/pagination';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import { departmentTutorCounts, tutorSearch, tutors, users, type TutorRow } from '../../db/schema';
import { escapeLike, normalizeForSearch, searchWords } from '../../lib/search-text';
import { visibleTo } from './access';
import type { Viewer } from '../auth/viewer';
import { toAdminTutor, toMySubmission, toTutorSummary, tutorRecordColumns, tutorSummaryColumns } from './views';

/**
 * Names at least this similar (pg_trgm similarity, 0..1) count as possible duplicates. The index
 * finds candidates with `%`, at pg_trgm's own threshold (pg_trgm.similarity_threshold, 0.3
 * unless a server is configured otherwise): this one must not be lower.
 */
const SIMILAR_NAME_THRESHOLD = 0.3;
/**
 * Shorter input is too unspecific for "resembles" or "contains what was typed" to mean anything
 * (the form asks from three letters on), and its trigrams are in thousands of names: only an
 * exact name is looked up for it.
 */
const RESEMBLANCE_MIN_LENGTH = 3;

// Each order ends in the id so pages never overlap or skip a tutor among ties. The public
// orders match the partial indexes tutors_public_{ranking,reviews,name}_idx exactly: keep them
// in step, or the list sorts the whole table. "Highest rated" is the weighted score (see
// tutors.rankingScore), not the mean the cards show.
const orderByRating = [
  sql`${tutors.rankingScore} desc nulls last`,
  desc(tutors.reviewCount),
  asc(tutors.normalizedName),
  asc(tutors.id),
];
const orderByReviews = [
  desc(tutors.reviewCount),
  sql`${tutors.averageRating} desc nulls last`,
  asc(tutors.normalizedName),
  asc(tutors.id),
];
const orderByName = [asc(tutors.normalizedName), asc(tutors.id)];

const tutorOrders: Record<AdminTutorSort, SQL[]> = {
  rating: orderByRating,
  reviews: orderByReviews,
  name: orderByName,
  newest: [desc(tutors.createdAt), desc(tutors.id)],
  oldest: [asc(tutors.createdAt), asc(tutors.id)],
};

/**
 * Every word of the query occurs somewhere in name, department or courses: a substring match
 * of tutor_search found through trigrams (pg_trgm) from three letters on, through letter pairs
 * for two.
 */
function searchTextHas(words: readonly string[]): SQL | undefined {
  return and(
    ...words.map((word) => {
      const substring = like(tutorSearch.searchText, `%${escapeLike(word)}%`);
      // The pair is a condition the substring implies; it lets PostgreSQL use tutor_search_bigrams_idx.
      if ([...word].length !== 2) return substring;
      return and(sql`search_bigrams(${tutorSearch.searchText}) @> array[${word}]::text[]`, substring);
    }),
  );
}

/** The tutors the query's words find (none searched for: undefined, every tutor). */
function matchesSearch(query: string | undefined): SQL | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  return sql`${tutors.id} in (select ${tutorSearch.tutorId} from ${tutorSearch} where ${searchTextHas(words)})`;
}

async function countTutors(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tutors).where(where);
  return row?.total ?? 0;
}

/** The same match as searchTextHas, on the tutor's own copy of its text: checked row by row, no index. */
function ownSearchTextHas(words: readonly string[]): SQL | undefined {
  return and(...words.map((word) => like(tutors.searchText, `%${escapeLike(word)}%`)));
}

/** Public tutors, of the department when one is given, that `search` finds. */
function publicTutorsWhere(department: string | undefined, search: SQL | undefined): SQL | undefined {
  return and(eq(tutors.isPublic, true), search, department ? eq(tutors.department, department) : undefined);
}

const tutorCardColumns = { ...tutorSummaryColumns, rankingScore: tutors.rankingScore, courses: tutors.courses };

/**
 * A search with this many matches or more walks the order's index and keeps the matches it meets
 * (about pageSize × public tutors / matches rows read); one with fewer reads its matches through
 * tutor_search's indexes and sorts them (one row each). About where the two cost the same.
 */
const WALK_ORDER_FROM_MATCHES = 300;

/**
 * A page of the student-facing list: public tutors only, whoever asks. A search passes how many
 * tutors it matches (countPublicTutors), which decides how the page is read.
 */
export async function publicTutorPage(db: Database, query: TutorListQuery, matches?: number): Promise<TutorListItem[]> {
  const words = searchWords(query.q);
  const limit = query.pageSize;
  const offset = offsetOf(query.page, query.pageSize);
  if (words.length > 0 && matches === 0) return [];
  const searched = () => {
    const walk = matches !== undefined && matches >= WALK_ORDER_FROM_MATCHES;
    return db
      .select(tutorCardColumns)
      .from(tutors)
      .where(publicTutorsWhere(query.department, walk ? ownSearchTextHas(words) : matchesSearch(query.q)))
      .orderBy(...tutorOrders[query.sort])
      .limit(limit)
      .offset(offset);
  };
  const rows =
    words.length === 0
      ? query.department
        ? await unsearchedTutorPages[query.sort]
            .inDepartment(db)
            .execute({ department: query.department, limit, offset })
        : await unsearchedTutorPages[query.sort].all(db).execute({ limit, offset })
      : await searched();
  return rows.map(({ courses, rankingScore, ...row }) => ({
    ...toTutorSummary(row),
    rankingScore,
    topCourses: topCourses(courses, words),
    courseCount: courses.length,
  }));
}

/**
 * The courses a card shows: those a search word occurs in first, then the rest, each group in
 * the tutor's own order (the order the submitter or an admin gave them).
 */
export function topCourses(courses: readonly string[], words: readonly string[]): string[] {
  const matched = (course: string) => {
    const text = normalizeForSearch(course);
    return words.some((word) => text.includes(word));
  };
  const first = words.length > 0 ? courses.filter(matched) : [];
  const rest = courses.filter((course) => !first.includes(course));
  return [...first, ...rest].slice(0, TUTOR_CARD_COURSES);
}

/**
 * The list browsed without a search, in each order, with and without a department: prepared
 * once per database, so a page read from the database is one planned-once statement.
 */
function unsearchedPageStatement(sort: TutorSort, inDepartment: boolean) {
  return preparedStatement((db: Database) =>
    db
      .select(tutorCardColumns)
      .from(tutors)
      .where(
        and(eq(tutors.isPublic, true), inDepartment ? eq(tutors.department, sql.placeholder('department')) : undefined),
      )
      .orderBy(...tutorOrders[sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`public_tutor_page_by_${sort}${inDepartment ? '_in_department' : ''}`),
  );
}

const unsearchedTutorPages = Object.fromEntries(
  tutorSorts.map((sort) => [
    sort,
    { all: unsearchedPageStatement(sort, false), inDepartment: unsearchedPageStatement(sort, true) },
  ]),
) as Record<
  TutorSort,
  { all: ReturnType<typeof unsearchedPageStatement>; inDepartment: ReturnType<typeof unsearchedPageStatement> }
>;

/** How many public tutors the list's search and department match. */
export async function countPublicTutors(
  db: Database,
  query: Pick<TutorListQuery, 'q' | 'department'>,
): Promise<number> {
  const words = searchWords(query.q);
  if (words.length > 0) {
    // Counted in tutor_search alone: what a search filters by is all there.
    const [row] = await db
      .select({ total: count() })
      .from(tutorSearch)
      .where(
        and(
          eq(tutorSearch.isPublic, true),
          query.department ? eq(tutorSearch.department, query.department) : undefined,
          searchTextHas(words),
        ),
      );
    return row?.total ?? 0;
  }
  // Without a search the answer is kept per department (department_tutor_counts, in step with tutors).
  const [row] = query.department
    ? await publicTutorsInDepartment(db).execute({ department: query.department })
    : await publicTutorsInAll(db).execute();
  return row?.total ?? 0;
}

function countedPublicTutors(inDepartment: boolean) {
  return preparedStatement((db: Database) =>
    db
      .select({ total: sql<number>`coalesce(sum(${departmentTutorCounts.publicTutorCount}), 0)::int` })
      .from(departmentTutorCounts)
      .where(inDepartment ? eq(departmentTutorCounts.department, sql.placeholder('department')) : undefined)
      .prepare(inDepartment ? 'public_tutors_in_department' : 'public_tutors'),
  );
}
const publicTutorsInAll = countedPublicTutors(false);
const publicTutorsInDepartment = countedPublicTutors(true);

/** Departments that have public tutors, A→Z, with how many each. */
export async function listDepartments(db: Database): Promise<DepartmentList> {
  const rows = await db
    .select({ name: departmentTutorCounts.department, tutorCount: departmentTutorCounts.publicTutorCount })
    .from(departmentTutorCounts)
    .orderBy(sql`lower(${departmentTutorCounts.department})`, asc(departmentTutorCounts.department));
  return { items: rows };
}

export interface SimilarTutorsSearch {
  name: string;
  department?: string;
  excludeId?: string;
}

/**
 * Stored names that are whole words of the typed name are looked up by equality, one per run
 * of consecutive words; past this many words a name is not a name, and the runs would only
 * add lookups.
 */
const WORD_RUNS_MAX_WORDS = 12;

/** Every run of consecutive words of `name` ("dr john smith": "dr", "dr john", ..., "smith"). */
function wordRuns(name: string): string[] {
  const words = name.split(' ').slice(0, WORD_RUNS_MAX_WORDS);
  const runs = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) runs.add(words.slice(start, end).join(' '));
  }
  return [...runs];
}

/**
 * Tutors the viewer may see whose name resembles `name`: trigram-similar, containing what was
 * typed, or contained in it as whole words ("Dr John Smith" finds "John Smith"). Same
 * department first, then the most similar.
 *
 * Asked on every pause while a name is typed, so each of the three tests is one the trigram
 * index on tutor_search.normalized_name answers (`%`, `=` and LIKE): only the candidates it
 * finds are read, never the whole table.
 */
export async function findSimilarTutors(
  db: Database,
  viewer: Viewer,
  search: SimilarTutorsSearch,
): Promise<SimilarTutors> {
  const name = normalizeForSearch(search.name);
  if (!name) return { items: [] };
  const specific = name.length >= RESEMBLANCE_MIN_LENGTH;
  const similarity = sql`similarity(${tutorSearch.normalizedName}, ${name})`;
  const resembles = or(
    // `%` for the index; the threshold stated again in case a session's is lower. The threshold
    // is not set for the statement: that takes a transaction, and on the embedded database a
    // transaction counts as a change that empties every cache.
    specific
      ? and(sql`${tutorSearch.normalizedName} % ${name}`, sql`${similarity} >= ${SIMILAR_NAME_THRESHOLD}`)
      : undefined,
    // The whole stored name among the words typed, however short it is.
    inArray(tutorSearch.normalizedName, wordRuns(name)),
    specific ? like(tutorSearch.normalizedName, `%${escapeLike(name)}%`) : undefined,
  );
  const sameDepartmentFirst = search.department
    ? [sql`case when lower(${tutors.department}) = lower(${search.department}) then 0 else 1 end`]
    : [];
  const rows = await db
    .select(tutorSummaryColumns)
    .from(tutors)
    .innerJoin(tutorSearch, eq(tutorSearch.tutorId, tutors.id))
    .where(and(resembles, visibleTo(viewer), search.excludeId ? ne(tutors.id, search.excludeId) : undefined))
    .orderBy(...sameDepartmentFirst, sql`${similarity} desc`, asc(tutors.normalizedName), asc(tutors.id))
    .limit(SIMILAR_TUTORS_LIMIT);
  return { items: rows.map(toTutorSummary) };
}

/** The tutor as stored (with its rating distribution); null for an unknown or malformed id. */
export async function findTutor(db: Database, tutorId: string): Promise<TutorRow | null> {
  if (!isTutorId(tutorId)) return null;
  const [tutor] = await tutorById(db).execute({ tutorId });
  return tutor ?? null;
}

/** Every profile read starts here: prepared once per database. */
const tutorById = preparedStatement((db: Database) =>
  db
    .select()
    .from(tutors)
    .where(eq(tutors.id, sql.placeholder('tutorId')))
    .limit(1)
    .prepare('tutor_by_id'),
);

/** Everything the student submitted, newest first, whatever its status. */
export async function listMySubmissions(db: Database, viewer: Viewer): Promise<MySubmissions> {
  const rows = await db
    .select(tutorRecordColumns)
    .from(tutors)
    .where(eq(tutors.submittedBy, viewer.id))
    .orderBy(desc(tutors.createdAt), desc(tutors.id));
  return { items: rows.map(toMySubmission) };
}

/** Every tutor, public or not, with who submitted it; `status=pending&sort=oldest` is the submissions queue. */
export async function listAdminTutors(db: Database, query: AdminTutorListQuery): Promise<AdminTutorList> {
  const where = and(
    matchesSearch(query.q),
    query.status ? eq(tutors.status, query.status) : undefined,
    query.visibility ? eq(tutors.isPublic, query.visibility === 'public') : undefined,
  );
  const rows = await db
    .select({
      tutor: {
        ...tutorRecordColumns,
        courses: tutors.courses,
        // One character more than the excerpt: enough to tell whether it is cut and where a word ends.
        biographyStart: sql<string>`left(${tutors.biography}, ${BIOGRAPHY_EXCERPT_LENGTH + 1})`,
      },
      submitter: { id: users.id, name: users.name, email: users.email },
    })
    .from(tutors)
    .leftJoin(users, eq(users.id, tutors.submittedBy))
    .where(where)
    .orderBy(...tutorOrders[query.sort])
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const total = await countTutors(db, where);
  return {
    items: rows.map((row) => toAdminTutor(row.tutor, row.submitter)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
