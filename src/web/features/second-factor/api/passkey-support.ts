/** Whether this browser can create and use passkeys (WebAuthn), without loading the library that does it. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
