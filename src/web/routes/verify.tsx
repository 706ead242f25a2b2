import { useSearchParams } from 'react-router';
import { VerifyEmailStatus } from '../features/auth/components/verify-email-status';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function VerifyRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('verify.title'));
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <VerifyEmailStatus userId={params.get('userId')} secret={params.get('secret')} />
    </AuthPage>
  );
}

export { VerifyRoute as Component };
