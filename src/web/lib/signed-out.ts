import { useSyncExternalStore } from 'react';

/**
 * Whether the server answered a request with "unauthenticated" since the reader last logged
 * in: the session ended (expired, or logged out in another tab) while a page was open. One
 * place hears it (apiFetch) and one place answers it (the app shell's "You were signed out"
 * dialog), so no form has to handle a 401 itself, and nothing on the page is thrown away.
 */
let signedOut = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (signedOut === value) return;
  signedOut = value;
  for (const listener of listeners) listener();
}

export const reportSignedOut = () => set(true);
export const clearSignedOut = () => set(false);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignedOut(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => signedOut,
    () => false,
  );
}
