import type { ComponentType, ReactNode } from 'react';
import type { Account } from '../../../../shared/account';
import { buttonClasses } from '../../../components/ui/button-classes';
import { paths } from '../../../config/paths';
import { useTabTitle } from '../../../hooks/use-tab-title';
import { FeatureCards } from './feature-cards';

/**
 * How the page links elsewhere: React Router's Link inside the app, a plain anchor on the
 * landing page's own lean bundle (which loads no router).
 */
export type LinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/** The public front page; it knows nothing of where its site name and session come from. */
export function LandingPage({
  siteName,
  account,
  Link,
}: {
  siteName: string;
  account: Account | null | undefined;
  Link: LinkComponent;
}) {
  useTabTitle(siteName);

  return (
    <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-slate-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <span className="text-lg font-bold text-indigo-800">{siteName}</span>
        {account ? (
          <Link to={account.role === 'admin' ? paths.admin.root : paths.user.root} className={buttonClasses()}>
            Go To Console
          </Link>
        ) : (
          <Link to={paths.login} className={buttonClasses()}>
            Login
          </Link>
        )}
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6 sm:pt-16">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Welcome to {siteName}</h1>
          <p className="mt-4 text-lg text-slate-700">Your one-stop solution for reviewing and managing teachers.</p>
        </div>
        <div className="mt-12">
          <FeatureCards Link={Link} />
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
