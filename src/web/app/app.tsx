import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';

/** Spec section 9: toasts last 4000 ms, success toasts 2000 ms (react-hot-toast keeps at most 20). */
const toastOptions = { duration: 4000, success: { duration: 2000 } } as const;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-center" toastOptions={toastOptions} />
    </QueryClientProvider>
  );
}
