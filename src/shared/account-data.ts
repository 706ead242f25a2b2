import { z } from 'zod';
import { languages } from './languages';
import { reviewDetailFields } from './review-answers';
import { themes } from './theme';

const timestamp = z.iso.datetime();

/** 'Download my data': everything Tutorly holds about one account, as one JSON document. */
export const accountDataSchema = z.object({
  exportedAt: timestamp,
  profile: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.string(),
    theme: z.enum(themes),
    /** The language it chose; null while it follows the browser. */
    language: z.enum(languages).nullable(),
    emailVerifiedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  reviews: z.array(
    z.object({
      id: z.uuid(),
      tutor: z.object({ id: z.uuid(), name: z.string(), department: z.string() }),
      title: z.string(),
      body: z.string(),
      rating: z.number(),
      isHidden: z.boolean(),
      hiddenReason: z.string().nullable(),
      aiAssisted: z.boolean(),
      showName: z.boolean(),
      ...reviewDetailFields,
      helpfulCount: z.number(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  /** The reviews it marked helpful. */
  helpfulVotes: z.array(z.object({ reviewId: z.uuid(), reviewTitle: z.string(), createdAt: timestamp })),
  submissions: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      department: z.string(),
      biography: z.string(),
      courses: z.array(z.string()),
      status: z.string(),
      rejectionReason: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
  reportsMade: z.array(
    z.object({
      reviewId: z.uuid(),
      reviewTitle: z.string(),
      reason: z.string(),
      details: z.string().nullable(),
      createdAt: timestamp,
      resolvedAt: timestamp.nullable(),
    }),
  ),
  /** Its reviews a moderator deleted, kept so it can appeal them, as they were. */
  deletedReviews: z.array(
    z.object({
      id: z.uuid(),
      tutor: z.object({ id: z.uuid(), name: z.string() }),
      title: z.string(),
      body: z.string(),
      rating: z.number(),
      reason: z.string(),
      deletedAt: timestamp,
    }),
  ),
  /** Its appeals of hidden or deleted reviews and how they were decided. */
  appeals: z.array(
    z.object({
      reviewId: z.uuid(),
      against: z.string(),
      text: z.string(),
      status: z.string(),
      decisionReason: z.string().nullable(),
      createdAt: timestamp,
      decidedAt: timestamp.nullable(),
    }),
  ),
  /** Its requests to be recognised as a tutor. */
  tutorClaims: z.array(
    z.object({
      tutor: z.object({ id: z.uuid(), name: z.string() }),
      message: z.string().nullable(),
      status: z.string(),
      rejectionReason: z.string().nullable(),
      createdAt: timestamp,
      decidedAt: timestamp.nullable(),
    }),
  ),
  /** The responses it wrote to reviews of its tutor profile. */
  responses: z.array(
    z.object({
      reviewId: z.uuid(),
      body: z.string(),
      isHidden: z.boolean(),
      hiddenReason: z.string().nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      data: z.record(z.string(), z.string()),
      readAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  followedDepartments: z.array(z.object({ department: z.string(), followedAt: timestamp })),
  /** The university accounts it signs in with (campus sign-in). */
  campusIdentities: z.array(
    z.object({
      protocol: z.string(),
      issuer: z.string(),
      subject: z.string(),
      linkedAt: timestamp,
      lastUsedAt: timestamp,
    }),
  ),
  sessions: z.array(
    z.object({
      userAgent: z.string().nullable(),
      clientAddress: z.string().nullable(),
      signedInWith: z.string(),
      signedInAt: timestamp,
      lastActiveAt: timestamp,
      expiresAt: timestamp,
    }),
  ),
  aiDrafts: z.array(
    z.object({
      provider: z.string(),
      model: z.string(),
      outcome: z.string().nullable(),
      createdAt: timestamp,
      finishedAt: timestamp.nullable(),
    }),
  ),
});
export type AccountData = z.infer<typeof accountDataSchema>;
