import * as oidc from 'openid-client';
import type { CampusSignInFailure } from '../../shared/campus-sign-in';
import type { CampusSignInConfig } from '../config';

/** How long one request to the university's provider may take before it counts as down. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** What the university says of the person who signed in. */
export interface CampusProfile {
  protocol: 'oidc';
  issuer: string;
  /** The provider's permanent identifier of the person (never the address, which can change). */
  subject: string;
  email: string | undefined;
  /** True only when the provider says so (email_verified); many campus providers leave it out. */
  emailVerified: boolean;
  name: string | undefined;
  /** How the person signed in there, as the ID token's `amr` says (RFC 8176 values); empty when it does not say. */
  authenticationMethods: string[];
  /** The ID token's `acr`: the assurance level the provider says the sign-in met, when it says. */
  authenticationContext: string | undefined;
}

/** The secrets of one sign-in attempt, kept on the server between leaving and coming back. */
export interface CampusAttemptChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Why a campus sign-in stopped, in words that are safe for the page and the log: never a token,
 * a code or the provider's answer body.
 */
export class CampusSignInError extends Error {
  constructor(
    readonly reason: CampusSignInFailure,
    /** For the log: what went wrong, without secrets. */
    readonly detail: string,
  ) {
    super(`campus sign-in failed (${reason}): ${detail}`);
    this.name = 'CampusSignInError';
  }
}

/** New secrets for an attempt: state, nonce and the PKCE code verifier, each from the library's generator. */
export function newAttemptChecks(): CampusAttemptChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/**
 * The university's OpenID Provider, spoken to through openid-client: authorization-code flow
 * with PKCE, state and nonce, the ID token's signature, issuer, audience, expiry and nonce
 * checked by the library. The provider's metadata is discovered on first use and kept; a
 * provider that is down when asked is asked again next time, so the site starts without it.
 */
export class CampusProvider {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: CampusSignInConfig,
    /** Where the provider sends the browser back: `<PUBLIC_URL>/api/auth/oidc/callback`. */
    readonly redirectUri: string,
  ) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : undefined,
        this.settings.clientSecret ? undefined : oidc.None(),
        {
          [oidc.customFetch]: (url, options) =>
            fetch(url, {
              ...options,
              // The library's bytes are a valid body; only the DOM and Node typings name them differently.
              body: options.body as RequestInit['body'],
              signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
            }),
          // Plain http is only accepted for a provider on this machine (config.ts checks it).
          execute: new URL(this.settings.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw new CampusSignInError('unavailable', `discovery failed: ${describe(err)}`);
      });
    return this.configuration;
  }

  /** Where to send the browser to sign in; `prompt=login` asks the person to sign in again even when the provider remembers them. */
  async authorizationUrl(checks: CampusAttemptChecks, options: { signInAgain: boolean }): Promise<URL> {
    const configuration = await this.discover();
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (options.signInAgain) parameters.prompt = 'login';
    return oidc.buildAuthorizationUrl(configuration, parameters);
  }

  /**
   * Completes the sign-in the provider answered with at `callbackUrl`: checks the answer against
   * the attempt, exchanges the code and reads who signed in from the ID token (and the userinfo
   * endpoint when the token leaves out the address or the name).
   */
  async finish(callbackUrl: URL, checks: CampusAttemptChecks): Promise<CampusProfile> {
    const configuration = await this.discover();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw classify(err);
    }
    const claims = tokens.claims();
    if (!claims) throw new CampusSignInError('rejected', 'no ID token');
    let { email, email_verified: emailVerified, name } = claims;
    if ((typeof email !== 'string' || typeof name !== 'string') && configuration.serverMetadata().userinfo_endpoint) {
      try {
        const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = typeof email === 'string' ? email : userInfo.email;
        emailVerified = typeof email === 'string' && email === userInfo.email ? userInfo.email_verified : emailVerified;
        name = typeof name === 'string' ? name : userInfo.name;
      } catch (err) {
        throw classify(err);
      }
    }
    return {
      protocol: 'oidc',
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof email === 'string' ? email : undefined,
      emailVerified: emailVerified === true,
      name: typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined,
      authenticationMethods: Array.isArray(claims.amr) ? claims.amr.filter((m) => typeof m === 'string') : [],
      authenticationContext: typeof claims.acr === 'string' ? claims.acr : undefined,
    };
  }
}

/** The library's error, as a reason: the person said no, the provider is unreachable, or its answer does not hold up. */
function classify(err: unknown): CampusSignInError {
  if (err instanceof oidc.AuthorizationResponseError) {
    // The provider's own refusal, sent back to the callback: 'access_denied' is the person cancelling.
    return new CampusSignInError(
      err.error === 'access_denied' ? 'cancelled' : 'rejected',
      `provider said ${err.error}`,
    );
  }
  if (err instanceof oidc.ResponseBodyError) {
    return new CampusSignInError('rejected', `the token endpoint said ${err.error} (${err.status})`);
  }
  if (isUnreachable(err) || (err instanceof Error && isUnreachable(err.cause))) {
    return new CampusSignInError('unavailable', describe(err));
  }
  return new CampusSignInError('rejected', describe(err));
}

/** fetch's own failures: nothing answered, or not in time. */
function isUnreachable(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof DOMException && err.name === 'TimeoutError');
}

/**
 * The error's name, code and message, and its cause's message: the library's messages name the
 * check that failed, never the values compared (those sit in objects this leaves out).
 */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}${cause}`;
}
