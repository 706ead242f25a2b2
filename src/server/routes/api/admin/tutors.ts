import { z } from 'zod';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews';
import {
  adminTutorInputSchema,
  adminTutorListQuerySchema,
  adminTutorListSchema,
  rejectTutorSchema,
  tutorResponseSchema,
} from '../../../../shared/tutors';
import {
  approveTutor,
  createTutorAsAdmin,
  deleteTutor,
  rejectTutor,
  updateTutorAsAdmin,
} from '../../../services/tutors/moderation';
import { listAdminTutors } from '../../../services/tutors/queries';
import type { App } from '../../../types';
import { errorResponses } from '../responses';
import { viewerOf } from '../../../plugins/auth';
import { pictureCleanupFor, tutorPathParamsSchema } from '../tutors';

/** A deletion may say why; the reason is kept in the audit log. */
const deleteTutorBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(MODERATION_REASON_MAX_LENGTH, `A reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters.`)
      .optional(),
  })
  .nullish();

/** Every tutor, public or not: the submissions queue, verification, and full editing. */
export async function adminTutorRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'All tutors with their submitters; ?status=pending&sort=oldest is the submissions queue',
        querystring: adminTutorListQuerySchema,
        response: { 200: adminTutorListSchema, ...errorResponses },
      },
    },
    async (request) => listAdminTutors(app.db, request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a tutor, approved at once',
        body: adminTutorInputSchema,
        response: { 201: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tutor = await createTutorAsAdmin(app.db, viewerOf(request), request.body, app.clock());
      return reply.status(201).send({ tutor });
    },
  );

  app.patch(
    '/:tutorId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit any tutor; making a pending or rejected tutor public approves it',
        params: tutorPathParamsSchema,
        body: adminTutorInputSchema,
        response: { 200: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      tutor: await updateTutorAsAdmin(
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
        tags: ['admin'],
        summary:
          'Delete a tutor with its reviews, and its picture when no other tutor uses it; an optional reason goes to the audit log',
        params: tutorPathParamsSchema,
        body: deleteTutorBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTutor(app.db, pictureCleanupFor(app, request), viewerOf(request), request.params.tutorId, {
        reason: request.body?.reason || null,
        now: app.clock(),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:tutorId/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending or rejected submission: it becomes public and the submitter is notified',
        params: tutorPathParamsSchema,
        response: { 200: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ tutor: await approveTutor(app.db, viewerOf(request), request.params.tutorId, app.clock()) }),
  );

  app.post(
    '/:tutorId/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending submission with a reason the submitter is notified of',
        params: tutorPathParamsSchema,
        body: rejectTutorSchema,
        response: { 200: tutorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      tutor: await rejectTutor(app.db, viewerOf(request), request.params.tutorId, request.body.reason, app.clock()),
    }),
  );
}
