import { useSearchParams } from 'react-router';
import { ChoosePasswordForm } from '../features/account/components/choose-password-form';
import { LogoutButton } from '../features/auth/components/logout-button';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { paths } from '../config/paths';
import { useAccount } from '../lib/session';
import { useAuthText } from '../i18n/namespaces/auth';
import { AuthPage } from './auth-page';

/** Where to go after choosing: a path of this site only, never another site's address. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.home;
}

export function ChoosePasswordRoute() {
  const { t } = useAuthText();
  useDocumentTitle(t('choosePassword.title'));
  const [params] = useSearchParams();
  const { account } = useAccount();
  return (
    <AuthPage title={t('choosePassword.title')}>
      <p className="mb-6 text-center text-slate-700">{t('choosePassword.explanation')}</p>
      <ChoosePasswordForm
        email={account?.email ?? ''}
        role={account?.role ?? 'student'}
        next={safeNext(params.get('next'))}
      />
      <p className="mt-4 text-center text-sm text-slate-700">
        {t('choosePassword.notNow')}{' '}
        <LogoutButton className="font-medium text-indigo-700 underline hover:text-indigo-900" />
      </p>
    </AuthPage>
  );
}

export { ChoosePasswordRoute as Component };
