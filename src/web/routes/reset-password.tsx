import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function ResetPasswordRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('resetPassword.title'));
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <ResetPasswordForm token={params.get('token')} />
    </AuthPage>
  );
}

export { ResetPasswordRoute as Component };
