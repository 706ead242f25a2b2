import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createReviewSchema,
  reportReviewSchema,
  reviewPathParamsSchema,
  updateReviewSchema,
} from '../../../shared/reviews';
import {
  helpfulVoteSchema,
  recentReviewsSchema,
  reviewFeedQuerySchema,
  reviewFeedSchema,
} from '../../../shared/review-answers';
import { myReviewListSchema, myReviewsQuerySchema, reviewResponseSchema } from '../../../shared/my-reviews';
import { responseAnswerSchema, responseInputSchema } from '../../../shared/tutor-side';
import { requireVerifiedUser, viewerOf } from '../../plugins/auth';
import { deleteOwnResponse, respondToReview } from '../../services/reviews/responses';
import { createReview, deleteOwnReview, updateOwnReview } from '../../services/reviews/authoring';
import { getOwnReview, listMyReviews } from '../../services/reviews/queries';
import { recentReviewsAnswer, reviewFeedAnswer } from '../../read-models/review-feed';
import { reportReview } from '../../services/reviews/reports';
import { markHelpful, unmarkHelpful } from '../../services/reviews/helpful-votes';
import type { App } from '../../types';
import { appealReview, listMyDeletedReviews } from '../../services/reviews/appeals';
import { appealReviewSchema, myDeletedReviewListSchema, reviewAppealResponseSchema } from '../../../shared/appeals';
import { errorResponses } from './responses';
import { sendJson } from './send-json';

/** The AI provider's second opinion failed: logged by kind, never with the review's words; the rules decide. */
const aiScreeningFailed = (request: FastifyRequest) => (failure: string) =>
  request.log.warn({ aiScreeningFailure: failure }, 'AI screening failed; the rules decide');

/** Reading, writing, reporting and marking reviews helpful, for users with a verified email. */
export async function reviewRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireVerifiedUser);

  app.get(
    '',
    {
      schema: {
        tags: ['reviews'],
        summary: 'All visible reviews of public tutors, newest first; pass nextCursor as cursor for the next page',
        querystring: reviewFeedQuerySchema,
        response: { 200: reviewFeedSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendJson(reply, await reviewFeedAnswer(app.reads, request.query)),
  );

  app.get(
    '/recent',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The latest visible reviews, for the dashboard',
        response: { 200: recentReviewsSchema, ...errorResponses },
      },
    },
    async (_request, reply) => sendJson(reply, await recentReviewsAnswer(app.reads)),
  );

  app.get(
    '/mine',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The caller's reviews, newest first, hidden ones with the moderator's reason; ?tutorId= finds the one of a tutor",
        querystring: myReviewsQuerySchema,
        response: { 200: myReviewListSchema, ...errorResponses },
      },
    },
    async (request) => listMyReviews(app.db, viewerOf(request), request.query),
  );

  app.get(
    '/mine/deleted',
    {
      schema: {
        tags: ['reviews'],
        summary: "The caller's reviews a moderator deleted, as they were, with the reason and the caller's appeal",
        response: { 200: myDeletedReviewListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await listMyDeletedReviews(app.db, viewerOf(request)) }),
  );

  app.post(
    '/:reviewId/appeal',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'The author appeals their hidden or deleted review, once; a moderator restores it or upholds the decision',
        params: reviewPathParamsSchema,
        body: appealReviewSchema,
        response: { 201: reviewAppealResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const appeal = await appealReview(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body.text,
        app.clock(),
      );
      return reply.status(201).send({ appeal });
    },
  );

  app.post(
    '',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review a public tutor (one review per student and tutor); the average is updated in the same transaction. The screen may refuse it (409 screening_findings, with what it found) until screeningAcknowledged is true',
        body: createReviewSchema,
        response: { 201: reviewResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const review = await createReview(
        app.db,
        viewerOf(request),
        request.body,
        app.clock(),
        app.aiProvider,
        aiScreeningFailed(request),
      );
      return reply.status(201).send({ review });
    },
  );

  app.get(
    '/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: "One of the caller's own reviews, for the edit form",
        params: reviewPathParamsSchema,
        response: { 200: reviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ review: await getOwnReview(app.db, viewerOf(request), request.params.reviewId) }),
  );

  app.patch(
    '/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'The author edits their review; screened like a new one (409 screening_findings until screeningAcknowledged is true)',
        params: reviewPathParamsSchema,
        body: updateReviewSchema,
        response: { 200: reviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      review: await updateOwnReview(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body,
        app.clock(),
        app.aiProvider,
        aiScreeningFailed(request),
      ),
    }),
  );

  app.delete(
    '/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The author deletes their review',
        params: reviewPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOwnReview(app.db, viewerOf(request), request.params.reviewId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:reviewId/reports',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Report a review to the moderators, once per student; it stays visible until a moderator acts',
        params: reviewPathParamsSchema,
        body: reportReviewSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await reportReview(app.db, viewerOf(request), request.params.reviewId, request.body, app.clock());
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:reviewId/helpful',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Mark another student's review helpful (students only; one vote per student; marking again changes nothing)",
        params: reviewPathParamsSchema,
        response: { 200: helpfulVoteSchema, ...errorResponses },
      },
    },
    async (request) => markHelpful(app.db, viewerOf(request), request.params.reviewId, app.clock()),
  );

  app.delete(
    '/:reviewId/helpful',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Take back a helpful vote',
        params: reviewPathParamsSchema,
        response: { 200: helpfulVoteSchema, ...errorResponses },
      },
    },
    async (request) => unmarkHelpful(app.db, viewerOf(request), request.params.reviewId),
  );

  app.put(
    '/:reviewId/response',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The tutor's own account writes (201) or rewrites (200) its one public response to a review of its profile, screened as a review is: findings without screeningAcknowledged are refused (409 screening_findings); with it, Warn publishes it flagged and Hold keeps it for a moderator",
        params: reviewPathParamsSchema,
        body: responseInputSchema,
        response: { 200: responseAnswerSchema, 201: responseAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { response, created } = await respondToReview(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body,
        app.clock(),
        app.aiProvider,
        aiScreeningFailed(request),
      );
      return reply.status(created ? 201 : 200).send({ response });
    },
  );

  app.delete(
    '/:reviewId/response',
    {
      schema: {
        tags: ['reviews'],
        summary: "The tutor's own account deletes its response to a review",
        params: reviewPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOwnResponse(app.db, viewerOf(request), request.params.reviewId);
      return reply.status(204).send(null);
    },
  );
}
