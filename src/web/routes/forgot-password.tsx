import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function ForgotPasswordRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('forgotPassword.title'));
  return (
    <AuthPage title={t('forgotPassword.title')}>
      <ForgotPasswordForm />
    </AuthPage>
  );
}

export { ForgotPasswordRoute as Component };
