import { SignupForm } from '../features/auth/components/signup-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  return (
    <AuthPage title="Sign Up">
      <SignupForm />
    </AuthPage>
  );
}

export { SignupRoute as Component };
