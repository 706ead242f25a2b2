import { and, asc, eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import type { AuditAction } from '../../../../shared/audit';
import { CAMPUS_CONFIRMATION_LIFETIME_MINUTES } from '../../../../shared/campus-sign-in';
import {
  type Enrolled,
  LAST_REQUIRED_FACTOR_MESSAGE,
  PASSKEY_NOT_ACCEPTED_MESSAGE,
  type SecondFactor,
  type SecondFactorKind,
  type SecondFactorStatus,
  type TotpEnrolment,
  WRONG_SECOND_FACTOR_CODE_MESSAGE,
} from '../../../../shared/second-factor';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { sessionsChanged } from '../../../cache/data-changes';
import { changeData } from '../../../db/change-data';
import type { Database, WritableDatabase } from '../../../db/client';
import { recoveryCodes, secondFactors, sessions, type SecondFactorRow, type UserRow } from '../../../db/schema';
import { MINUTE_MS } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { openSecret, sealSecret } from '../../../lib/sealed-secrets';
import { hashToken } from '../../../lib/tokens';
import { recordAudit } from '../../audit-log';
import { assertOwner } from '../campus-sign-in';
import { keepChallenge, takeChallenge } from './challenges';
import { type RelyingParty, registrationOptions, verifiedRegistration } from './passkeys';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { adminsMustUseSecondFactor, markSessionPassed, stepOf, unusedRecoveryCodes } from './state';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/** What every change of an account's second factors works with. */
export interface SecondFactorContext {
  db: Database;
  /** Seals authenticator-app secrets (lib/sealed-secrets.ts). */
  sealingKey: Buffer;
  now: Date;
}

/** The signed-in owner and the session asking. */
export interface Owner {
  user: UserRow;
  sessionToken: string;
}

/** How long after signing in a session may add a factor without giving the password again. */
const FRESH_SIGN_IN_MS = CAMPUS_CONFIRMATION_LIFETIME_MINUTES * MINUTE_MS;

const toSecondFactor = (row: SecondFactorRow): SecondFactor => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function factorsOf(db: Database | WritableDatabase, userId: string): Promise<SecondFactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

/** Profile → Security: the account's factors, its recovery codes left, and what this session must do. */
export async function secondFactorStatus(db: Database, owner: Owner): Promise<SecondFactorStatus> {
  const [session] = await db
    .select({ secondFactor: sessions.secondFactor })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(owner.sessionToken)));
  return {
    factors: (await factorsOf(db, owner.user.id)).map(toSecondFactor),
    recoveryCodesLeft: await unusedRecoveryCodes(db, owner.user.id),
    required: owner.user.role === 'admin' && (await adminsMustUseSecondFactor(db)),
    step: stepOf(session?.secondFactor ?? 'not_asked'),
  };
}

/**
 * Before a factor is added: the current password (or a recent campus sign-in of this session),
 * or a sign-in of this session within the last few minutes, as right after signing in where an
 * administrator must set one up.
 */
async function assertOwnerOrFreshSignIn(
  context: SecondFactorContext,
  owner: Owner,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) {
    const [session] = await context.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(owner.sessionToken)));
    if (session && context.now.getTime() - session.createdAt.getTime() < FRESH_SIGN_IN_MS) return;
  }
  await assertOwner(context.db, owner.user, { currentPassword, sessionToken: owner.sessionToken }, context.now);
}

function auditSecondFactor(
  tx: WritableDatabase,
  user: UserRow,
  action: AuditAction,
  now: Date,
  kind?: SecondFactorKind,
): Promise<void> {
  return recordAudit(
    tx,
    {
      actorId: user.id,
      action,
      target: { type: 'user', id: user.id },
      subjectUserId: user.id,
      data: { userName: user.name, userEmail: user.email, ...(kind ? { changes: { kind } } : {}) },
    },
    now,
  );
}

/** Replaces the account's recovery codes with ten new ones; answers them, the only time they are seen. */
async function replaceRecoveryCodes(tx: WritableDatabase, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/**
 * Stores a confirmed factor; the account's first comes with ten recovery codes. The session that
 * added it has shown it holds it: it counts as passed. Writes second_factors, recovery_codes,
 * sessions.second_factor and the audit log.
 */
async function addFactor(
  context: SecondFactorContext,
  owner: Owner,
  values: Omit<typeof secondFactors.$inferInsert, 'userId' | 'createdAt'>,
): Promise<Enrolled> {
  const { user } = owner;
  const enrolled = await changeData(context.db, [sessionsChanged(user.id)], async (tx) => {
    const first = (await factorsOf(tx, user.id)).length === 0;
    const [row] = await tx
      .insert(secondFactors)
      .values({ ...values, userId: user.id, createdAt: context.now })
      .returning();
    const codes = first ? await replaceRecoveryCodes(tx, user.id, context.now) : null;
    await auditSecondFactor(tx, user, 'second_factor_added', context.now, values.kind);
    return { factor: toSecondFactor(row!), recoveryCodes: codes };
  });
  await markSessionPassed(context.db, user.id, owner.sessionToken);
  return enrolled;
}

/** A new authenticator-app secret for this session to confirm with a code. Writes second_factor_challenges. */
export async function startTotpEnrolment(
  context: SecondFactorContext,
  owner: Owner,
  siteName: string,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await keepChallenge(
    context.db,
    owner.sessionToken,
    'totp_enrolment',
    sealSecret(context.sealingKey, secret),
    context.now,
  );
  return { secret, uri: totpUri(secret, siteName, owner.user.email) };
}

/** The app shows the right code for the secret this session was given: it becomes a factor. */
export async function confirmTotpEnrolment(
  context: SecondFactorContext,
  owner: Owner,
  input: { code: string; label: string; currentPassword?: string | undefined },
): Promise<Enrolled> {
  await assertOwnerOrFreshSignIn(context, owner, input.currentPassword);
  const sealed = await takeChallenge(context.db, owner.sessionToken, 'totp_enrolment', context.now);
  const secret = sealed && openSecret(context.sealingKey, sealed);
  if (!secret) throw new AppError('conflict', 'This setup has expired. Please start again.');
  const step = acceptedTotpStep(Secret.fromBase32(secret), input.code, context.now, null);
  if (step === null) {
    // The same secret stays on offer, so a mistyped code can be typed again.
    await keepChallenge(context.db, owner.sessionToken, 'totp_enrolment', sealed!, context.now);
    throw new AppError('validation_error', WRONG_SECOND_FACTOR_CODE_MESSAGE, 'code');
  }
  return addFactor(context, owner, {
    kind: 'totp',
    label: input.label,
    totpSecret: sealSecret(context.sealingKey, secret),
    totpLastStep: step,
  });
}

/** Options for the browser to create a passkey with; the challenge is kept for this session. */
export async function startPasskeyRegistration(context: SecondFactorContext, owner: Owner, party: RelyingParty) {
  const existing = (await factorsOf(context.db, owner.user.id)).filter((factor) => factor.kind === 'passkey');
  const options = await registrationOptions(party, owner.user, existing);
  await keepChallenge(context.db, owner.sessionToken, 'passkey_registration', options.challenge, context.now);
  return options;
}

/** The browser created the passkey for the challenge this session was given: it becomes a factor. */
export async function registerPasskey(
  context: SecondFactorContext,
  owner: Owner,
  party: RelyingParty,
  input: { response: RegistrationResponseJSON; label: string; currentPassword?: string | undefined },
): Promise<Enrolled> {
  await assertOwnerOrFreshSignIn(context, owner, input.currentPassword);
  const challenge = await takeChallenge(context.db, owner.sessionToken, 'passkey_registration', context.now);
  const passkey = challenge && (await verifiedRegistration(party, input.response, challenge));
  if (!passkey) throw new AppError('validation_error', PASSKEY_NOT_ACCEPTED_MESSAGE, 'response');
  return addFactor(context, owner, {
    kind: 'passkey',
    label: input.label,
    passkeyCredentialId: passkey.credentialId,
    passkeyPublicKey: passkey.publicKey,
    passkeyCounter: passkey.counter,
    passkeyTransports: passkey.transports,
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505')
      throw new AppError('conflict', 'This passkey is already set up.');
    throw err;
  });
}

/**
 * Removes a factor after a fresh proof of ownership. An administrator who must use a second
 * factor keeps at least one; the last one gone takes the recovery codes with it. Writes
 * second_factors, recovery_codes and the audit log.
 */
export async function removeFactor(
  context: SecondFactorContext,
  owner: Owner,
  factorId: string,
  currentPassword: string | undefined,
): Promise<void> {
  const { user } = owner;
  await assertOwner(context.db, user, { currentPassword, sessionToken: owner.sessionToken }, context.now);
  await changeData(context.db, [sessionsChanged(user.id)], async (tx) => {
    const factors = await factorsOf(tx, user.id);
    const target = factors.find((factor) => factor.id === factorId);
    if (!target) throw new AppError('not_found', 'This second factor has already been removed.');
    if (factors.length === 1 && user.role === 'admin' && (await adminsMustUseSecondFactor(tx)))
      throw new AppError('conflict', LAST_REQUIRED_FACTOR_MESSAGE);
    await tx.delete(secondFactors).where(and(eq(secondFactors.id, factorId), eq(secondFactors.userId, user.id)));
    if (factors.length === 1) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await auditSecondFactor(tx, user, 'second_factor_removed', context.now, target.kind);
  });
}

/** Ten new recovery codes, the old ones void, after a fresh proof of ownership. Writes recovery_codes and the audit log. */
export async function regenerateRecoveryCodes(
  context: SecondFactorContext,
  owner: Owner,
  currentPassword: string | undefined,
): Promise<string[]> {
  const { user } = owner;
  await assertOwner(context.db, user, { currentPassword, sessionToken: owner.sessionToken }, context.now);
  return changeData(context.db, [sessionsChanged(user.id)], async (tx) => {
    if ((await factorsOf(tx, user.id)).length === 0)
      throw new AppError('conflict', 'Set up a second factor first: recovery codes stand in for it.');
    const codes = await replaceRecoveryCodes(tx, user.id, context.now);
    await auditSecondFactor(tx, user, 'recovery_codes_regenerated', context.now);
    return codes;
  });
}
