import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';
import { DEPARTMENT_MAX_LENGTH } from './tutors';

export const notificationKinds = [
  'submission_approved',
  'submission_rejected',
  'review_hidden',
  'review_unhidden',
  'review_deleted',
  /** A tutor was published in a department the student follows. */
  'tutor_published',
  /** A review that waited for a moderator (the Hold setting) was published. */
  'review_published',
  /** To a tutor's own account: a new review of their profile. */
  'review_received',
  /** To a tutor's own account: a moderator hid their response to a review. */
  'response_hidden',
  'claim_approved',
  'claim_rejected',
  /** An administrator took back a profile the account managed. */
  'claim_released',
  /** The author's appeal of a hidden or deleted review was decided. */
  'appeal_restored',
  'appeal_upheld',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const FOLLOWED_DEPARTMENTS_MAX = 50;

/** One notification; the web app words it from its kind and these fields. */
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  /** Null once the tutor is deleted; the name stays. */
  tutorId: z.uuid().nullable(),
  tutorName: z.string().nullable(),
  department: z.string().nullable(),
  reviewTitle: z.string().nullable(),
  /** The review it is about (a new review of a tutor's profile, a review to appeal); it may since be gone. */
  reviewId: z.uuid().nullable(),
  /** The administrator's reason for a rejection, a hidden or a deleted review. */
  reason: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  ...pageQuery(NOTIFICATIONS_PAGE_SIZE, 100),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** Newest first, with the unread count for the navigation badge. */
export const notificationListSchema = pageOf(notificationSchema).extend({ unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationPathParamsSchema = z.object({ notificationId: z.string() });

export const followedDepartmentsSchema = z.object({
  departments: z
    .array(z.string().trim().min(1).max(DEPARTMENT_MAX_LENGTH))
    .max(FOLLOWED_DEPARTMENTS_MAX, `You can follow at most ${FOLLOWED_DEPARTMENTS_MAX} departments.`),
});
export type FollowedDepartments = z.infer<typeof followedDepartmentsSchema>;
