import { z } from 'zod';
import { reviewPathParamsSchema } from '../../../../shared/reviews';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewResponseSchema,
  moderationReasonSchema,
} from '../../../../shared/review-moderation';
import {
  approveReview,
  deleteReviewAsModerator,
  dismissReports,
  hideReview,
  unhideReview,
} from '../../../services/reviews/moderation';
import { listAdminReviews } from '../../../services/reviews/queries';
import { decideAppeal, listPendingAppeals } from '../../../services/reviews/appeals';
import {
  adminAppealListQuerySchema,
  adminAppealListSchema,
  appealDecisionResponseSchema,
  appealDecisionSchema,
  appealDecisions,
  appealPathParamsSchema,
} from '../../../../shared/appeals';
import {
  approveResponse,
  deleteResponseAsModerator,
  hideResponse,
  unhideResponse,
} from '../../../services/reviews/response-moderation';
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
        summary:
          'All reviews with open report counts; ?reported=true puts the most reported first, ?flagged=true lists what the screen flagged or holds',
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
    '/:reviewId/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Approve a review the screen flagged or holds: the flag goes, and a held review is published, counted in the tutor's average, its author notified",
        params: reviewPathParamsSchema,
        response: { 200: adminReviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      review: await approveReview(app.db, viewerOf(request), request.params.reviewId, app.clock()),
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

  app.get(
    '/appeals',
    {
      schema: {
        tags: ['admin'],
        summary: 'The waiting appeals of hidden and deleted reviews, oldest first, each with the review as it was',
        querystring: adminAppealListQuerySchema,
        response: { 200: adminAppealListSchema, ...errorResponses },
      },
    },
    async (request) => listPendingAppeals(app.db, request.query),
  );

  for (const decision of appealDecisions) {
    app.post(
      `/appeals/:appealId/${decision}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            decision === 'restore'
              ? "Restore an appealed review (shown again, back in the tutor's aggregates); its author is told the reason"
              : 'Uphold the decision on an appealed review; its author is told the reason',
          params: appealPathParamsSchema,
          body: appealDecisionSchema,
          response: { 200: appealDecisionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        appeal: await decideAppeal(
          app.db,
          viewerOf(request),
          request.params.appealId,
          decision,
          request.body.reason,
          app.clock(),
        ),
      }),
    );
  }
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

  app.post(
    '/:reviewId/response/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Approve the tutor's response the screen flagged or holds: the flag goes, and a held response is published under its review",
        params: reviewPathParamsSchema,
        response: { 200: responseAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      response: await approveResponse(app.db, viewerOf(request), request.params.reviewId, app.clock()),
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
