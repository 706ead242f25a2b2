import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './openid-test-client';

/** A person at the test university: the login typed on the provider's page is their subject. */
export interface UniversityPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /**
   * How the university says this person signs in, carried in the ID token's `amr` and `acr` as
   * a university with multi-factor sign-in sends them (RFC 8176 methods, a REFEDS profile).
   */
  amr?: string[];
  acr?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  provider: Provider;
  /** People the provider knows, by login (subject); a test may add more. */
  people: Map<string, UniversityPerson>;
  /** The OIDC_* variables that point Tutorly at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (the `oidc-provider` package) on 127.0.0.1, with one confidential test
 * client and the package's own login and consent pages (devInteractions), which accept any
 * password: the login names the person. PKCE is required, as a careful university would.
 */
export async function startOpenIdProvider(options: {
  redirectUris: string[];
  people?: Record<string, UniversityPerson>;
  /** Anyone may sign in: a login not among `people` is a verified `<login>@campus.test`. */
  anyone?: boolean;
  /** 0 (the default) takes a free port. */
  port?: number;
}): Promise<TestOpenIdProvider> {
  const people = new Map(Object.entries(options.people ?? {}));
  const server = http.createServer();
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // `amr` and `acr` ride with every ID token, as Entra ID and Okta send them.
    claims: { openid: ['sub', 'amr', 'acr'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the address and the name, as Entra ID and Google do.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-provider-cookie-key'] },
    async findAccount(_ctx, accountId) {
      const person =
        people.get(accountId) ??
        (options.anyone
          ? { email: `${accountId}@campus.test`, email_verified: true, name: nameOf(accountId) }
          : undefined);
      if (!person) return undefined;
      const { amr: _amr, acr: _acr, ...claims } = person;
      return { accountId, claims: () => ({ sub: accountId, ...claims }) };
    },
  });
  // The development login page names only the account; a person's sign-in methods are added to
  // the provider's session as a university's own login page would record them.
  const loginAccount = provider.Session.prototype.loginAccount;
  provider.Session.prototype.loginAccount = function (this: unknown, login: Parameters<typeof loginAccount>[0]) {
    const person = people.get(login.accountId);
    return loginAccount.call(this, { ...login, amr: login.amr ?? person?.amr, acr: login.acr ?? person?.acr });
  } as typeof loginAccount;
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    people,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** 'ada-lovelace-123' → 'Ada Lovelace'. */
function nameOf(login: string): string {
  return login
    .split(/[^a-z]+/i)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** What the person does on the provider's pages. */
export type ProviderChoice = { login: string } | 'cancel';

/**
 * Walks the provider's real pages the way a browser would, without one: follows its redirects
 * with its cookies, signs in as `login` on the login page and continues on the consent page (or
 * cancels), until the provider sends the browser back to Tutorly. Answers with that address.
 */
export async function signInAtProvider(authorizationUrl: string, choice: ProviderChoice): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: authorizationUrl, method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return target;
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action)
      throw new Error(`the provider showed a page without a form (${response.status}): ${page.slice(0, 300)}`);
    const submitUrl = new URL(action.replaceAll('&amp;', '&'), next.url).href;
    if (choice === 'cancel') {
      next = { url: `${submitUrl}/abort`, method: 'GET' };
    } else if (page.includes('name="login"')) {
      next = {
        url: submitUrl,
        method: 'POST',
        body: new URLSearchParams({ prompt: 'login', login: choice.login, password: 'any password' }),
      };
    } else {
      next = { url: submitUrl, method: 'POST', body: new URLSearchParams({ prompt: 'consent' }) };
    }
  }
  throw new Error('the provider never sent the browser back');
}
