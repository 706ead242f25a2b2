import { useNavigate, useSearchParams } from 'react-router';
import { LogoutButton } from '../features/auth/components/logout-button';
import { SecondFactorSetup } from '../features/second-factor/components/second-factor-setup';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useSecondFactorText } from '../i18n/namespaces/second-factor';
import { AuthPage } from './auth-page';
import { safeNext } from './choose-password';

/** An administrator who must use a second factor sets one up right after signing in, then goes on. */
export function SecondFactorSetupRoute() {
  const { t } = useSecondFactorText();
  useDocumentTitle(t('setup.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const siteName = useSiteName();
  return (
    <AuthPage title={t('setup.title')}>
      <SecondFactorSetup siteName={siteName} onDone={() => navigate(safeNext(params.get('next')), { replace: true })} />
      <p className="mt-6 text-center text-sm">
        <LogoutButton className="font-medium text-indigo-700 underline hover:text-indigo-900" />
      </p>
    </AuthPage>
  );
}

export { SecondFactorSetupRoute as Component };
