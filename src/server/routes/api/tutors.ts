import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  departmentListSchema,
  mySubmissionsSchema,
  similarTutorsQuerySchema,
  similarTutorsSchema,
  tutorListQuerySchema,
  tutorListSchema,
  tutorResponseSchema,
  tutorSubmissionSchema,
} from '../../../shared/tutors';
import { tutorReviewListSchema, tutorReviewsQuerySchema } from '../../../shared/tutor-reviews';
import { createTutorClaimSchema, myTutorClaimsSchema, tutorClaimAnswerSchema } from '../../../shared/tutor-side';
import { requireVerifiedUser, viewerOf } from '../../plugins/auth';
import { claimTutor, listMyTutorClaims } from '../../services/tutors/claims';
import { findSimilarTutors, listDepartments, listMySubmissions } from '../../services/tutors/queries';
import { tutorListAnswer } from '../../read-models/tutor-list';
import { tutorProfileAnswer } from '../../read-models/tutor-profile';
import { tutorReviewsAnswer } from '../../read-models/tutor-reviews';
import { reviewSummaryOf } from '../../services/review-summaries/reading';
import { reviewSummaryResponseSchema } from '../../../shared/review-summaries';
import { deleteOwnSubmission, submitTutor, updateOwnSubmission } from '../../services/tutors/submissions';
import type { PictureCleanup } from '../../services/tutors/writes';
import type { App } from '../../types';
import { errorResponses } from './responses';
import { sendJson } from './send-json';

/**
 * Any string: a malformed id must get the same 404 as an unknown one (not a 400), so nobody
 * can tell the two apart and the UI shows 'No Teacher Record Found' for both.
 */
export const tutorPathParamsSchema = z.object({ tutorId: z.string() });

/** Pictures released by a change are deleted after it commits; a failure there is logged, not returned. */
export function pictureCleanupFor(app: App, request: FastifyRequest): PictureCleanup {
  return {
    store: app.imageStore,
    onError: (err, keys) => request.log.error({ err, keys }, 'unused pictures could not be deleted'),
  };
}

/** Browsing, profiles and the student's own submissions, for users with a verified email. */
export async function tutorRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireVerifiedUser);

  app.get(
    '',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Public tutors: search by name, department or course, filter by department, sort, paginate',
        querystring: tutorListQuerySchema,
        response: { 200: tutorListSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendJson(reply, await tutorListAnswer(app.reads, request.query)),
  );

  app.get(
    '/departments',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Departments of public tutors, A to Z, with how many tutors each',
        response: { 200: departmentListSchema, ...errorResponses },
      },
    },
    async () => listDepartments(app.db),
  );

  app.get(
    '/similar',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Tutors with a similar name (possible duplicates), same department first',
        querystring: similarTutorsQuerySchema,
        response: { 200: similarTutorsSchema, ...errorResponses },
      },
    },
    async (request) => findSimilarTutors(app.db, viewerOf(request), request.query),
  );

  app.get(
    '/mine',
    {
      schema: {
        tags: ['tutors'],
        summary: "The caller's submissions, newest first, with their status",
        response: { 200: mySubmissionsSchema, ...errorResponses },
      },
    },
    async (request) => listMySubmissions(app.db, viewerOf(request)),
  );

  app.get(
    '/claims/mine',
    {
      schema: {
        tags: ['tutors'],
        summary: "The caller's claims of tutor profiles, newest first, with their status (a rejection with its reason)",
        response: { 200: myTutorClaimsSchema, ...errorResponses },
      },
    },
    async (request) => listMyTutorClaims(app.db, viewerOf(request)),
  );

  app.post(
    '/:tutorId/claims',
    {
      schema: {
        tags: ['tutors'],
        summary:
          "Claim a public tutor's profile as the tutor's own account; an administrator approves or rejects it (one profile per account)",
        params: tutorPathParamsSchema,
        body: createTutorClaimSchema,
        response: { 201: tutorClaimAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claim = await claimTutor(
        app.db,
        viewerOf(request),
        request.params.tutorId,
        request.body.message,
        app.clock(),
      );
      return reply.status(201).send({ claim });
    },
  );

  app.post(
    '',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Submit a tutor: private and pending until an administrator approves it',
        body: tutorSubmissionSchema,
        response: { 201: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tutor = await submitTutor(app.db, viewerOf(request), request.body, app.clock());
      return reply.status(201).send({ tutor });
    },
  );

  app.get(
    '/:tutorId',
    {
      schema: {
        tags: ['tutors'],
        summary: 'A tutor profile with its rating distribution (public, or submitted by the caller, or for admins)',
        params: tutorPathParamsSchema,
        response: { 200: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendJson(reply, await tutorProfileAnswer(app.reads, viewerOf(request), request.params.tutorId)),
  );

  app.get(
    '/:tutorId/reviews',
    {
      schema: {
        tags: ['tutors'],
        summary: "A tutor's visible reviews, newest first",
        params: tutorPathParamsSchema,
        querystring: tutorReviewsQuerySchema,
        response: { 200: tutorReviewListSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendJson(reply, await tutorReviewsAnswer(app.reads, viewerOf(request), request.params.tutorId, request.query)),
  );

  app.get(
    '/:tutorId/review-summary',
    {
      schema: {
        tags: ['tutors'],
        summary:
          "What students say: an AI summary of the tutor's visible reviews, each sentence citing its reviews; null while there is none to show",
        params: tutorPathParamsSchema,
        response: { 200: reviewSummaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => reviewSummaryOf(app.db, viewerOf(request), request.params.tutorId, app.aiProvider !== null),
  );

  app.patch(
    '/:tutorId',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Edit an own submission while pending or rejected (a rejected one is submitted again)',
        params: tutorPathParamsSchema,
        body: tutorSubmissionSchema,
        response: { 200: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      tutor: await updateOwnSubmission(
        app.db,
        pictureCleanupFor(app, request),
        viewerOf(request),
        request.params.tutorId,
        request.body,
        app.clock(),
      ),
    }),
  );

  app.delete(
    '/:tutorId',
    {
      schema: {
        tags: ['tutors'],
        summary: 'Delete an own submission while pending or rejected',
        params: tutorPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOwnSubmission(app.db, pictureCleanupFor(app, request), viewerOf(request), request.params.tutorId);
      return reply.status(204).send(null);
    },
  );
}
