/**
 * What the benchmark asks of the server: the API calls behind the main pages, as the web app
 * makes them, spread over many students' sessions, pages, tutors and search words.
 */
import type autocannon from 'autocannon';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { ALL_REVIEWS_PAGE_SIZE } from '../../src/shared/reviews';
import type { ReviewFeed } from '../../src/shared/review-answers';
import { TUTOR_PAGE_SIZE } from '../../src/shared/tutors';
import type { BenchFixtures } from './dataset';
import { type FirstReview, type FirstReviews, REVIEWS_PATH, reviewPostHeaders } from './first-reviews';
import type { LoadScenario } from './load';

/** The tutor list is browsed over its first pages. */
const LIST_PAGES = 50;
/** All Reviews: the first page and this many more, each after the cursor of the one before. */
const FEED_PAGES = 5;

export const HELLO_WORLD: LoadScenario = {
  key: 'hello-world',
  name: 'Fastify hello-world (ceiling)',
  kind: 'ceiling',
  requests: [{ path: '/' }],
};

/** Hands out the items in turn, across all connections. */
function inTurn<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('Nothing to take turns over.');
  let next = 0;
  return () => items[next++ % items.length]!;
}

/** The Cookie header of a signed-in student. */
export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** A GET of the path `pathFor` picks, as a signed-in reader of the session `cookieFor` picks. */
function readerGet(cookieFor: () => string, pathFor: (context: autocannon.Context) => string): autocannon.Request {
  return {
    method: 'GET',
    setupRequest: (request, context) => ({
      ...request,
      path: pathFor(context),
      headers: { ...request.headers, accept: 'application/json', cookie: cookieFor() },
    }),
  };
}

export function readScenarios(fixtures: BenchFixtures, feedPaths: string[]): LoadScenario[] {
  const readerCookie = inTurn(fixtures.readerTokens.map(sessionCookie));
  const listPages = Math.max(1, Math.min(LIST_PAGES, Math.ceil(fixtures.publicTutorIds.length / TUTOR_PAGE_SIZE)));
  const listPage = inTurn(Array.from({ length: listPages }, (_, i) => i + 1));
  const prefix = inTurn(fixtures.searchPrefixes.map((search) => search.prefix));
  const profileTutor = inTurn(fixtures.profileTutorIds);
  const feedPath = inTurn(feedPaths);
  return [
    {
      key: 'tutor-list',
      name: 'Tutor list by rating',
      kind: 'read',
      requests: [readerGet(readerCookie, () => `/api/tutors?sort=rating&page=${listPage()}`)],
    },
    {
      key: 'tutor-search',
      name: 'Search by name prefix',
      kind: 'read',
      requests: [readerGet(readerCookie, () => `/api/tutors?q=${encodeURIComponent(prefix())}&sort=rating&page=1`)],
    },
    {
      key: 'tutor-profile',
      name: 'Tutor profile + reviews',
      kind: 'read',
      // The profile page asks for both at once; the second request follows the first on its connection.
      requests: [
        readerGet(readerCookie, (context) => {
          context.tutorId = profileTutor();
          return `/api/tutors/${context.tutorId as string}`;
        }),
        // Read "Most helpful" first, the order students ask for most.
        readerGet(readerCookie, (context) => `/api/tutors/${context.tutorId as string}/reviews?sort=helpful&page=1`),
      ],
    },
    {
      key: 'all-reviews',
      name: 'All Reviews feed',
      kind: 'read',
      requests: [readerGet(readerCookie, () => feedPath())],
    },
  ];
}

/**
 * Review submission: every POST is a first review of its tutor by its writer. Request i goes
 * to writer i mod W and, for them, the (i div W)-th tutor of a walk through the public tutors
 * that starts at a different place per writer, so concurrent submissions rarely wait on the
 * same tutor's row; pairs the run has used already (in an earlier scenario) are skipped.
 */
export function submissionScenario(fixtures: BenchFixtures, origin: string, firstReviews: FirstReviews): LoadScenario {
  const writers = firstReviews.writers;
  const tutors = fixtures.publicTutorIds;
  const spread = Math.max(1, Math.floor(tutors.length / writers));
  let walked = 0;
  const nextReview = (): FirstReview => {
    while (walked < writers * tutors.length) {
      const i = walked++;
      const writer = i % writers;
      const next = firstReviews.take(writer, tutors[(Math.floor(i / writers) + writer * spread) % tutors.length]!);
      if (next) return next;
    }
    throw new Error('Every writer has reviewed every public tutor.');
  };
  return {
    key: 'submit-review',
    name: 'Review submission',
    kind: 'write',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { cookie, review } = nextReview();
          return {
            ...request,
            path: REVIEWS_PATH,
            headers: { ...request.headers, ...reviewPostHeaders(origin, cookie) },
            body: JSON.stringify(review),
          };
        },
      },
    ],
  };
}

/** A signed-in reader's GET of an API path, answered 200 with JSON. */
export async function readAs<T>(baseUrl: string, apiPath: string, cookie: string): Promise<T> {
  const response = await fetch(baseUrl + apiPath, { headers: { cookie, accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`GET ${apiPath} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
}

/** The All Reviews page's requests: the first page, then each next page through its cursor. */
export async function feedPaths(baseUrl: string, token: string): Promise<string[]> {
  const paths = [`/api/reviews?limit=${ALL_REVIEWS_PAGE_SIZE}`];
  while (paths.length < FEED_PAGES) {
    const feed = await readAs<ReviewFeed>(baseUrl, paths.at(-1)!, sessionCookie(token));
    if (!feed.nextCursor) break;
    paths.push(`/api/reviews?cursor=${feed.nextCursor}&limit=${ALL_REVIEWS_PAGE_SIZE}`);
  }
  return paths;
}
