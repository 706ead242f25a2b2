import { CampusSignInButton, SignInDivider } from '../features/auth/components/campus-sign-in';
import { SignupForm } from '../features/auth/components/signup-form';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('signup.title'));
  const { data: settings } = usePublicSettings();
  const campus = settings?.campusSignIn;
  if (campus && !settings.passwordSignIn) {
    return (
      <AuthPage title={t('signup.title')}>
        <p className="mb-5 text-slate-700">{t('signup.campusOnly')}</p>
        <CampusSignInButton label={campus.buttonLabel} />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('signup.title')}>
      {campus && (
        <>
          <CampusSignInButton label={campus.buttonLabel} />
          <SignInDivider>{t('signup.orWithEmail')}</SignInDivider>
        </>
      )}
      <SignupForm
        universityDomains={settings?.signupDomains ?? []}
        restrictedToDomains={settings?.restrictSignupToDomains ?? false}
      />
    </AuthPage>
  );
}

export { SignupRoute as Component };
