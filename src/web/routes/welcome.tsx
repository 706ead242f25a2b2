import { useSearchParams } from 'react-router';
import { InvitationForm } from '../features/account/components/invitation-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function WelcomeRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('choosePassword.title'));
  const [params] = useSearchParams();
  return (
    <AuthPage>
      <InvitationForm userId={params.get('userId')} secret={params.get('secret')} />
    </AuthPage>
  );
}

export { WelcomeRoute as Component };
