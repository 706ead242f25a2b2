import type { CampusProfile } from '../../../lib/campus-provider';

/**
 * `amr` values (RFC 8176) that are a factor besides a password: a one-time code, a key held in
 * hardware or software, a smart card, a biometric.
 */
const POSSESSION_OR_INHERENCE = new Set([
  'hwk',
  'swk',
  'otp',
  'sms',
  'tel',
  'sc',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
]);

/**
 * `acr` values that name a multi-factor sign-in: the REFEDS MFA profile universities use, and
 * OpenID's PAPE multi-factor policies.
 */
const MULTI_FACTOR_CONTEXTS = new Set([
  'https://refeds.org/profile/mfa',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor-physical',
]);

/**
 * Whether the university says the person signed in with more than a password: `amr` holds
 * `mfa` or a possession or inherence method, or `acr` names a multi-factor profile. Only what the
 * ID token says counts, and only where an administrator trusts the provider to say it.
 */
export function campusSignInUsedSeveralFactors(profile: CampusProfile): boolean {
  const methods = profile.authenticationMethods;
  if (methods.includes('mfa') || methods.some((method) => POSSESSION_OR_INHERENCE.has(method))) return true;
  return profile.authenticationContext !== undefined && MULTI_FACTOR_CONTEXTS.has(profile.authenticationContext);
}
