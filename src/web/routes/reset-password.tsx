import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <ResetPasswordForm token={params.get('token')} />
    </AuthPage>
  );
}

export { ResetPasswordRoute as Component };
