import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';
import { imageKeySchema, storedImageSchema } from './uploads';
import {
  adminTutorSorts,
  BIOGRAPHY_MAX_LENGTH,
  COURSE_MAX_LENGTH,
  COURSES_MAX_COUNT,
  DEPARTMENT_MAX_LENGTH,
  REJECTION_REASON_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  TUTOR_CARD_COURSES,
  TUTOR_NAME_MAX_LENGTH,
  TUTOR_PAGE_SIZE,
  TUTOR_PAGE_SIZE_MAX,
  tutorSorts,
  tutorStatuses,
} from './tutors-constants';
import { requiredText } from './validation';

export * from './tutors-constants';

export const tutorStatusSchema = z.enum(tutorStatuses);

export const tutorSortSchema = z.enum(tutorSorts);

export const adminTutorSortSchema = z.enum(adminTutorSorts);

const courseSchema = requiredText('Course name', COURSE_MAX_LENGTH);

/** What a student fills in on the Add Tutor form. */
export const tutorSubmissionSchema = z.object({
  name: requiredText('Name', TUTOR_NAME_MAX_LENGTH),
  department: requiredText('Department', DEPARTMENT_MAX_LENGTH),
  biography: requiredText('Biography', BIOGRAPHY_MAX_LENGTH),
  courses: z.array(courseSchema).max(COURSES_MAX_COUNT, `At most ${COURSES_MAX_COUNT} courses.`).default([]),
  imageKey: imageKeySchema.nullable().default(null),
});
export type TutorSubmission = z.infer<typeof tutorSubmissionSchema>;
export type TutorSubmissionInput = z.input<typeof tutorSubmissionSchema>;

/** The admin's Add Teacher form: a picture is required and the admin decides visibility. */
export const adminTutorInputSchema = tutorSubmissionSchema.extend({
  imageKey: imageKeySchema,
  isPublic: z.boolean().default(true),
});
export type AdminTutorInput = z.infer<typeof adminTutorInputSchema>;
export type AdminTutorInputDraft = z.input<typeof adminTutorInputSchema>;

export const rejectTutorSchema = z.object({
  reason: requiredText('A reason', REJECTION_REASON_MAX_LENGTH),
});
export type RejectTutorRequest = z.infer<typeof rejectTutorSchema>;

/** How many visible reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
export const ratingDistributionSchema = z.array(z.number().int().nonnegative()).length(5);

export const tutorSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  department: z.string(),
  image: storedImageSchema.nullable(),
  /** The true mean of visible reviews; null when there are none ('No ratings yet'). */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  isPublic: z.boolean(),
  status: tutorStatusSchema,
});
export type TutorSummary = z.infer<typeof tutorSummarySchema>;

/** A tag or a course with how many visible reviews gave or named it. */
const countedNameSchema = z.object({ name: z.string(), reviewCount: z.number().int().positive() });

/** What a tutor's visible reviews say together, beside the average and the distribution. */
export const tutorReviewSummarySchema = z.object({
  /** Reviews written in the last RECENT_REVIEW_MONTHS months: their true mean (null without any) and count. */
  recent: z.object({ averageRating: z.number().nullable(), reviewCount: z.number().int().nonnegative() }),
  /** The mean difficulty of the reviews that gave one; null when none did. */
  averageDifficulty: z.number().nullable(),
  difficultyCount: z.number().int().nonnegative(),
  /** The share (0-100, rounded) of "Would take again?" answers that said Yes; null when none answered. */
  wouldTakeAgainPercent: z.number().int().min(0).max(100).nullable(),
  wouldTakeAgainCount: z.number().int().nonnegative(),
  /** The most given tags, most first (at most PROFILE_TOP_TAGS). */
  topTags: z.array(countedNameSchema),
  /** Every course the reviews named, most reviewed first. */
  courses: z.array(countedNameSchema),
});
export type TutorReviewSummary = z.infer<typeof tutorReviewSummarySchema>;

export const tutorProfileSchema = tutorSummarySchema.extend({
  biography: z.string(),
  courses: z.array(z.string()),
  ratingDistribution: ratingDistributionSchema,
  reviewSummary: tutorReviewSummarySchema,
  /** Shown to the submitter and admins only; null for everyone else. */
  rejectionReason: z.string().nullable(),
  submittedByMe: z.boolean(),
  /** An account was approved as the tutor's own ("Claimed by the tutor"): nobody else may claim it. */
  claimed: z.boolean(),
  /** The caller is the tutor's account: it may respond to the reviews. */
  claimedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TutorProfile = z.infer<typeof tutorProfileSchema>;

const tutorPageQuery = pageQuery(TUTOR_PAGE_SIZE, TUTOR_PAGE_SIZE_MAX);

const searchQuery = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX_LENGTH, `Search at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
  .optional();

export const tutorListQuerySchema = z.object({
  /** Matches name, department or course: case- and accent-insensitive, every word as a substring. */
  q: searchQuery,
  department: z.string().trim().max(DEPARTMENT_MAX_LENGTH).optional(),
  sort: tutorSortSchema.default('rating'),
  ...tutorPageQuery,
});
export type TutorListQuery = z.infer<typeof tutorListQuerySchema>;
export type TutorListQueryInput = z.input<typeof tutorListQuerySchema>;

/**
 * A tutor in the public list: the summary and the first few of its courses, the ones a search
 * matched first (a student who searched "calculus" sees that course on the card).
 */
export const tutorListItemSchema = tutorSummarySchema.extend({
  /**
   * What "Highest rated" orders by: the mean pulled toward the mean of all reviews while the
   * reviews are few (see RANKING_PRIOR_WEIGHT); null without reviews. Cards show the true mean.
   */
  rankingScore: z.number().nullable(),
  topCourses: z.array(z.string()).max(TUTOR_CARD_COURSES),
  /** All of the tutor's courses, so a card can say how many more the profile lists. */
  courseCount: z.number().int().nonnegative(),
});
export type TutorListItem = z.infer<typeof tutorListItemSchema>;

export const tutorListSchema = pageOf(tutorListItemSchema);
export type TutorList = z.infer<typeof tutorListSchema>;

export const departmentListSchema = z.object({
  items: z.array(z.object({ name: z.string(), tutorCount: z.number().int() })),
});
export type DepartmentList = z.infer<typeof departmentListSchema>;

export const similarTutorsQuerySchema = z.object({
  name: z.string().trim().min(1).max(TUTOR_NAME_MAX_LENGTH),
  department: z.string().trim().max(DEPARTMENT_MAX_LENGTH).optional(),
  /** While editing a submission, the submission itself is not its own duplicate. */
  excludeId: z.uuid().optional(),
});
export type SimilarTutorsQuery = z.input<typeof similarTutorsQuerySchema>;

export const similarTutorsSchema = z.object({ items: z.array(tutorSummarySchema) });
export type SimilarTutors = z.infer<typeof similarTutorsSchema>;

/** A student's own submission, with where it stands. */
export const mySubmissionSchema = tutorSummarySchema.extend({
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;

export const mySubmissionsSchema = z.object({ items: z.array(mySubmissionSchema) });
export type MySubmissions = z.infer<typeof mySubmissionsSchema>;

export const adminTutorListQuerySchema = z.object({
  q: searchQuery,
  status: tutorStatusSchema.optional(),
  visibility: z.enum(['public', 'private']).optional(),
  sort: adminTutorSortSchema.default('newest'),
  ...tutorPageQuery,
});
export type AdminTutorListQuery = z.infer<typeof adminTutorListQuerySchema>;
export type AdminTutorListQueryInput = z.input<typeof adminTutorListQuerySchema>;

export const adminTutorSchema = mySubmissionSchema.extend({
  courses: z.array(z.string()),
  /**
   * The biography whole, or its first BIOGRAPHY_EXCERPT_LENGTH characters at most, cut between
   * words and ending with '…' (BIOGRAPHY_CUT_MARK; the full profile has the rest).
   */
  biographyExcerpt: z.string(),
  submittedBy: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminTutor = z.infer<typeof adminTutorSchema>;

export const adminTutorListSchema = pageOf(adminTutorSchema);
export type AdminTutorList = z.infer<typeof adminTutorListSchema>;

export const tutorResponseSchema = z.object({ tutor: tutorProfileSchema });
export type TutorResponse = z.infer<typeof tutorResponseSchema>;
