import { isUuid } from './ids';

/*
 * The reviews' limits, choices and messages, without zod: a page that only shows reviews imports
 * them from here and never loads the schema library; reviews.ts re-exports them beside its schemas.
 */

export const REVIEW_TITLE_MAX_LENGTH = 150;
export const REVIEW_BODY_MAX_LENGTH = 5000;
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 1000;
export const REVIEW_SEARCH_MAX_LENGTH = 100;

/** The dashboard's Recent Reviews (spec section 9). */
export const RECENT_REVIEWS_COUNT = 3;
export const ALL_REVIEWS_PAGE_SIZE = 24;
export const ALL_REVIEWS_PAGE_SIZE_MAX = 60;
/** All Reviews counts its reviews up to this many, so the count costs the same on any site ("of 1,000+"). */
export const REVIEW_FEED_COUNT_MAX = 1000;
export const MY_REVIEWS_PAGE_SIZE = 20;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** How many of a review's open reports the moderation list carries; the count covers all of them. */
export const ADMIN_REVIEW_REPORTS_SHOWN = 10;

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** The review form's one validation message (spec section 5), on the page and from the API alike. */
/** Shown in place of the author's name on a review whose author did not choose to show it. */
export const ANONYMOUS_AUTHOR_NAME = 'Anonymous student';

export const REVIEW_FORM_INCOMPLETE_MESSAGE = 'Please fill in all the fields (tutor, title, rating, and review).';
/** An unknown id, a malformed id and someone else's review all get this answer where only the author may act. */
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found.';
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this tutor. Edit your existing review instead.';
export const PUBLIC_TUTORS_ONLY_MESSAGE = 'Reviews can only be written for public tutors.';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this review.';
export const OWN_REVIEW_REPORT_MESSAGE = 'You cannot report your own review.';

/** Whether a value can name a review at all; anything else is answered as an unknown id, without a query. */
export const isReviewId = isUuid;

/** The most tutors one `tutorIds` lookup names: a page of the review form's tutor picker. */
export const MY_REVIEWS_TUTOR_IDS_MAX = 50;

export const reportReasons = ['spam', 'personal_attack', 'false_information', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  personal_attack: 'Personal attack',
  false_information: 'False information',
  other: 'Other',
};

export const REPORT_DETAILS_REQUIRED_MESSAGE = 'Tell us what is wrong with this review.';
