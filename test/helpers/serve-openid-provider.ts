import { startOpenIdProvider } from './openid-provider';

// The browser tests' university: a real OpenID Provider in its own process, where anyone may
// sign in (a login `ada-lovelace` is the verified ada-lovelace@campus.test, "Ada Lovelace").
const port = Number(process.env.OPENID_PROVIDER_PORT);
const redirectUri = process.env.OPENID_REDIRECT_URI;
if (!port || !redirectUri) throw new Error('OPENID_PROVIDER_PORT and OPENID_REDIRECT_URI are required');

const provider = await startOpenIdProvider({ redirectUris: [redirectUri], anyone: true, port });
console.log(`OpenID Provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
