import { apiPaths } from './api-paths';
import { pageFromParam, withQuery } from './query-string';
import type { TutorReviewSort } from './reviews-constants';
import type { MyReviewsQueryInput } from './my-reviews';
import type { TutorListQueryInput } from './tutors';
import { COURSE_MAX_LENGTH, isTutorId, type TutorSort, tutorSorts } from './tutors-constants';

/*
 * The API answers a signed-in page asks for first, worked out from the page's URL. The web app's
 * queries build their URLs here, and the server writes the answers to the same URLs into the
 * page (first-answers.ts), so the page has them with its HTML and its queries take them instead
 * of asking. Plain functions, no zod: pages that only read import them.
 */

export const DEFAULT_TUTOR_SORT: TutorSort = 'rating';
/** A tutor profile's page of reviews lives in its URL beside any other parameter of the page. */
export const TUTOR_REVIEWS_PAGE_PARAM = 'reviewsPage';
/** The order and filters of a tutor's reviews, in the profile's URL beside the page of reviews. */
export const tutorReviewsParams = {
  sort: 'reviewsSort',
  course: 'reviewsCourse',
  rating: 'reviewsRating',
  recent: 'reviewsRecent',
} as const;
export const DEFAULT_TUTOR_REVIEW_SORT: TutorReviewSort = 'newest';
/**
 * tutorReviewSorts written out (the compiler checks that the two agree): importing the reviews'
 * constants here would load them on every page that builds its URLs here.
 */
const TUTOR_REVIEW_SORTS = ['newest', 'helpful', 'highest', 'lowest'] as const satisfies readonly TutorReviewSort[];
type Never<T extends never> = T;
export type EveryTutorReviewSortListed = Never<Exclude<TutorReviewSort, (typeof TUTOR_REVIEW_SORTS)[number]>>;

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

/** A tutor's reviews as its profile's URL asks for them: every value checked, the defaults filled in. */
export interface TutorReviewsPageQuery {
  sort: TutorReviewSort;
  /** Only reviews that name this course. */
  course: string | undefined;
  /** Only reviews with this many stars. */
  rating: number | undefined;
  /** Only reviews of the last RECENT_REVIEW_MONTHS months. */
  recent: boolean;
  page: number;
}

export function tutorReviewsQuery(searchParams: URLSearchParams): TutorReviewsPageQuery {
  const sort = searchParams.get(tutorReviewsParams.sort);
  const course = searchParams.get(tutorReviewsParams.course)?.trim();
  const rating = searchParams.get(tutorReviewsParams.rating);
  return {
    sort: TUTOR_REVIEW_SORTS.find((option) => option === sort) ?? DEFAULT_TUTOR_REVIEW_SORT,
    // Longer than any course can be: the API would refuse it, and no review names it.
    course: course && course.length <= COURSE_MAX_LENGTH ? course : undefined,
    // One to five stars, as the API's query takes them.
    rating: rating && /^[1-5]$/.test(rating) ? Number(rating) : undefined,
    recent: searchParams.get(tutorReviewsParams.recent) === '1',
    page: pageFromParam(searchParams.get(TUTOR_REVIEWS_PAGE_PARAM)),
  };
}

/** Whether the reviews are narrowed at all (the order alone narrows nothing). */
export const tutorReviewsFiltered = (query: TutorReviewsPageQuery) =>
  query.course !== undefined || query.rating !== undefined || query.recent;

/** The default order and no filter are left out, so equal lists have one URL (and one kept answer). */
export const tutorReviewsUrl = (tutorId: string, query: TutorReviewsPageQuery) =>
  withQuery(apiPaths.tutorReviews(tutorId), {
    sort: query.sort === DEFAULT_TUTOR_REVIEW_SORT ? undefined : query.sort,
    course: query.course,
    rating: query.rating,
    recent: query.recent ? 1 : undefined,
    page: query.page,
  });
/** A student's own review of one tutor: the one item of their reviews filtered to that tutor. */
export const myReviewOfTutorQuery = (tutorId: string): MyReviewsQueryInput => ({ tutorId, pageSize: 1 });
export const myReviewOfTutorUrl = (tutorId: string) => withQuery(apiPaths.myReviews, myReviewOfTutorQuery(tutorId));

const TUTOR_LIST_PAGE = /^\/user\/tutors\/?$/i;
const TUTOR_PROFILE_PAGE = /^\/user\/tutorprofile\/([^/]+)\/?$/i;

/**
 * What the student's tutor list and tutor profile ask for first, by their URL; nothing for other
 * pages. A profile's first three are its data; the AI summary and the caller's claims come after,
 * for the loader to take only where the tutor shows them (a page drops what it does not take).
 */
export function firstPageDataUrls(pathname: string, searchParams: URLSearchParams): string[] {
  if (TUTOR_LIST_PAGE.test(pathname)) return [tutorListUrl(tutorListQuery(searchParams)), apiPaths.tutorDepartments];
  const tutorId = TUTOR_PROFILE_PAGE.exec(pathname)?.[1];
  if (isTutorId(tutorId)) {
    return [
      apiPaths.tutor(tutorId),
      tutorReviewsUrl(tutorId, tutorReviewsQuery(searchParams)),
      myReviewOfTutorUrl(tutorId),
      apiPaths.tutorReviewSummary(tutorId),
      apiPaths.myTutorClaims,
    ];
  }
  return [];
}
