import {
  adminTutorClaimAnswerSchema,
  adminTutorClaimListQuerySchema,
  adminTutorClaimListSchema,
  rejectTutorClaimSchema,
  releaseTutorClaimSchema,
  tutorClaimPathParamsSchema,
} from '../../../../shared/tutor-side';
import { viewerOf } from '../../../plugins/auth';
import {
  approveTutorClaim,
  listAdminTutorClaims,
  rejectTutorClaim,
  releaseTutorClaim,
} from '../../../services/tutors/claims';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

/** Profile claims: who asks to be a tutor's own account, and the administrator's decision. */
export async function adminTutorClaimRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Claims of tutor profiles (pending by default, oldest first), each with the requester's address and whether it is verified",
        querystring: adminTutorClaimListQuerySchema,
        response: { 200: adminTutorClaimListSchema, ...errorResponses },
      },
    },
    async (request) => listAdminTutorClaims(app.db, request.query.status),
  );

  app.post(
    '/:claimId/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Approve a claim: the account becomes the tutor's (refused while another holds it); the tutor's other pending claims are rejected",
        params: tutorClaimPathParamsSchema,
        response: { 200: adminTutorClaimAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      claim: await approveTutorClaim(app.db, viewerOf(request), request.params.claimId, app.clock()),
    }),
  );

  app.post(
    '/:claimId/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a claim with a reason the requester is told',
        params: tutorClaimPathParamsSchema,
        body: rejectTutorClaimSchema,
        response: { 200: adminTutorClaimAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      claim: await rejectTutorClaim(
        app.db,
        viewerOf(request),
        request.params.claimId,
        request.body.reason,
        app.clock(),
      ),
    }),
  );

  app.post(
    '/:claimId/release',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Release an approved claim with a reason the account is told: the profile is no longer managed by it and may be claimed again',
        params: tutorClaimPathParamsSchema,
        body: releaseTutorClaimSchema,
        response: { 200: adminTutorClaimAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      claim: await releaseTutorClaim(
        app.db,
        viewerOf(request),
        request.params.claimId,
        request.body.reason,
        app.clock(),
      ),
    }),
  );
}
