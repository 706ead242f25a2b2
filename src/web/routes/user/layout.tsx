import { useCallback, useMemo, useState } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { NavDisclosure } from '../../components/ui/nav-disclosure';
import { SkipLink } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { isAdmin, useAccount } from '../../lib/session';
import { EmailNotVerified } from '../../features/auth/components/email-not-verified';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { AccountThemeControl } from '../../features/account/components/account-theme-control';
import { AccountLanguageControl } from '../../features/account/components/account-language-control';
import {
  NotificationsMenuBadge,
  NotificationsNavLabel,
} from '../../features/notifications/components/notifications-nav-label';
import { usePublicSettings, useSiteName } from '../../features/settings/api/get-public-settings';
import { useCommonText } from '../../i18n/namespaces/common';
import type english from '../../i18n/locales/en/common.json';

type NavLabel = keyof (typeof english)['nav'];

interface NavItem {
  to: string;
  /** Its text in the common catalog's `nav`. */
  label: NavLabel;
  /** The paths (patterns) on which this entry is the current page. */
  current: string[];
}

const dashboard: NavItem = {
  to: paths.user.dashboard,
  label: 'dashboard',
  current: [paths.user.root, paths.user.dashboard],
};
const primary: NavItem[] = [
  dashboard,
  { to: paths.user.tutors, label: 'tutors', current: [paths.user.tutors, `${paths.user.tutorProfile()}/*`] },
  { to: paths.user.allReviews, label: 'allReviews', current: [paths.user.allReviews] },
];
// "Add Tutor" only on the empty form: editing a submission (/user/tutorform/:id) belongs to My Tutors.
const mine: NavItem[] = [
  { to: paths.user.myReviews, label: 'myReviews', current: [paths.user.myReviews, `${paths.user.submitReview()}/*`] },
  { to: paths.user.myTutors, label: 'myTutors', current: [paths.user.myTutors, `${paths.user.tutorForm}/:tutorId`] },
  { to: paths.user.tutorForm, label: 'addTutor', current: [paths.user.tutorForm, paths.user.addTeacher] },
];
const accountItems: NavItem[] = [
  { to: paths.user.profile, label: 'profile', current: [paths.user.profile] },
  { to: paths.user.statistics, label: 'statistics', current: [paths.user.statistics] },
];

const isCurrent = (item: NavItem, pathname: string) =>
  item.current.some((pattern) => matchPath(pattern, pathname) !== null);

const itemClass = (current: boolean) =>
  `flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700 hover:bg-slate-100'}`;

type OpenGroup = 'menu' | 'mine' | 'account' | null;

/**
 * Ten destinations in five places, so the bar fits a laptop's 1,000 pixels: Dashboard, Tutors,
 * All Reviews, the student's own things (Mine), Notifications, and the account. Below the md
 * breakpoint all of it sits behind Menu.
 */
export function UserLayout() {
  const { t } = useCommonText();
  const { account, isPending } = useAccount();
  const siteName = useSiteName();
  const sitePages = usePublicSettings().data?.sitePages;
  const { pathname } = useLocation();
  const [open, setOpen] = useState<OpenGroup>(null);
  const setGroupOpen = useCallback(
    (group: 'mine' | 'account') => (next: boolean) =>
      setOpen(next ? group : (current) => (current === group ? null : current)),
    [],
  );
  const onMineChange = useMemo(() => setGroupOpen('mine'), [setGroupOpen]);
  const onAccountChange = useMemo(() => setGroupOpen('account'), [setGroupOpen]);

  if (isPending) return <Spinner />;
  if (!account) return <Navigate to={paths.home} replace />;

  const close = () => setOpen(null);
  const link = (item: NavItem) => {
    const current = isCurrent(item, pathname);
    return (
      <li key={item.to}>
        <Link to={item.to} aria-current={current ? 'page' : undefined} className={itemClass(current)} onClick={close}>
          {t(`nav.${item.label}`)}
        </Link>
      </li>
    );
  };
  const notificationsCurrent = pathname === paths.user.notifications;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2.5 sm:px-6">
          <Link to={paths.home} className="text-lg font-semibold tracking-tight text-indigo-800">
            {siteName}
          </Link>
          <AccountLanguageControl
            account={account}
            compact
            className="ms-auto flex items-center md:order-last md:ms-0"
          />
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 md:hidden"
            aria-expanded={open !== null}
            aria-controls="user-navigation"
            onClick={() => setOpen((current) => (current === null ? 'menu' : null))}
          >
            {t('nav.menu')}
            <NotificationsMenuBadge enabled={account.emailVerified} />
          </button>
          <nav
            id="user-navigation"
            aria-label={t('nav.main')}
            className={`${open !== null ? 'block' : 'hidden'} absolute inset-x-0 top-full z-20 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white p-3 shadow md:static md:flex md:max-h-none md:flex-1 md:items-center md:justify-between md:overflow-visible md:border-0 md:p-0 md:shadow-none`}
          >
            <ul className="flex flex-col gap-1 md:flex-row md:items-center">
              {primary.map(link)}
              <li>
                <NavDisclosure
                  label={t('nav.mine')}
                  open={open === 'mine' || open === 'menu'}
                  onOpenChange={onMineChange}
                  current={mine.some((item) => isCurrent(item, pathname))}
                >
                  {mine.map(link)}
                </NavDisclosure>
              </li>
            </ul>
            <ul className="flex flex-col gap-1 md:flex-row md:items-center">
              {isAdmin(account) && (
                <li>
                  <Link to={paths.admin.root} className={itemClass(false)} onClick={close}>
                    {t('nav.adminConsole')}
                  </Link>
                </li>
              )}
              <li>
                <Link
                  to={paths.user.notifications}
                  aria-current={notificationsCurrent ? 'page' : undefined}
                  className={itemClass(notificationsCurrent)}
                  onClick={close}
                >
                  <NotificationsNavLabel enabled={account.emailVerified} compact />
                </Link>
              </li>
              <li>
                <NavDisclosure
                  label={t('nav.account')}
                  align="end"
                  open={open === 'account' || open === 'menu'}
                  onOpenChange={onAccountChange}
                  current={accountItems.some((item) => isCurrent(item, pathname))}
                >
                  <li className="hidden truncate px-3 pt-1 pb-2 text-xs text-slate-600 md:block" title={account.email}>
                    {account.email}
                  </li>
                  {accountItems.map(link)}
                  {/* Only once the menu is open does the select load. */}
                  {(open === 'account' || open === 'menu') && (
                    <li className="px-3 py-1.5">
                      <AccountThemeControl account={account} />
                    </li>
                  )}
                  <li>
                    <LogoutButton className="block w-full rounded-md px-3 py-2 text-start text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100" />
                  </li>
                </NavDisclosure>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it out of view (layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {account.emailVerified ? <Outlet /> : <EmailNotVerified email={account.email} />}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <nav
          aria-label={t('nav.footer')}
          className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-5 text-sm text-slate-700"
        >
          <Link to={paths.about} className="hover:underline">
            {t('nav.about')}
          </Link>
          {/* Each leads to its page once an administrator has written it, to /user until then (as the spec has it). */}
          <Link to={sitePages?.contact ? paths.contact : paths.user.root} className="hover:underline">
            {t('nav.contact')}
          </Link>
          <Link to={sitePages?.privacyPolicy ? paths.privacy : paths.user.root} className="hover:underline">
            {t('nav.privacyPolicy')}
          </Link>
          <Link to={sitePages?.termsOfService ? paths.terms : paths.user.root} className="hover:underline">
            {t('nav.termsOfService')}
          </Link>
          <span className="text-slate-600">
            © {new Date().getFullYear()} {siteName}
          </span>
        </nav>
      </footer>
    </div>
  );
}

export { UserLayout as Component };
