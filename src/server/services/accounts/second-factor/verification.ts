import { and, eq, isNull, or, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { Secret } from 'otpauth';
import {
  NO_SECOND_FACTOR_STEP_MESSAGE,
  PASSKEY_NOT_ACCEPTED_MESSAGE,
  WRONG_SECOND_FACTOR_CODE_MESSAGE,
} from '../../../../shared/second-factor';
import { sessionsChanged } from '../../../cache/data-changes';
import { changeData } from '../../../db/change-data';
import { recoveryCodes, secondFactors, sessions } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { openSecret } from '../../../lib/sealed-secrets';
import { hashToken } from '../../../lib/tokens';
import { keepChallenge, takeChallenge } from './challenges';
import { factorsOf, type Owner, type SecondFactorContext } from './factors';
import { authenticationOptions, type RelyingParty, verifiedAuthentication } from './passkeys';
import { recoveryCodeHash } from './recovery-codes';
import { markSessionPassed } from './state';
import { acceptedTotpStep } from './totp';

/** The sign-in's second step is only for a session that has it to take. */
async function assertPending(context: SecondFactorContext, owner: Owner): Promise<void> {
  const [session] = await context.db
    .select({ secondFactor: sessions.secondFactor })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(owner.sessionToken)));
  if (session?.secondFactor !== 'pending') throw new AppError('conflict', NO_SECOND_FACTOR_STEP_MESSAGE);
}

/**
 * The second step with a code: one from an authenticator app (each code once, never one older
 * than the last taken) or an unused recovery code (used up). The caller limits the attempts.
 * Writes second_factors or recovery_codes, and sessions.second_factor.
 */
export async function verifySecondFactorCode(
  context: SecondFactorContext,
  owner: Owner,
  code: string,
): Promise<{ with: 'totp' | 'recovery_code' }> {
  await assertPending(context, owner);
  const { user } = owner;
  const used = await changeData(context.db, [sessionsChanged(user.id)], async (tx) => {
    for (const factor of await factorsOf(tx, user.id)) {
      if (factor.kind !== 'totp') continue;
      const secret = openSecret(context.sealingKey, factor.totpSecret!);
      if (!secret) continue;
      const step = acceptedTotpStep(Secret.fromBase32(secret), code, context.now, factor.totpLastStep);
      if (step === null) continue;
      // Conditional, so two requests with the same code cannot both pass.
      const taken = await tx
        .update(secondFactors)
        .set({ totpLastStep: step, lastUsedAt: context.now })
        .where(
          and(
            eq(secondFactors.id, factor.id),
            or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step)),
          ),
        )
        .returning({ id: secondFactors.id });
      if (taken.length > 0) return 'totp' as const;
    }
    const spent = await tx
      .update(recoveryCodes)
      .set({ usedAt: context.now })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return spent.length > 0 ? ('recovery_code' as const) : null;
  });
  if (!used) throw new AppError('validation_error', WRONG_SECOND_FACTOR_CODE_MESSAGE, 'code');
  await markSessionPassed(context.db, user.id, owner.sessionToken);
  return { with: used };
}

/** Options for the browser to sign in with one of the account's passkeys; the challenge is kept for this session. */
export async function startPasskeyAuthentication(context: SecondFactorContext, owner: Owner, party: RelyingParty) {
  await assertPending(context, owner);
  const passkeys = (await factorsOf(context.db, owner.user.id)).filter((factor) => factor.kind === 'passkey');
  if (passkeys.length === 0) throw new AppError('conflict', 'This account has no passkey.');
  const options = await authenticationOptions(party, passkeys);
  await keepChallenge(context.db, owner.sessionToken, 'passkey_authentication', options.challenge, context.now);
  return options;
}

/** The second step with a passkey, answering the challenge this session was given. Writes second_factors and sessions.second_factor. */
export async function verifyPasskey(
  context: SecondFactorContext,
  owner: Owner,
  party: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<void> {
  await assertPending(context, owner);
  const { user } = owner;
  const challenge = await takeChallenge(context.db, owner.sessionToken, 'passkey_authentication', context.now);
  const passkey = (await factorsOf(context.db, user.id)).find(
    (factor) => factor.kind === 'passkey' && factor.passkeyCredentialId === response.id,
  );
  const counter = challenge && passkey ? await verifiedAuthentication(party, response, challenge, passkey) : undefined;
  if (counter === undefined || !passkey)
    throw new AppError('validation_error', PASSKEY_NOT_ACCEPTED_MESSAGE, 'response');
  await changeData(context.db, [sessionsChanged(user.id)], (tx) =>
    tx
      .update(secondFactors)
      .set({ passkeyCounter: counter, lastUsedAt: context.now })
      .where(eq(secondFactors.id, passkey.id)),
  );
  await markSessionPassed(context.db, user.id, owner.sessionToken);
}
