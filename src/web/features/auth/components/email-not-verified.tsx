import toast from 'react-hot-toast';
import { Trans } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useResendVerification } from '../api/resend-verification';

/** Shown instead of the user pages until the account's email address is confirmed. */
export function EmailNotVerified({ email }: { email: string }) {
  const { t } = useAuthText();
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="email-not-verified"
      className="mx-auto max-w-lg rounded-lg border border-amber-300 bg-amber-50 p-6 text-center"
    >
      <h1 id="email-not-verified" className="text-xl font-semibold text-amber-900">
        {t('emailNotVerified.title')}
      </h1>
      <p className="mt-2 text-amber-900">
        <Trans t={t} i18nKey="emailNotVerified.explanation" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <Button
        className="mt-4"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (result) => toast.success(t('emailSent', { email: result.email })),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        {resend.isPending ? t('emailNotVerified.sending') : t('emailNotVerified.resend')}
      </Button>
    </section>
  );
}
