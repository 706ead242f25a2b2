/** Tutorly's registration at the test university's OpenID Provider (test/helpers/openid-provider.ts). */
export const TEST_CLIENT_ID = 'tutorly';
export const TEST_CLIENT_SECRET = 'tutorly-test-client-secret';
