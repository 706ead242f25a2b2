import { z } from 'zod';
import { emailSchema, newPasswordSchema, ownerPasswordSchema } from './account';

/** The account's lifecycle beyond sign-up and login: password recovery, e-mail change, its sessions, deleting it. Kept apart from account.ts so pages that never show them do not load them. */
/** 'Forgot password?': the answer is the same whether or not the address has an account. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetResponseSchema = z.object({ email: z.string() });

/** The token from the mailed `/reset-password?token=` link and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'Your link is not valid' })
    .min(1, 'Your link is not valid')
    .max(200, 'Your link is not valid'),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/**
 * 'Change email': the current password (or a fresh campus sign-in) proves it is the owner; the
 * address changes once the mailed link is opened.
 */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: ownerPasswordSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;
export const changeEmailResponseSchema = z.object({ pendingEmail: z.string() });

/** The token of the link mailed to the new address. */
export const confirmEmailChangeSchema = z.object({ token: resetPasswordSchema.shape.token });
export const confirmEmailChangeResponseSchema = z.object({ email: z.string() });

/** POST {token}: 'Cancel this change', from the notice to the current address. */
export const cancelEmailChangeSchema = z.object({ token: resetPasswordSchema.shape.token });
/** The account's address, which stays as it was. */
export const cancelEmailChangeResponseSchema = z.object({ email: z.string() });

/** One signed-in browser of the account, as 'Your sessions' lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  clientAddress: z.string().nullable(),
  /** With the password, or through the university (campus sign-in). */
  signedInWith: z.enum(['password', 'campus']),
  signedInAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionPathParamsSchema = z.object({ sessionId: z.string().min(1).max(64) });

export const DELETE_ACCOUNT_EMAIL_MISMATCH_MESSAGE = 'Type your email address exactly as it is shown.';
export const LAST_ADMIN_SELF_DELETE_MESSAGE =
  'You are the last active administrator: make someone else an administrator before deleting your account.';

/**
 * 'Delete my account': the current password (or, left out, a campus sign-in of this session in
 * the last few minutes), and the address typed out as a deliberate confirmation.
 */
export const deleteAccountSchema = z.object({
  currentPassword: ownerPasswordSchema,
  confirmEmail: z
    .string({ error: 'Type your email address to confirm.' })
    .trim()
    .min(1, 'Type your email address to confirm.')
    .max(254),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;
