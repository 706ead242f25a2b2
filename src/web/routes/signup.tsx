import { CampusSignInButton, SignInDivider } from '../features/auth/components/campus-sign-in';
import { SignupForm } from '../features/auth/components/signup-form';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  const { data: settings } = usePublicSettings();
  const campus = settings?.campusSignIn;
  if (campus && !settings.passwordSignIn) {
    return (
      <AuthPage title="Sign Up">
        <p className="mb-5 text-slate-700">
          Students join with their university account: your account is made the first time you sign in.
        </p>
        <CampusSignInButton label={campus.buttonLabel} />
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Sign Up">
      {campus && (
        <>
          <CampusSignInButton label={campus.buttonLabel} />
          <SignInDivider>or sign up with your email</SignInDivider>
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
