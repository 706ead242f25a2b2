import { useSearchParams } from 'react-router';
import { ChoosePasswordForm } from '../features/account/components/choose-password-form';
import { LogoutButton } from '../features/auth/components/logout-button';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { paths } from '../config/paths';
import { useAccount } from '../lib/session';
import { AuthPage } from './auth-page';

/** Where to go after choosing: a path of this site only, never another site's address. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.home;
}

export function ChoosePasswordRoute() {
  useDocumentTitle('Choose your password');
  const [params] = useSearchParams();
  const { account } = useAccount();
  return (
    <AuthPage title="Choose your password">
      <p className="mb-6 text-center text-slate-700">
        You signed in with a password you were given. Choose your own to continue; the one you were given will no longer
        work.
      </p>
      <ChoosePasswordForm email={account?.email ?? ''} next={safeNext(params.get('next'))} />
      <p className="mt-4 text-center text-sm text-slate-700">
        Not now? <LogoutButton className="font-medium text-indigo-700 underline hover:text-indigo-900" />
      </p>
    </AuthPage>
  );
}

export { ChoosePasswordRoute as Component };
