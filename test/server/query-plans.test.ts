import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { everythingChanged } from '../../src/server/cache/data-changes';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { apiPaths } from '../../src/shared/api-paths';
import { type BenchFixtures, prepareDataset } from '../../tools/bench/dataset';
import { SMALL_SIZE } from '../../tools/bench/options';
import { createTestApp, type TestApp } from '../helpers/app';
import { openTestDatabase, type TestDatabase, testDatabaseEngine } from '../helpers/database';
import { request } from '../helpers/requests';
import { fullTier } from '../helpers/test-tier';
import '../setup/provided-context';

/**
 * The benchmark's endpoints must read tutors and reviews through indexes, never by reading
 * the whole table (PostgreSQL only: that is where the targets are set, and the embedded engine
 * plans the same way). On a few hundred rows the planner rightly prefers a sequential scan, so
 * `npm run test:full` takes the plans on a dataset of university size. `npm test` takes them on
 * the benchmark's CI size with sequential scans priced out of the planner's choice: one that is
 * still chosen there has no index that could serve the query.
 */
const UNIVERSITY_SIZE = { tutors: 20_000, reviews: 200_000, students: 5_000 };
const SIZE = fullTier ? UNIVERSITY_SIZE : SMALL_SIZE;
const WHOLE_TABLE_SCANS_FORBIDDEN_ON = new Set(['tutors', 'tutor_search', 'reviews']);

interface Statement {
  text: string;
  values: unknown[];
}

const onPostgres = testDatabaseEngine() === 'postgres';

describe.runIf(onPostgres)(`query plans of the benchmarked endpoints at ${fullTier ? 'university' : 'CI'} size`, () => {
  /** The test's own database (dropped when closed); `database` is the app's recording handle on it. */
  let target: TestDatabase;
  let database: TestDatabase;
  let t: TestApp;
  let fixtures: BenchFixtures;
  let explainer: pg.Client;
  const recorded: Statement[] = [];

  beforeAll(async () => {
    target = await openTestDatabase();
    fixtures = (await prepareDataset({ kind: 'postgres', url: target.url! }, SIZE, () => undefined)).fixtures;
    database = await openDatabaseRecordingStatements(target.url!, recorded);
    t = await createTestApp({ database });
    explainer = new pg.Client({ connectionString: target.url });
    await explainer.connect();
    // As autovacuum would have long since: a live site's tables have their visibility map set.
    await explainer.query('vacuum analyze tutors, reviews');
    if (!fullTier) await explainer.query('set enable_seqscan = off');
  }, 300_000);

  afterAll(async () => {
    await explainer?.end();
    await t?.close();
    await database?.close();
    await target?.close();
  });

  /** The statements one request runs, with nothing answered from memory. */
  async function statementsOf(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
  ): Promise<Statement[]> {
    database.changeFeed.publish([everythingChanged('each request reads from the database')]);
    recorded.length = 0;
    const response = await request(t.app, method, url, { as: `${SESSION_COOKIE}=${token}`, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return [...recorded];
  }

  async function wholeTableScans(statements: Statement[]): Promise<string[]> {
    const found: string[] = [];
    for (const statement of statements) {
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.text)) continue;
      const { rows } = await explainer.query<{ 'QUERY PLAN': PlanRoot[] }>({
        text: `explain (format json) ${statement.text}`,
        values: statement.values,
      });
      for (const node of planNodes(rows[0]!['QUERY PLAN'][0]!.Plan)) {
        if (node['Node Type'] === 'Seq Scan' && WHOLE_TABLE_SCANS_FORBIDDEN_ON.has(node['Relation Name'] ?? '')) {
          found.push(`${node['Relation Name']} in: ${statement.text}`);
        }
      }
    }
    return found;
  }

  const reader = () => fixtures.readerTokens[0]!;
  const prefixWithMatches = (which: 'most' | 'fewest') => {
    const sorted = [...fixtures.searchPrefixes].sort((a, b) => a.matches - b.matches);
    return (which === 'most' ? sorted.at(-1) : sorted[0])!.prefix;
  };
  const twoLetterPrefix = () => {
    const found = fixtures.searchPrefixes.find(({ prefix }) => prefix.length === 2);
    if (!found) throw new Error('The dataset has no two-letter name prefix.');
    return found.prefix;
  };

  test.each([
    ['the tutor list sorted by rating', () => `${apiPaths.tutors}?sort=rating`],
    ['a deep page of it', () => `${apiPaths.tutors}?sort=rating&page=200`],
    ['search by a name prefix', () => `${apiPaths.tutors}?q=${fixtures.searchPrefixes[0]!.prefix}`],
    // Two letters have no trigram: without tutor_search_bigrams_idx its count reads every tutor.
    ['search by two letters', () => `${apiPaths.tutors}?q=${twoLetterPrefix()}`],
    // Read two ways by how many tutors match: walking the order's index, or through tutor_search's.
    ['the search with the most matches', () => `${apiPaths.tutors}?q=${prefixWithMatches('most')}`],
    ['the search with the fewest matches', () => `${apiPaths.tutors}?q=${prefixWithMatches('fewest')}`],
    ['a tutor profile', () => apiPaths.tutor(fixtures.popularTutorId)],
    ['its first page of reviews', () => `${apiPaths.tutorReviews(fixtures.popularTutorId)}?page=1`],
    ['All Reviews', () => apiPaths.reviews],
    // The duplicates hint, asked on every pause in typing a name: a common name, a misspelt
    // one, one with a title in front, and the shortest the form asks about.
    ['similar names to a full name', () => `${apiPaths.similarTutors}?name=Jon%20Smith&department=Physics`],
    ['similar names to a longer name', () => `${apiPaths.similarTutors}?name=Dr%20Maria%20Garcia%20Lopez`],
    ['similar names to three letters', () => `${apiPaths.similarTutors}?name=mar`],
  ])('%s reads no whole table', async (_name, url) => {
    const statements = await statementsOf('GET', url(), reader());
    expect(statements.length).toBeGreaterThan(0);
    expect(await wholeTableScans(statements)).toEqual([]);
  });

  test('the next page of All Reviews reads no whole table', async () => {
    const first = await request(t.app, 'GET', apiPaths.reviews, { as: `${SESSION_COOKIE}=${reader()}` });
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    expect(await wholeTableScans(await statementsOf('GET', `${apiPaths.reviews}?cursor=${cursor}`, reader()))).toEqual(
      [],
    );
  });

  test('review submission reads no whole table, in two statements and no transaction', async () => {
    const statements = await statementsOf('POST', apiPaths.reviews, fixtures.writerTokens[0]!, {
      tutorId: fixtures.publicTutorIds[0],
      title: 'Plans',
      body: 'Checked through EXPLAIN.',
      rating: 4,
    });
    // The write-limit counter, then the review with its tutor's count in one statement.
    const writes = statements.filter((statement) => !/^\s*select\b/i.test(statement.text));
    expect(writes).toHaveLength(2);
    expect(writes[0]!.text).toMatch(/^\s*insert into "rate_limits"/i);
    expect(writes[1]!.text).toMatch(/^\s*with "counted" as \(update "tutors" .* insert into "reviews"/is);
    expect(await wholeTableScans(statements)).toEqual([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
interface PlanRoot {
  Plan: PlanNode;
}

function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}

/** The app's database handle, with every statement its connections send written down. */
async function openDatabaseRecordingStatements(url: string, recorded: Statement[]): Promise<TestDatabase> {
  const { openDatabase } = await import('../../src/server/db/client');
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const pools = [handle.db, handle.writer].map((db) => (db as unknown as { $client: pg.Pool }).$client);
  for (const pool of pools)
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: typeof query }).query = (...args) => {
        const [first, second] = args;
        if (typeof first === 'string') recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
        else if (first && typeof first === 'object' && 'text' in first) {
          const config = first as { text: string; values?: unknown[] };
          recorded.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
        }
        return query(...args);
      };
    });
  return { ...handle, url };
}
