import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAccount } from '../../lib/session';
import { SkipLink } from '../ui/skip-link';
import { TextLink } from '../ui/text-link';
import { useCommonText } from '../../i18n/namespaces/common';

/**
 * A page anyone may open, signed in or not (the site's own pages): the site name leading home,
 * a way back to one's dashboard or to log in, and the page's content.
 */
export function StandalonePage({ siteName, children }: { siteName: string; children: ReactNode }) {
  const { t } = useCommonText();
  const { account } = useAccount();
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
          <Link to={paths.home} className="text-lg font-bold text-indigo-800">
            {siteName}
          </Link>
          {account ? (
            <TextLink to={account.role === 'admin' ? paths.admin.root : paths.user.dashboard} className="text-sm">
              {t('standalonePage.dashboard')}
            </TextLink>
          ) : (
            <TextLink to={paths.login} className="text-sm">
              {t('standalonePage.login')}
            </TextLink>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-10 text-slate-800">
        {children}
      </main>
    </div>
  );
}
