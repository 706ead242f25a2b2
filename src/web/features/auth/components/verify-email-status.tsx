import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useAccount } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';

/** Spec section 9: the verified page moves on to the user area after three seconds. */
const VERIFIED_REDIRECT_MS = 3000;

export function VerifyEmailStatus({ userId, secret }: { userId: string | null; secret: string | null }) {
  const link = userId && secret ? { userId, secret } : null;
  const verification = useVerifyEmail(link);
  const { t } = useAuthText();
  const navigate = useNavigate();
  const { account } = useAccount();
  // The user area turns logged-out visitors away to the landing page; someone who opened the
  // link in another browser is better served by the login page.
  const destination = account === null ? paths.login : paths.user.root;

  useEffect(() => {
    if (!verification.isSuccess) return;
    const timer = setTimeout(() => navigate(destination, { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verification.isSuccess, navigate, destination]);

  if (!link) return <Failed reason={t('invalidLink')} />;
  if (verification.isPending) return <Spinner label={t('verify.verifying')} />;
  // A link opened again once the address is confirmed: nothing failed.
  if (verification.isError && account?.emailVerified) return <AlreadyVerified />;
  if (verification.isError) return <Failed reason={verification.error.message || t('verify.failedTryAgain')} />;
  return (
    <div role="status" className="text-center">
      <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('verify.verified')}</h1>
      <p className="mt-2 text-slate-700">{account === null ? t('verify.toLogin') : t('verify.toDashboard')}</p>
    </div>
  );
}

function AlreadyVerified() {
  const { t } = useAuthText();
  return (
    <div role="status" className="text-center">
      <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('verify.alreadyVerified')}</h1>
      <p className="mt-2 text-slate-700">{t('verify.nothingMore')}</p>
      <LinkButton to={paths.user.root} className="mt-4">
        {t('verify.continue')}
      </LinkButton>
    </div>
  );
}

function Failed({ reason }: { reason: string }) {
  const { t } = useAuthText();
  return (
    <div role="alert" className="text-center">
      <h1 className="text-2xl font-semibold text-red-800">{t('verify.failed')}</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <TextLink to={paths.user.root} className="mt-4 inline-block">
        {t('verify.backToDashboard')}
      </TextLink>
      <p className="mt-2 text-sm text-slate-700">
        {t('verify.verifiedAlready')} <TextLink to={paths.login}>{t('verify.logIn')}</TextLink>
      </p>
    </div>
  );
}
