import { z } from 'zod';
import {
  adminTutorInputSchema,
  adminTutorListQuerySchema,
  adminTutorListSchema,
  rejectTutorSchema,
  tutorResponseSchema,
} from '../../../../shared/tutors';
import { approveTutor, createTutorAsAdmin, deleteTutor, rejectTutor, updateTutorAsAdmin } from '../../../services/tutors/moderation';
import { listAdminTutors } from '../../../services/tutors/queries';
import type { App } from '../../../types';
import { errorResponses } from '../responses';
import { viewerOf } from '../../../plugins/auth';
import { pictureCleanupFor, tutorPathParamsSchema } from '../tutors';

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
        summary: 'Delete a tutor with its reviews, and its picture when no other tutor uses it',
        params: tutorPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTutor(app.db, pictureCleanupFor(app, request), request.params.tutorId);
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
