import { useLocation } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  useDocumentTitle('Login');
  const signedUpEmail = (useLocation().state as { signedUpEmail?: string } | null)?.signedUpEmail;
  return (
    <AuthPage title="Login">
      {signedUpEmail && (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          We sent an email to {signedUpEmail}. Open it to verify your account, then log in.
        </p>
      )}
      <LoginForm initialEmail={signedUpEmail} />
    </AuthPage>
  );
}

export { LoginRoute as Component };
