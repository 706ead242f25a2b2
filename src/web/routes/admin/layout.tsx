import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { isAdmin, useAccount } from '../../lib/session';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { AccountThemeControl } from '../../features/account/components/account-theme-control';
import { AccountLanguageControl } from '../../features/account/components/account-language-control';
import { useAdminReviews } from '../../features/reviews/api/get-admin-reviews';
import { useSiteName } from '../../features/settings/api/get-public-settings';
import { useAdminTutors } from '../../features/tutors/api/get-admin-tutors';
import { formatNumber } from '../../i18n/format';
import { commonText, useCommonText } from '../../i18n/namespaces/common';

interface NavigationItem {
  to: string;
  /** The entry's name, in the page's language. */
  label: () => string;
  /** The paths (patterns) on which this entry is the current page: its own and those of the pages it leads to. */
  current: string[];
  /** A queue waiting behind this entry, counted beside it. */
  queue?: 'pending' | 'reported';
}

const navigation: NavigationItem[] = [
  { to: paths.admin.root, label: () => commonText('nav.dashboard'), current: [paths.admin.root] },
  { to: paths.admin.users, label: () => commonText('adminNav.nav.users'), current: [paths.admin.users] },
  {
    to: paths.admin.manageSubmissions,
    label: () => commonText('adminNav.nav.manageSubmissions'),
    current: [paths.admin.manageSubmissions, paths.admin.manageSubmissionsAlias],
    queue: 'pending',
  },
  {
    to: paths.admin.reviewManagement,
    label: () => commonText('adminNav.nav.reviewManagement'),
    current: [paths.admin.reviewManagement],
    queue: 'reported',
  },
  {
    to: paths.admin.profileClaims,
    label: () => commonText('adminNav.nav.profileClaims'),
    current: [paths.admin.profileClaims],
  },
  {
    to: paths.admin.teacherProfileManagement,
    label: () => commonText('adminNav.nav.teacherProfileManagement'),
    // A full profile, and the teacher form opened from one to edit, belong to the profiles.
    current: [
      paths.admin.teacherProfileManagement,
      `${paths.admin.teacherFullProfile()}/*`,
      `${paths.admin.teacherForm}/:tutorId`,
    ],
  },
  {
    to: paths.admin.teacherForm,
    label: () => commonText('adminNav.nav.addTeacher'),
    current: [paths.admin.teacherForm, paths.admin.addTeacher],
  },
  { to: paths.admin.auditLog, label: () => commonText('adminNav.nav.auditLog'), current: [paths.admin.auditLog] },
  { to: paths.admin.settings, label: () => commonText('adminNav.nav.settings'), current: [paths.admin.settings] },
  { to: paths.admin.profile, label: () => commonText('nav.profile'), current: [paths.admin.profile] },
];

/**
 * What waits for an administrator: submissions pending a decision and reviews with open
 * reports, counted from the queues' own lists (one row asked for, the total read).
 */
function useQueueCounts(enabled: boolean): Record<'pending' | 'reported', number | undefined> {
  const pending = useAdminTutors({ status: 'pending', sort: 'oldest', pageSize: 1 }, { enabled });
  const reported = useAdminReviews({ reported: 'true', pageSize: 1 }, { enabled });
  return { pending: pending.data?.total, reported: reported.data?.total };
}

/** "3" beside the entry; screen readers hear "Manage Submissions (3 pending)". */
function QueueBadge({ count, kind }: { count: number | undefined; kind: 'pending' | 'reported' }) {
  const { t } = useCommonText();
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-300 px-1.5 text-xs font-semibold text-amber-950"
      >
        {count > 99 ? t('adminNav.queueOverflow', { number: formatNumber(99) }) : formatNumber(count)}
      </span>
      <span className="sr-only">
        {kind === 'pending' ? t('adminNav.pending', { count }) : t('adminNav.reported', { count })}
      </span>
    </>
  );
}

const isCurrent = (item: NavigationItem, pathname: string) =>
  item.current.some((pattern) => matchPath(pattern, pathname) !== null);

const linkClass = (current: boolean) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-indigo-700 text-white' : 'text-indigo-100 hover:bg-indigo-800'} focus-visible:outline-white`;

export function AdminLayout() {
  const { t } = useCommonText();
  const { account, isPending } = useAccount();
  const siteName = useSiteName();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const queues = useQueueCounts(isAdmin(account));

  if (isPending) return <Spinner />;
  if (!account) return <Navigate to={paths.login} replace />;
  if (!isAdmin(account)) return <Navigate to={paths.home} replace />;

  // On narrow screens Escape folds the open menu and returns to its toggle, as a disclosure should.
  // Every control in the menu listens, since one of them has the focus.
  function handleMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !menuOpen) return;
    const toggle = toggleRef.current;
    if (!toggle || toggle.offsetParent === null) return;
    setMenuOpen(false);
    toggle.focus();
  }

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <SkipLink />
      {/* A landmark, so a phone's top bar is not content outside every region. */}
      <header className="flex items-center justify-between gap-3 bg-indigo-900 px-4 py-3 text-white lg:hidden">
        <div className="min-w-0">
          <span className="block font-bold">{t('adminNav.title')}</span>
          <span className="block truncate text-xs text-indigo-200">{siteName}</span>
        </div>
        <AccountLanguageControl
          account={account}
          compact
          labelClassName="text-white"
          className="ms-auto flex items-center"
        />
        <button
          ref={toggleRef}
          type="button"
          className="shrink-0 rounded-md border border-indigo-400 px-3 py-2 text-sm font-medium focus-visible:outline-white"
          aria-expanded={menuOpen}
          aria-controls="admin-panel"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? t('adminNav.closeMenu') : t('nav.menu')}
        </button>
      </header>
      <aside
        id="admin-panel"
        aria-label={t('adminNav.title')}
        className={`${menuOpen ? 'block' : 'hidden'} bg-indigo-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:overflow-y-auto`}
      >
        <div className="hidden px-5 py-5 lg:block">
          <h2 className="text-xl font-bold">{t('adminNav.title')}</h2>
          <p className="text-sm text-indigo-200">{siteName}</p>
        </div>
        <nav aria-label={t('adminNav.navLabel')} className="flex-1 px-3 pb-3">
          <ul className="space-y-1">
            {navigation.map((item) => {
              const current = isCurrent(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    // Review Management opens on its reported reviews while any wait.
                    to={item.queue === 'reported' && queues.reported ? `${item.to}?tab=reported` : item.to}
                    aria-current={current ? 'page' : undefined}
                    className={linkClass(current)}
                    onClick={() => setMenuOpen(false)}
                    onKeyDown={handleMenuKeyDown}
                  >
                    {item.label()}
                    {item.queue && <QueueBadge count={queues[item.queue]} kind={item.queue} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="space-y-1 border-t border-indigo-800 px-3 py-3">
          <Link
            to={paths.home}
            onKeyDown={handleMenuKeyDown}
            className="block rounded-md px-3 py-2 text-sm font-medium text-indigo-100 hover:bg-indigo-800 focus-visible:outline-white"
          >
            {t('adminNav.help')}
          </Link>
          <AccountThemeControl account={account} labelClassName="text-indigo-100" className="px-3 py-1.5" />
          {/* On a phone the top bar offers it already. */}
          <AccountLanguageControl
            account={account}
            labelClassName="text-indigo-100"
            className="hidden px-3 py-1.5 lg:block"
          />
          <LogoutButton
            onKeyDown={handleMenuKeyDown}
            className="block w-full rounded-md px-3 py-2 text-start text-sm font-medium text-indigo-100 hover:bg-indigo-800 focus-visible:outline-white"
          />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}

export { AdminLayout as Component };
