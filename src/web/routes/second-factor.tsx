import { useNavigate, useSearchParams } from 'react-router';
import { LogoutButton } from '../features/auth/components/logout-button';
import { SecondFactorStep } from '../features/second-factor/components/second-factor-step';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useSecondFactorText } from '../i18n/namespaces/second-factor';
import { AuthPage } from './auth-page';
import { safeNext } from './choose-password';

/** The sign-in's second step, then on to where the reader was going. */
export function SecondFactorRoute() {
  const { t } = useSecondFactorText();
  useDocumentTitle(t('step.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthPage title={t('step.title')}>
      <SecondFactorStep onPassed={() => navigate(safeNext(params.get('next')), { replace: true })} />
      <p className="mt-6 text-center text-sm">
        <LogoutButton className="font-medium text-indigo-700 underline hover:text-indigo-900" />
      </p>
    </AuthPage>
  );
}

export { SecondFactorRoute as Component };
