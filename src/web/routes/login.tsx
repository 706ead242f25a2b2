import { useLocation, useSearchParams } from 'react-router';
import { CampusSignInButton, CampusSignInFailure, SignInDivider } from '../features/auth/components/campus-sign-in';
import { LoginForm } from '../features/auth/components/login-form';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('login.title'));
  const signedUpEmail = (useLocation().state as { signedUpEmail?: string } | null)?.signedUpEmail;
  const [searchParams] = useSearchParams();
  const { data: settings } = usePublicSettings();
  const campus = settings?.campusSignIn;
  return (
    <AuthPage title={t('login.title')}>
      <CampusSignInFailure searchParams={searchParams} signupDomains={settings?.signupDomains ?? []} />
      {signedUpEmail && (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {t('login.signedUp', { email: signedUpEmail })}
        </p>
      )}
      {campus && (
        <>
          <CampusSignInButton label={campus.buttonLabel} />
          <SignInDivider>
            {settings.passwordSignIn ? t('login.orWithPassword') : t('login.adminsWithPassword')}
          </SignInDivider>
        </>
      )}
      <LoginForm initialEmail={signedUpEmail} />
    </AuthPage>
  );
}

export { LoginRoute as Component };
