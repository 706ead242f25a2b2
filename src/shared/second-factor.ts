import { z } from 'zod';
import { ownerPasswordSchema } from './account';
import { secondFactorStepSchema } from './second-factor-step';

/** Authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn). */
export const secondFactorKinds = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];

/**
 * Where a session stands with the second factor:
 * - `not_asked`: signed in when none was needed (the account had none, and none was required);
 * - `pending`: the account has a second factor and this session has not passed it yet;
 * - `enrol`: an administrator signed in where administrators must use one, and has none yet;
 * - `passed`: the session passed a second factor (or enrolled one, or the university vouched for one).
 */
export const sessionSecondFactors = ['not_asked', 'pending', 'enrol', 'passed'] as const;
export type SessionSecondFactor = (typeof sessionSecondFactors)[number];

export { secondFactorStepSchema, type SecondFactorStep } from './second-factor-step';

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const SECOND_FACTOR_LABEL_MAX_LENGTH = 60;

export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Please confirm it is you with your second factor to continue.';
export const SECOND_FACTOR_ENROLMENT_REQUIRED_MESSAGE =
  'Administrators must use a second factor here: please set one up to continue.';
export const WRONG_SECOND_FACTOR_CODE_MESSAGE = 'This code is not correct, or it has already been used.';
export const PASSKEY_NOT_ACCEPTED_MESSAGE = 'This passkey could not be confirmed. Please try again.';
export const NO_SECOND_FACTOR_STEP_MESSAGE = 'This session does not need a second factor now.';
export const LAST_REQUIRED_FACTOR_MESSAGE =
  'Administrators must keep a second factor here: add another one before removing this one.';

const labelSchema = z
  .string()
  .trim()
  .min(1, 'Give it a name.')
  .max(SECOND_FACTOR_LABEL_MAX_LENGTH, `At most ${SECOND_FACTOR_LABEL_MAX_LENGTH} characters.`);

/** A code from an authenticator app, or a recovery code; spaces and dashes are ignored. */
const codeSchema = z
  .string({ error: 'Enter the code.' })
  .max(40)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, 'Enter the code.'));

export const secondFactorSchema = z.object({
  id: z.uuid(),
  kind: z.enum(secondFactorKinds),
  label: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** The account's second factors, for Profile → Security. */
export const secondFactorStatusSchema = z.object({
  factors: z.array(secondFactorSchema),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** Whether this account must keep a second factor (an administrator where the site requires it). */
  required: z.boolean(),
  /** What this session must do before anything else. */
  step: secondFactorStepSchema,
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A new authenticator-app secret, shown once until a code from it confirms it. */
export const totpEnrolmentSchema = z.object({
  /** Base32, as authenticator apps take it typed. */
  secret: z.string(),
  /** The otpauth:// address a QR code carries. */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** The owner's proof before a factor is added: the current password, or a recent campus sign-in, or a fresh sign-in. */
export const confirmTotpSchema = z.object({
  code: codeSchema,
  label: labelSchema,
  currentPassword: ownerPasswordSchema,
});
export type ConfirmTotpRequest = z.input<typeof confirmTotpSchema>;

/** The browser's answer to navigator.credentials.create/get, as @simplewebauthn/browser gives it. */
const webAuthnResponseSchema = z.looseObject({
  id: z.string().max(2048),
  rawId: z.string().max(2048),
  type: z.literal('public-key'),
  response: z.looseObject({}),
  clientExtensionResults: z.looseObject({}),
});

export const registerPasskeySchema = z.object({
  response: webAuthnResponseSchema,
  label: labelSchema,
  currentPassword: ownerPasswordSchema,
});
export type RegisterPasskeyRequest = z.input<typeof registerPasskeySchema>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON). */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** A factor was added: the new recovery codes when it is the account's first (shown once), else null. */
export const enrolledSchema = z.object({
  factor: secondFactorSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type Enrolled = z.infer<typeof enrolledSchema>;

export const ownerProofSchema = z.object({ currentPassword: ownerPasswordSchema });
export type OwnerProof = z.input<typeof ownerProofSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The sign-in's second step with a code: from the authenticator app, or a recovery code. */
export const verifyCodeSchema = z.object({ code: codeSchema, rememberDevice: z.boolean().optional() });
export type VerifyCodeRequest = z.input<typeof verifyCodeSchema>;

export const verifyPasskeySchema = z.object({
  response: webAuthnResponseSchema,
  rememberDevice: z.boolean().optional(),
});
export type VerifyPasskeyRequest = z.input<typeof verifyPasskeySchema>;

export const secondFactorIdParamsSchema = z.object({ factorId: z.uuid('No such second factor.') });
