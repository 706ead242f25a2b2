import { LinkUniversityForm } from '../features/auth/components/link-university-form';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

export function LinkUniversityRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('linkUniversity.title'));
  return (
    <AuthPage>
      <LinkUniversityForm />
    </AuthPage>
  );
}

export { LinkUniversityRoute as Component };
