import { z } from 'zod';
import { ownerPasswordSchema, PASSWORD_MAX_LENGTH } from './account';

/**
 * Campus single sign-on: how a sign-in through the university's provider can end other than
 * signed in. The callback sends the browser back with `?campusError=<reason>`; the page shows
 * the words below. None of them carries anything the provider sent.
 */
export const campusSignInFailures = [
  'unavailable',
  'cancelled',
  'expired',
  'rejected',
  'no_email',
  'address_refused',
  'address_unverified',
  'disabled',
  'other_account',
  'too_many',
  'admin_password_needed',
] as const;
export type CampusSignInFailure = (typeof campusSignInFailures)[number];

export const CAMPUS_SIGN_IN_FAILURE_MESSAGES: Record<CampusSignInFailure, string> = {
  unavailable: 'Sign-in with your university is not available right now. Please try again in a few minutes.',
  cancelled: 'Sign-in with your university was cancelled.',
  expired: 'That sign-in took too long or was already used. Please try again.',
  rejected: "Your university's answer could not be verified, so you were not signed in. Please try again.",
  no_email: 'Your university did not share your email address, so you could not be signed in.',
  address_refused: 'Your university email address is not one this site accepts.',
  address_unverified:
    'An account with this email address already exists, and your university did not confirm the address. Log in with your password instead.',
  disabled: 'This account has been disabled. Please contact the administrator.',
  other_account: 'That is not the university account linked to this account.',
  too_many: 'Too many sign-ins with your university were started from your network. Please try again in a few minutes.',
  admin_password_needed:
    'Your university account is not linked to this administrator account yet. Log out, choose "Sign in with your university" on the login page, and give your password once to link it.',
};

/** The query parameter the failure comes back in. */
export const CAMPUS_ERROR_PARAM = 'campusError';
/** Set on the page a confirmation returns to, once the university has confirmed the owner. */
export const CAMPUS_CONFIRMED_PARAM = 'campusConfirmed';

/** A fresh campus sign-in stands in for the password this long (deleting the account, changing its address). */
export const CAMPUS_CONFIRMATION_LIFETIME_MINUTES = 10;

export function campusSignInFailureOf(value: string | null): CampusSignInFailure | null {
  return campusSignInFailures.find((reason) => reason === value) ?? null;
}

export const campusSignInStartQuerySchema = z.object({
  intent: z.enum(['sign-in', 'confirm']).default('sign-in'),
  /** A path on this site (`/…`, never `//…`) to land on afterwards. */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, 'returnTo must be a path on this site')
    .optional(),
});

/** How the signed-in account proves it is its owner. */
export const signInMethodsSchema = z.object({
  hasPassword: z.boolean(),
  /** Linked to an identity at the university's provider. */
  campusLinked: z.boolean(),
  /** Until when this session's last campus sign-in stands in for the password; null when it does not. */
  campusConfirmedUntil: z.iso.datetime().nullable(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** A student's password sign-in or sign-up while an administrator has turned password sign-in off. */
export function passwordSignInOffMessage(buttonLabel: string): string {
  return `Students sign in with their university on this site: use "${buttonLabel}".`;
}

/** One university identity linked to an account: the provider and the address it gave when linked. */
export const linkedIdentitySchema = z.object({
  id: z.uuid(),
  /** The provider's host name (its issuer's), which is what a person recognises. */
  provider: z.string(),
  issuer: z.string(),
  /** The address the provider gave when the identity was linked. */
  email: z.string().nullable(),
  linkedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentityListSchema = z.object({ identities: z.array(linkedIdentitySchema) });
export type LinkedIdentityList = z.infer<typeof linkedIdentityListSchema>;

export const identityPathParamsSchema = z.object({ identityId: z.uuid() });
export const userIdentityPathParamsSchema = z.object({ userId: z.string(), identityId: z.uuid() });

/** 'Unlink' on one's own profile: the current password, or (empty) a fresh campus sign-in of this session. */
export const unlinkIdentitySchema = z.object({
  currentPassword: ownerPasswordSchema,
});
export type UnlinkIdentityRequest = z.infer<typeof unlinkIdentitySchema>;

export const LAST_WAY_IN_MESSAGE =
  'This university sign-in is the only way into your account. Choose a password first ("Forgot password?" mails a link), then unlink it.';

/** The administrator's password, to link the university sign-in waiting in this browser. */
export const linkUniversityRequestSchema = z.object({
  password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});
export type LinkUniversityRequest = z.infer<typeof linkUniversityRequestSchema>;
