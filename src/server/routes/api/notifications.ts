import { z } from 'zod';
import {
  followedDepartmentsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPathParamsSchema,
  unreadCountSchema,
} from '../../../shared/notifications';
import { requireVerifiedUser, viewerOf } from '../../plugins/auth';
import {
  countUnread,
  getFollowedDepartments,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  replaceFollowedDepartments,
} from '../../services/notifications';
import type { App } from '../../types';
import { errorResponses } from './responses';

/** The caller's own notifications and followed departments, for users with a verified email. */
export async function notificationRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireVerifiedUser);

  app.get(
    '',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "The caller's notifications, newest first, with the unread count; ?unreadOnly=true for the unread ones",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => listNotifications(app.db, viewerOf(request).id, request.query),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => ({ unread: await countUnread(app.db, viewerOf(request).id) }),
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark all of the caller's notifications read",
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await markAllNotificationsRead(app.db, viewerOf(request).id, app.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:notificationId/read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark one of the caller's notifications read; anyone else's is not found",
        params: notificationPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await markNotificationRead(app.db, viewerOf(request).id, request.params.notificationId, app.clock());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/departments',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The departments the caller follows: newly published tutors there are announced to them',
        response: { 200: followedDepartmentsSchema, ...errorResponses },
      },
    },
    async (request) => ({ departments: await getFollowedDepartments(app.db, viewerOf(request).id) }),
  );

  app.put(
    '/departments',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Replace the followed departments (trimmed; the same department twice, in any case, is kept once)',
        body: followedDepartmentsSchema,
        response: { 200: followedDepartmentsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      departments: await replaceFollowedDepartments(
        app.db,
        viewerOf(request).id,
        request.body.departments,
        app.clock(),
      ),
    }),
  );
}
