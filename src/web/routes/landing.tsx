import { Link } from 'react-router';
import { LinkButton } from '../components/ui/button';
import { paths } from '../config/paths';
import { useAccount } from '../features/auth/api/get-session';
import { FeatureCards } from '../features/landing/components/feature-cards';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

export function LandingRoute() {
  const siteName = useSiteName();
  const { account } = useAccount();
  useDocumentTitle();

  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-slate-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <span className="text-lg font-bold text-indigo-800">{siteName}</span>
        {account ? (
          <LinkButton to={account.role === 'admin' ? paths.admin.root : paths.user.root}>Go To Console</LinkButton>
        ) : (
          <LinkButton to={paths.login}>Login</LinkButton>
        )}
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6 sm:pt-16">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Welcome to {siteName}</h1>
          <p className="mt-4 text-lg text-slate-700">Your one-stop solution for reviewing and managing teachers.</p>
        </div>
        <div className="mt-12">
          <FeatureCards />
        </div>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        <Link to={paths.about} className="underline-offset-2 hover:underline">
          About {siteName}
        </Link>
      </footer>
    </div>
  );
}
