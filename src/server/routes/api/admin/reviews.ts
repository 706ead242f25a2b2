import { z } from 'zod';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewResponseSchema,
  moderationReasonSchema,
  reviewPathParamsSchema,
} from '../../../../shared/reviews';
import {
  deleteReviewAsModerator,
  dismissReports,
  hideReview,
  unhideReview,
} from '../../../services/reviews/moderation';
import { listAdminReviews } from '../../../services/reviews/queries';
import { deleteResponseAsModerator, hideResponse, unhideResponse } from '../../../services/reviews/response-moderation';
import { responseAnswerSchema } from '../../../../shared/tutor-side';
import type { App } from '../../../types';
import { errorResponses } from '../responses';
import { viewerOf } from '../../../plugins/auth';

/** Review management: every review, reports, and the moderator's hide, unhide and delete. */
export async function adminReviewRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'All reviews with open report counts; ?reported=true puts the most reported first',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, ...errorResponses },
      },
    },
    async (request) => listAdminReviews(app.db, request.query),
  );

  app.post(
    '/:reviewId/hide',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Hide a review with a reason: it leaves every list and the tutor's average, and its author is notified",
        params: reviewPathParamsSchema,
        body: moderationReasonSchema,
        response: { 200: adminReviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      review: await hideReview(app.db, viewerOf(request), request.params.reviewId, request.body.reason, app.clock()),
    }),
  );

  app.post(
    '/:reviewId/unhide',
    {
      schema: {
        tags: ['admin'],
        summary: "Show a hidden review again, back in the tutor's average; its author is notified",
        params: reviewPathParamsSchema,
        response: { 200: adminReviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      review: await unhideReview(app.db, viewerOf(request), request.params.reviewId, app.clock()),
    }),
  );

  app.post(
    '/:reviewId/reports/dismiss',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dismiss the open reports of a review, which stays as it is',
        params: reviewPathParamsSchema,
        response: { 200: adminReviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      review: await dismissReports(app.db, viewerOf(request), request.params.reviewId, app.clock()),
    }),
  );

  app.delete(
    '/:reviewId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete any review with a reason its author is notified of',
        params: reviewPathParamsSchema,
        body: moderationReasonSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteReviewAsModerator(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body.reason,
        app.clock(),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:reviewId/response/hide',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Hide the tutor's response to a review with a reason: only the tutor's account (told why) and admins still see it",
        params: reviewPathParamsSchema,
        body: moderationReasonSchema,
        response: { 200: responseAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      response: await hideResponse(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body.reason,
        app.clock(),
      ),
    }),
  );

  app.post(
    '/:reviewId/response/unhide',
    {
      schema: {
        tags: ['admin'],
        summary: "Show the tutor's hidden response under its review again",
        params: reviewPathParamsSchema,
        response: { 200: responseAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      response: await unhideResponse(app.db, viewerOf(request), request.params.reviewId, app.clock()),
    }),
  );

  app.delete(
    '/:reviewId/response',
    {
      schema: {
        tags: ['admin'],
        summary: "Delete the tutor's response to a review, with a reason kept in the audit log",
        params: reviewPathParamsSchema,
        body: moderationReasonSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteResponseAsModerator(
        app.db,
        viewerOf(request),
        request.params.reviewId,
        request.body.reason,
        app.clock(),
      );
      return reply.status(204).send(null);
    },
  );
}
