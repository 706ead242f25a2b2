import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** Shown instead of the user pages until the account's email address is confirmed. */
export function EmailNotVerified({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="email-not-verified"
      className="mx-auto max-w-lg rounded-lg border border-amber-300 bg-amber-50 p-6 text-center"
    >
      <h1 id="email-not-verified" className="text-xl font-semibold text-amber-900">
        Email Not Verified
      </h1>
      <p className="mt-2 text-amber-900">
        We sent a verification link to <strong>{email}</strong>. Open it to start using your account.
      </p>
      <Button
        className="mt-4"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (result) => toast.success(`Email sent at ${result.email}.`),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </section>
  );
}
