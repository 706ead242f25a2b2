import { z } from 'zod';
import { languages } from './languages';
import { secondFactorStepSchema } from './second-factor-step';
import { themes } from './theme';

export const roles = ['student', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const nameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`);

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const themeSchema = z.enum(themes, { error: 'Choose System, Light or Dark.' });

/** One of the languages the site speaks; the message names them as their readers would. */
export const languageSchema = z.enum(languages, { error: 'Choose English, Spanish or Arabic.' });

export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** The signed-in account as the server reports it; the client's "who" comes from here. */
export const accountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  role: roleSchema,
  /** Signed in with a password someone else handed over: nothing but choosing a new one until then. */
  passwordChangeRequired: z.boolean(),
  /** The theme the account chose, on every device it signs in to. */
  theme: themeSchema,
  /** The language the account reads the site and its mails in; null: this device's language. */
  language: languageSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionResponseSchema = z.object({
  account: accountSchema.nullable(),
  /** Signed in, what this session must do first with the second factor (decision 0030). */
  secondFactorStep: secondFactorStepSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signupRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The same for a new address and one that already has an account (whose owner is mailed
 * instead), so sign-up never tells a visitor which addresses are registered.
 */
export const signupResponseSchema = z.object({ email: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ account: accountSchema, secondFactorStep: secondFactorStepSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyEmailRequestSchema = z.object({
  userId: z
    .string({ error: 'Your link is not valid' })
    .min(1, 'Your link is not valid')
    .max(100, 'Your link is not valid'),
  secret: z
    .string({ error: 'Your link is not valid' })
    .min(1, 'Your link is not valid')
    .max(200, 'Your link is not valid'),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const verifyEmailResponseSchema = z.object({ verified: z.literal(true) });

export const resendVerificationResponseSchema = z.object({ email: z.string() });

export const PHONE_MAX_LENGTH = 30;

/** Digits with the usual separators and an optional leading +; empty clears it. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, `Phone number must be at most ${PHONE_MAX_LENGTH} characters.`)
  .regex(/^(\+?[0-9][0-9 ()./-]{3,}[0-9])?$/, 'Please enter a valid phone number.')
  .transform((phone) => (phone === '' ? null : phone));

/**
 * 'Edit Profile': name, phone, theme and language. The address is not here, for anyone (strict:
 * a request naming it is refused): it changes through 'Change email', with proof, a link to the
 * new address and a notice to the old.
 */
export const updateProfileSchema = z.strictObject({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  theme: themeSchema.optional(),
  language: languageSchema.optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';
export const SAME_AS_ONE_TIME_PASSWORD_MESSAGE = 'Choose a password different from the one you were given.';
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common ones. Please choose another.';
export const PERSONAL_PASSWORD_MESSAGE = 'Your password must not be your email address or your name.';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please choose a new password to continue.';

/** 'Update Password': the current one proves it is the owner; every other session ends. */
/**
 * The current password where a campus sign-in may stand in for it (deleting the account, changing
 * its address): empty or left out, the server asks for a campus sign-in of this session within
 * the last few minutes, and says 'Current password is required.' without one.
 */
export const ownerPasswordSchema = z.string().max(PASSWORD_MAX_LENGTH).optional();

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** An administrator's invitation link: the new user chooses a password and is signed in. */
export const acceptInvitationSchema = z.object({
  userId: verifyEmailRequestSchema.shape.userId,
  secret: verifyEmailRequestSchema.shape.secret,
  password: newPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;
