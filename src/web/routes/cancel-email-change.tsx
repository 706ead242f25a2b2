import { useSearchParams } from 'react-router';
import { CancelEmailChange } from '../features/account/components/cancel-email-change';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function CancelEmailChangeRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('cancelEmailChange.title'));
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <CancelEmailChange token={params.get('token')} />
    </AuthPage>
  );
}

export { CancelEmailChangeRoute as Component };
