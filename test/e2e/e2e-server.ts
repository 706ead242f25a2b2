import path from 'node:path';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../helpers/openid-test-client';

/**
 * The first of the ports the end-to-end run listens on (it uses this one, the next two, the four
 * from +10, the six from +20 and the one at +30). E2E_PORT_BASE moves them, so two worktrees on one machine can run at once.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);

/** The end-to-end server: the built product on the embedded database, in a data folder emptied per run. */
export const e2eServer = {
  port: portBase,
  dataDir: path.resolve('.cache/e2e-data'),
  adminEmail: 'e2e-admin@tutorly.test',
  adminPassword: 'e2e-admin-password',
};

/** A second instance of the product with no AI provider configured, on its own data folder. */
export const e2eServerWithoutAi = {
  port: portBase + 1,
  dataDir: path.resolve('.cache/e2e-data-no-ai'),
};

/**
 * An instance for passkeys, served as `localhost`: WebAuthn takes the site's host name as the
 * relying party, and browsers refuse an IP address there. No ADMIN_EMAIL, so its first
 * administrator is the generated one, as on a new installation.
 */
export const e2eServerForPasskeys = {
  port: portBase + 2,
  dataDir: path.resolve('.cache/e2e-data-passkeys'),
  url: `http://localhost:${portBase + 2}`,
};

/** The university's OpenID Provider the main instance offers campus sign-in through (test/helpers/serve-openid-provider.ts). */
export const university = {
  port: portBase + 13,
  issuer: `http://127.0.0.1:${portBase + 13}`,
  clientId: TEST_CLIENT_ID,
  clientSecret: TEST_CLIENT_SECRET,
};

/** The fake AI providers the main instance drafts with, and the port a test tells them what to answer on. */
export const fakeAi = {
  geminiPort: portBase + 10,
  openAiPort: portBase + 11,
  controlPort: portBase + 12,
  geminiKey: 'e2e-gemini-key-7d1f0a',
};

/**
 * The scale-out run (scale-out.spec.ts): nginx in front of two instances of the product on one
 * PostgreSQL database, with pictures in an S3-compatible server.
 */
export const scaleOut = {
  loadBalancerPort: portBase + 20,
  instancePorts: [portBase + 21, portBase + 22],
  /** A deploy: nginx in front of an instance of the old release and one of the new. */
  deploy: { loadBalancerPort: portBase + 23, oldInstancePort: portBase + 24, newInstancePort: portBase + 25 },
};

/** The full-disk run (full-disk.spec.ts): an instance whose data folder is a small tmpfs that fills up. */
export const fullDisk = {
  port: portBase + 30,
  adminEmail: 'full-disk-admin@tutorly.test',
  adminPassword: 'full-disk-admin-password',
};
