import { SignupForm } from '../features/auth/components/signup-form';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  const { data: settings } = usePublicSettings();
  return (
    <AuthPage title="Sign Up">
      <SignupForm
        universityDomains={settings?.signupDomains ?? []}
        restrictedToDomains={settings?.restrictSignupToDomains ?? false}
      />
    </AuthPage>
  );
}

export { SignupRoute as Component };
