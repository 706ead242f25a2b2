import { useSearchParams } from 'react-router';
import { ConfirmEmailChange } from '../features/account/components/confirm-email-change';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { AuthPage } from './auth-page';

export function ConfirmEmailRoute() {
  useDocumentTitle('Confirm your new email');
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <ConfirmEmailChange token={params.get('token')} />
    </AuthPage>
  );
}

export { ConfirmEmailRoute as Component };
