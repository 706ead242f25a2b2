import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthPage title="Forgot password">
      <ForgotPasswordForm />
    </AuthPage>
  );
}

export { ForgotPasswordRoute as Component };
