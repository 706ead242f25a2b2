import { apiPaths } from './api-paths';
import { withQuery } from './query-string';
import type { MyReviewsQueryInput } from './reviews';
import type { TutorListQueryInput } from './tutors';
import { isTutorId, type TutorSort, tutorSorts } from './tutors-constants';

/*
 * The API answers a signed-in page asks for first, worked out from the page's URL. The web app's
 * queries build their URLs here, and the server announces the same URLs with the page
 * (`Link: rel=preload`), so the answers travel beside the page's scripts and the browser hands
 * them to those queries instead of asking again. Plain functions, no zod: pages that only read
 * import them.
 */

export const DEFAULT_TUTOR_SORT: TutorSort = 'rating';
/** A tutor profile's page of reviews lives in its URL beside any other parameter of the page. */
export const TUTOR_REVIEWS_PAGE_PARAM = 'reviewsPage';

/** A `?page=` value as a page number: anything that is not a positive whole number is page 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The tutor list's query as its page's URL gives it: every value checked, the defaults filled in. */
export interface TutorListPageQuery extends TutorListQueryInput {
  q: string | undefined;
  department: string | undefined;
  sort: TutorSort;
  page: number;
}

export function tutorListQuery(searchParams: URLSearchParams): TutorListPageQuery {
  const sort = searchParams.get('sort');
  return {
    q: searchParams.get('q')?.trim() || undefined,
    department: searchParams.get('department') || undefined,
    sort: tutorSorts.find((option) => option === sort) ?? DEFAULT_TUTOR_SORT,
    page: pageFromParam(searchParams.get('page')),
  };
}

export const tutorListUrl = (query: TutorListQueryInput) => withQuery(apiPaths.tutors, query);
export const tutorReviewsUrl = (tutorId: string, page: number) => withQuery(apiPaths.tutorReviews(tutorId), { page });
/** A student's own review of one tutor: the one item of their reviews filtered to that tutor. */
export const myReviewOfTutorQuery = (tutorId: string): MyReviewsQueryInput => ({ tutorId, pageSize: 1 });
export const myReviewOfTutorUrl = (tutorId: string) => withQuery(apiPaths.myReviews, myReviewOfTutorQuery(tutorId));

const TUTOR_LIST_PAGE = /^\/user\/tutors\/?$/i;
const TUTOR_PROFILE_PAGE = /^\/user\/tutorprofile\/([^/]+)\/?$/i;

/** What the student's tutor list and tutor profile ask for first, by their URL; nothing for other pages. */
export function firstPageDataUrls(pathname: string, searchParams: URLSearchParams): string[] {
  if (TUTOR_LIST_PAGE.test(pathname)) return [tutorListUrl(tutorListQuery(searchParams)), apiPaths.tutorDepartments];
  const tutorId = TUTOR_PROFILE_PAGE.exec(pathname)?.[1];
  if (isTutorId(tutorId)) {
    const reviewsPage = pageFromParam(searchParams.get(TUTOR_REVIEWS_PAGE_PARAM));
    return [apiPaths.tutor(tutorId), tutorReviewsUrl(tutorId, reviewsPage), myReviewOfTutorUrl(tutorId)];
  }
  return [];
}
