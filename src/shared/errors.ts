import { z } from 'zod';

/** Every error the API answers with has this shape, whatever the status. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
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
  'unsupported_image',
  'image_too_large',
  'rate_limited',
  'email_taken',
  'review_exists',
  'ai_unavailable',
  'invalid_credentials',
  'account_disabled',
  'email_not_verified',
  'verification_invalid',
  'verification_used',
  'verification_expired',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
