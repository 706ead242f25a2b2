import { z } from 'zod';
import { REVIEW_BODY_MAX_LENGTH } from './reviews-constants';
import { REJECTION_REASON_MAX_LENGTH } from './tutors-constants';
import { requiredText } from './validation';

// The tutor's side of the reviews: an account claims a tutor's profile, an administrator
// decides, and the approved account answers reviews with one public response each.

export const CLAIM_MESSAGE_MAX_LENGTH = 1000;
/** A response is as long as a review's text may be. */
export const RESPONSE_BODY_MAX_LENGTH = REVIEW_BODY_MAX_LENGTH;

export const OWN_PROFILE_REVIEW_MESSAGE = 'You cannot review your own tutor profile.';
export const OWN_PROFILE_HELPFUL_MESSAGE = 'You cannot mark reviews of your own tutor profile as helpful.';
export const ALREADY_A_TUTOR_MESSAGE = 'Your account already manages a tutor profile.';
export const PROFILE_ALREADY_CLAIMED_MESSAGE = 'This profile has already been claimed by the tutor.';
export const CLAIM_PENDING_MESSAGE = 'Your claim of this profile is already waiting for an administrator.';
export const ONLY_THE_TUTOR_RESPONDS_MESSAGE = "Only the tutor's own account can respond to its reviews.";

/** 'released': approved once, then an administrator took the profile back from the account. */
export const tutorClaimStatuses = ['pending', 'approved', 'rejected', 'released'] as const;
export const tutorClaimStatusSchema = z.enum(tutorClaimStatuses);
export type TutorClaimStatus = z.infer<typeof tutorClaimStatusSchema>;

/** 'Claim this profile': an optional word to the administrator who decides. */
export const createTutorClaimSchema = z.object({
  message: z
    .string()
    .trim()
    .max(CLAIM_MESSAGE_MAX_LENGTH, `A message must be at most ${CLAIM_MESSAGE_MAX_LENGTH} characters.`)
    .optional()
    .transform((message) => message || null),
});
export type CreateTutorClaimInput = z.input<typeof createTutorClaimSchema>;

export const rejectTutorClaimSchema = z.object({
  reason: requiredText('A reason', REJECTION_REASON_MAX_LENGTH),
});
export type RejectTutorClaimRequest = z.infer<typeof rejectTutorClaimSchema>;
/** Releasing an approved claim takes a reason too: the account is told why it no longer manages the profile. */
export const releaseTutorClaimSchema = rejectTutorClaimSchema;
export type ReleaseTutorClaimRequest = RejectTutorClaimRequest;

/** A claim as its requester sees it. */
export const myTutorClaimSchema = z.object({
  id: z.uuid(),
  tutor: z.object({ id: z.uuid(), name: z.string() }),
  message: z.string().nullable(),
  status: tutorClaimStatusSchema,
  /** Why an administrator rejected the claim, or released the profile after approving it. */
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type MyTutorClaim = z.infer<typeof myTutorClaimSchema>;
export const myTutorClaimsSchema = z.object({ items: z.array(myTutorClaimSchema) });
export type MyTutorClaims = z.infer<typeof myTutorClaimsSchema>;
export const tutorClaimAnswerSchema = z.object({ claim: myTutorClaimSchema });

/**
 * A claim as an administrator judges it: who asks, with their address, whether it is verified
 * and its domain (a university address says more than a free mail one).
 */
export const adminTutorClaimSchema = myTutorClaimSchema.extend({
  requester: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    emailDomain: z.string(),
  }),
  /** The account that holds the profile now, if any: approving is refused while one does. */
  tutorClaimedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AdminTutorClaim = z.infer<typeof adminTutorClaimSchema>;

export const adminTutorClaimListQuerySchema = z.object({
  status: tutorClaimStatusSchema.default('pending'),
});
export type AdminTutorClaimListQueryInput = z.input<typeof adminTutorClaimListQuerySchema>;
export const adminTutorClaimListSchema = z.object({ items: z.array(adminTutorClaimSchema) });
export type AdminTutorClaimList = z.infer<typeof adminTutorClaimListSchema>;
export const adminTutorClaimAnswerSchema = z.object({ claim: adminTutorClaimSchema });

export const tutorClaimPathParamsSchema = z.object({ claimId: z.string() });

/** What the tutor's account writes under a review. */
export const responseInputSchema = z.object({
  body: requiredText('The response', RESPONSE_BODY_MAX_LENGTH),
  /** "Submit anyway": the tutor saw what the screen found and sends the response as it is. */
  screeningAcknowledged: z.boolean().optional(),
});
export type ResponseInput = z.infer<typeof responseInputSchema>;

/**
 * "Response from the tutor", under its review. A hidden one reaches only the tutor's account
 * (with the moderator's reason) and the administrators; everyone else gets null.
 */
export const responseFromTutorSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** Held by the screen until a moderator publishes it ("Waiting for a moderator"); also hidden. */
  waitingForModerator: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ResponseFromTutor = z.infer<typeof responseFromTutorSchema>;

export const responseAnswerSchema = z.object({ response: responseFromTutorSchema });
export type ResponseAnswer = z.infer<typeof responseAnswerSchema>;
