import { isUuid } from './ids';

/*
 * The tutors' limits, choices and messages, without zod: a page that only shows tutors imports
 * them from here and never loads the schema library; tutors.ts re-exports them beside its schemas.
 */

export const TUTOR_NAME_MAX_LENGTH = 120;
export const DEPARTMENT_MAX_LENGTH = 120;
export const BIOGRAPHY_MAX_LENGTH = 5000;
export const COURSE_MAX_LENGTH = 120;
export const COURSES_MAX_COUNT = 30;
export const REJECTION_REASON_MAX_LENGTH = 1000;
export const SEARCH_QUERY_MAX_LENGTH = 100;

export const TUTOR_PAGE_SIZE = 12;
export const TUTOR_PAGE_SIZE_MAX = 48;
/** Courses a tutor card in the public list shows; the list says how many more there are. */
export const TUTOR_CARD_COURSES = 3;
export const TUTOR_REVIEWS_PAGE_SIZE = 10;
export const SIMILAR_TUTORS_LIMIT = 5;
/** How much of a biography the admin lists carry; the profile has all of it. */
export const BIOGRAPHY_EXCERPT_LENGTH = 300;
/** What ends a biography excerpt that is not the whole biography. */
export const BIOGRAPHY_CUT_MARK = '…';

export const tutorStatuses = ['pending', 'approved', 'rejected'] as const;
export type TutorStatus = (typeof tutorStatuses)[number];

/**
 * "Highest rated" ranks by a weighted score: each tutor's reviews plus this many imagined
 * reviews at the mean rating of all tutors' reviews, so one 5-star review does not outrank 200
 * that average 4.8 (a Bayesian average).
 */
export const RANKING_PRIOR_WEIGHT = 5;

export const tutorSorts = ['rating', 'reviews', 'name'] as const;
export type TutorSort = (typeof tutorSorts)[number];

export const adminTutorSorts = ['newest', 'oldest', ...tutorSorts] as const;
export type AdminTutorSort = (typeof adminTutorSorts)[number];

/** The answer to an unknown, malformed or hidden tutor id, on the API and on the page alike. */
export const TUTOR_NOT_FOUND_MESSAGE = 'No Teacher Record Found';

/** Whether a value can name a tutor at all; anything else gets the not-found answer without a query. */
export const isTutorId = isUuid;
