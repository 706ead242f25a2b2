import { z } from 'zod';
import { screeningFindingSchema } from './screening';

/**
 * One message about one field of the request. `path` names the field as the request spells it,
 * dots between levels (`email`, `courses.2`); forms place the message by it, never by its words.
 */
export const fieldErrorSchema = z.object({
  path: z
    .string()
    .meta({ description: 'The field, as named in the request body, query or params; dots between levels.' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error the API answers with has this shape, whatever the status. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    /** Everything wrong, in sentences a person can read; for validation, the field messages joined. */
    message: z.string(),
    /** Present when the error concerns particular fields: one entry per field message. */
    fields: z.array(fieldErrorSchema).optional(),
    /** With code screening_findings: what the screen found, for the notice "Edit my review" / "Submit anyway". */
    screeningFindings: z.array(screeningFindingSchema).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  'validation_error',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'cross_site',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unsupported_image',
  'image_too_large',
  'rate_limited',
  'email_taken',
  'review_exists',
  'screening_findings',
  'ai_unavailable',
  'invalid_credentials',
  'account_disabled',
  'email_not_verified',
  'password_change_required',
  'second_factor_required',
  'second_factor_enrolment_required',
  'verification_invalid',
  'verification_used',
  'verification_expired',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
