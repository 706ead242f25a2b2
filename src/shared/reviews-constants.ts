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

/** How hard the tutor's course or sessions were, 1 (easy) to 5 (very hard); optional. */
export const MIN_DIFFICULTY = 1;
export const MAX_DIFFICULTY = 5;

/** The course a review may name besides the tutor's own: the tutor taught it, but it is not on the profile. */
export const COURSE_NOT_LISTED = 'Other / not listed';

export const termSeasons = ['spring', 'summer', 'fall', 'winter'] as const;
export type TermSeason = (typeof termSeasons)[number];
export const termSeasonLabels: Record<TermSeason, string> = {
  spring: 'Spring',
  summer: 'Summer',
  fall: 'Fall',
  winter: 'Winter',
};
/** The earliest year a review's term may name; the latest is the current one. */
export const TERM_YEAR_MIN = 1990;
export const TERM_IN_FUTURE_MESSAGE = 'The term cannot be later than this year.';

/** "Spring 2026". */
export function termLabel(term: { season: TermSeason; year: number }): string {
  return `${termSeasonLabels[term.season]} ${term.year}`;
}

/** A review carries at most this many tags, chosen from the list an administrator keeps in Settings. */
export const REVIEW_TAGS_MAX = 3;
export const REVIEW_TAG_MAX_LENGTH = 40;
/** The longest list of tags an administrator may offer. */
export const REVIEW_TAG_CHOICES_MAX = 30;
/** The tags offered until an administrator changes the list. */
export const DEFAULT_REVIEW_TAGS = [
  'Clear explanations',
  'Patient',
  'Gives good feedback',
  'Well organized',
  'Responsive',
  'Inspiring',
  'Tough grader',
  'Lots of homework',
  'Strict about attendance',
  'Flexible schedule',
] as const;
export const UNKNOWN_REVIEW_TAG_MESSAGE = 'Choose tags from the list.';
export const UNKNOWN_REVIEW_COURSE_MESSAGE = "Choose one of the tutor's courses, or Other / not listed.";

/** "Last 12 months" on a tutor's profile and in its review filter. */
export const RECENT_REVIEW_MONTHS = 12;

/** The orders of a tutor's reviews; newest first unless the reader chooses another. */
export const tutorReviewSorts = ['newest', 'helpful', 'highest', 'lowest'] as const;
export type TutorReviewSort = (typeof tutorReviewSorts)[number];
export const tutorReviewSortLabels: Record<TutorReviewSort, string> = {
  newest: 'Newest',
  helpful: 'Most helpful',
  highest: 'Highest rating',
  lowest: 'Lowest rating',
};
export const OWN_REVIEW_HELPFUL_MESSAGE = 'You cannot mark your own review helpful.';
/** Helpful votes rank reviews by what students found useful: a moderator's would tilt that. */
export const STUDENTS_ONLY_HELPFUL_MESSAGE = 'Only students mark reviews helpful.';

/** How many of a tutor's most given tags the profile lists. */
export const PROFILE_TOP_TAGS = 5;

/** Shown in place of the author's name on a review whose author did not choose to show it. */
export const ANONYMOUS_AUTHOR_NAME = 'Anonymous student';

/** The review form's one validation message (spec section 5), on the page and from the API alike. */
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
