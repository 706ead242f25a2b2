import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';

export const auditActions = [
  'review_hidden',
  'review_unhidden',
  'review_deleted',
  'review_reports_dismissed',
  'review_approved',
  'review_appeal_restored',
  'review_appeal_upheld',
  'response_hidden',
  'response_unhidden',
  'response_deleted',
  'response_approved',
  'tutor_claim_approved',
  'tutor_claim_rejected',
  'tutor_claim_released',
  'tutor_created',
  'tutor_updated',
  'tutor_approved',
  'tutor_rejected',
  'tutor_deleted',
  'user_created',
  'user_updated',
  'user_disabled',
  'user_enabled',
  'user_deleted',
  'user_password_reset_sent',
  'user_identity_unlinked',
  'account_deleted_by_owner',
  'settings_updated',
  'second_factor_added',
  'second_factor_removed',
  'recovery_codes_regenerated',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = ['review', 'response', 'tutor', 'user', 'settings'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** How the dashboard's recent activity words each action ("Dana Dean hid a review"). */
export const auditActionLabels: Record<AuditAction, string> = {
  review_hidden: 'hid a review',
  review_unhidden: 'unhid a review',
  review_deleted: 'deleted a review',
  review_reports_dismissed: 'dismissed the reports on a review',
  review_approved: 'approved a flagged review',
  review_appeal_restored: 'restored a review on appeal',
  review_appeal_upheld: 'upheld a decision on appeal',
  response_hidden: "hid a tutor's response",
  response_unhidden: "unhid a tutor's response",
  response_deleted: "deleted a tutor's response",
  response_approved: "approved a tutor's flagged response",
  tutor_claim_approved: 'approved a claim of a tutor profile',
  tutor_claim_rejected: 'rejected a claim of a tutor profile',
  tutor_claim_released: 'released a tutor profile from its account',
  tutor_created: 'added a tutor',
  tutor_updated: 'edited a tutor',
  tutor_approved: 'approved a submitted tutor',
  tutor_rejected: 'rejected a submitted tutor',
  tutor_deleted: 'deleted a tutor',
  user_created: 'added a user',
  user_updated: 'changed a user',
  user_disabled: 'disabled a user',
  user_enabled: 'enabled a user',
  user_deleted: 'deleted a user',
  user_password_reset_sent: 'sent a password reset to a user',
  user_identity_unlinked: "unlinked a user's university sign-in",
  account_deleted_by_owner: 'deleted their own account',
  settings_updated: 'changed the settings',
  second_factor_added: 'added a second factor to their account',
  second_factor_removed: 'removed a second factor from their account',
  recovery_codes_regenerated: 'made new recovery codes for their account',
};

/** One audit log entry as the admin console shows it. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  /** Null once the acting account is deleted. */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  target: z.object({
    type: z.enum(auditTargetTypes),
    id: z.uuid().nullable(),
    /** The tutor's name, the review's title or the user's name, as it was. */
    label: z.string().nullable(),
    /** Whether the record is still there to link to. */
    exists: z.boolean(),
  }),
  /** The tutor the record belongs to (a review's or a response's tutor), to link to. */
  tutorId: z.uuid().nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_LOG_PAGE_SIZE = 25;
/** Who acted, once the acting account is gone. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** A day, as the date inputs give it (YYYY-MM-DD). */
const auditDay = z.iso.date('Enter a date as YYYY-MM-DD.');

const auditLogFilterFields = {
  actorId: z.uuid('Choose a person from the list.').optional(),
  action: z.enum(auditActions, 'Choose a kind of action from the list.').optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
};

const datesInOrder = {
  check: (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to,
  message: { message: 'The end date is before the start date.', path: ['to'] },
};

/** The audit log page's filters: who, which kind of action, from and to (whole UTC days, both included). */
export const auditLogFilterSchema = z.object(auditLogFilterFields).refine(datesInOrder.check, datesInOrder.message);
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** The filters and the page: the CSV export takes the filters alone and gives every matching entry. */
export const auditLogQuerySchema = z
  .object({ ...auditLogFilterFields, ...pageQuery(AUDIT_LOG_PAGE_SIZE, 100) })
  .refine(datesInOrder.check, datesInOrder.message);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

export const auditLogPageSchema = pageOf(auditEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Everyone who has entries in the log, for the person filter; a deleted account's entries have no one. */
export const auditLogActorsSchema = z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) });
export type AuditLogActors = z.infer<typeof auditLogActorsSchema>;
