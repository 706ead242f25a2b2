import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { SecondFactorRow } from '../../../db/schema';

/**
 * The key algorithms a passkey may use: EdDSA, ES256 and RS256 (COSE -8, -7, -257), which every
 * authenticator offers. Named rather than left to the library, whose default also offers ML-DSA
 * where the runtime has it: Node 24 marks that algorithm experimental and warns on every process
 * that probes for it, and no authenticator needs it yet.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

/** The site as WebAuthn knows it: its host name (rpID), its name and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, siteName: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: siteName, origin: url.origin };
}

type StoredPasskey = Pick<SecondFactorRow, 'passkeyCredentialId' | 'passkeyTransports'>;

const descriptorOf = (passkey: StoredPasskey) => ({
  id: passkey.passkeyCredentialId!,
  transports: passkey.passkeyTransports ?? [],
});

/**
 * Options for creating a passkey: no attestation (which authenticator it is stays the owner's
 * business), the account's passkeys excluded so one authenticator is not added twice.
 */
export function registrationOptions(
  party: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The passkey the browser created, when its answer holds up against the challenge; undefined otherwise. */
export async function verifiedRegistration(
  party: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
): Promise<NewPasskey | undefined> {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!verified) return undefined;
    const { credential } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

/** Options for signing in with one of the account's passkeys. */
export function authenticationOptions(
  party: RelyingParty,
  passkeys: StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: party.id,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'preferred',
  });
}

/** The authenticator's new signature counter when its answer holds up for this passkey; undefined otherwise. */
export async function verifiedAuthentication(
  party: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  passkey: SecondFactorRow,
): Promise<number | undefined> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.passkeyCredentialId!,
        publicKey: new Uint8Array(Buffer.from(passkey.passkeyPublicKey!, 'base64url')),
        counter: passkey.passkeyCounter!,
        transports: passkey.passkeyTransports ?? [],
      },
      requireUserVerification: false,
    });
    return verified ? authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
