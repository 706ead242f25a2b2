import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { useSignedOut } from '../lib/signed-out';

/** Spec section 9: toasts last 4000 ms, success toasts 2000 ms (react-hot-toast keeps at most 20). */
const toastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  // react-hot-toast paints its own white: the theme's colours instead.
  style: { background: 'var(--color-white)', color: 'var(--color-slate-900)' },
} as const;

/**
 * Outcomes of what the reader did, in the bottom corner where they cover neither the
 * navigation nor a heading. A success clears the failures shown before it: an old "Error
 * Occurred" has no place beside "Logged In successfully". While the "You were signed out"
 * dialog is up, it alone says why a request failed.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const signedOut = useSignedOut();
  const newestSuccess = toasts.find((item) => item.type === 'success' && item.visible);

  useEffect(() => {
    if (!newestSuccess && !signedOut) return;
    for (const item of toasts) {
      if (item.type !== 'error' || !item.visible) continue;
      if (signedOut || (newestSuccess && item.createdAt <= newestSuccess.createdAt)) toast.dismiss(item.id);
    }
  }, [newestSuccess, signedOut, toasts]);

  return <Toaster position="bottom-right" toastOptions={toastOptions} />;
}
