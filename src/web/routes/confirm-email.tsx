import { useSearchParams } from 'react-router';
import { ConfirmEmailChange } from '../features/account/components/confirm-email-change';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function ConfirmEmailRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('confirmEmail.title'));
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <ConfirmEmailChange token={params.get('token')} />
    </AuthPage>
  );
}

export { ConfirmEmailRoute as Component };
