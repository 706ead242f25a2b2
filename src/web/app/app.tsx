import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client';
import type { AppRouter } from './router';
import { AppToaster } from './toasts';
import { UpdateNotice } from './update-notice';
import { useSignedOut } from '../lib/signed-out';

// Loaded the first time a session ends mid-page, so no page pays for its form up front.
const SignedOutDialog = lazy(() =>
  import('../features/auth/components/signed-out-dialog').then((module) => ({ default: module.SignedOutDialog })),
);

function SignedOutGate() {
  const signedOut = useSignedOut();
  // Once loaded it stays, so closing the dialog gives the focus back as any dialog does.
  const [needed, setNeeded] = useState(false);
  if (signedOut && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <SignedOutDialog />
    </Suspense>
  ) : null;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <SignedOutGate />
      <AppToaster />
      <UpdateNotice />
    </QueryClientProvider>
  );
}
